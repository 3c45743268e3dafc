import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import {
  createFeatureBody,
  createVersionBody,
  customizeFeaturesBody,
  ErrorCode,
  exhibitionIdOnlyQuery,
  feature as featureSchema,
  featureDisplay,
  featureDisplayParams,
  featureListQuery,
  cacheBuster,
  ok as okSchema,
  platformVersion as versionSchema,
  setVersionExhibitionBody,
  setVersionFeaturesBody,
  updateFeatureBody,
  updateVersionBody,
  versionExhibition,
  versionFeatures,
  versionIdQuery,
  versionQuery,
  type Feature,
  type PlatformVersion,
} from '@pavilion/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { effectiveKeys, featureKeysChanged, versionOfExhibition } from './service.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import { exhibitionFeature, exhibitionVersion, feature, platformVersion, versionFeature } from './tables.ts';
import { containing } from '../../db/like.ts';

type FeatureRow = typeof feature.$inferSelect;
type VersionRow = typeof platformVersion.$inferSelect;

export const toFeature = (r: FeatureRow): Feature => ({
  id: r.id,
  key: r.key,
  name: r.name,
  nameEn: r.nameEn,
  group: r.group,
  description: r.description,
  descriptionEn: r.descriptionEn,
  showIndex: r.showIndex,
  builtIn: r.builtIn,
  createAt: r.createdAt.toISOString(),
});
const toVersion = (r: VersionRow): PlatformVersion => ({ id: r.id, name: r.name, nameEn: r.nameEn, description: r.description, descriptionEn: r.descriptionEn, showIndex: r.showIndex, createAt: r.createdAt.toISOString() });
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== undefined && k !== 'id'));

const featureResource: Resource<FeatureRow, Feature> = {
  name: 'feature',
  table: feature,
  item: featureSchema,
  toItem: toFeature,
  permissions: { read: 'feature.read', write: 'version.manage' },
  unique: { feature_key_key: 'key' },
  create: {
    body: createFeatureBody,
    values: (b: z.infer<typeof createFeatureBody>) => ({ ...b, nameEn: b.nameEn ?? null, description: b.description ?? null, descriptionEn: b.descriptionEn ?? null, builtIn: false }),
  },
  update: {
    body: updateFeatureBody,
    values: async (b: z.infer<typeof updateFeatureBody>, _row: FeatureRow, { tx }: { tx: Executor }) => {
      await featureKeysChanged(tx); // the order of the keys follows showIndex
      return defined(b);
    },
  },
  async beforeDelete(row, { tx }) {
    if (row.builtIn) throw new AppError(ErrorCode.FeatureBuiltIn, { feature: row.key });
    const [{ n: inVersions } = { n: 0 }] = await tx.select({ n: count() }).from(versionFeature).where(eq(versionFeature.featureId, row.id));
    const [{ n: customised } = { n: 0 }] = await tx.select({ n: count() }).from(exhibitionFeature).where(eq(exhibitionFeature.featureId, row.id));
    if (inVersions + customised > 0) throw new AppError(ErrorCode.FeatureInUse, { feature: row.key });
  },
};

const versionResource: Resource<VersionRow, PlatformVersion> = {
  name: 'version',
  table: platformVersion,
  item: versionSchema,
  toItem: toVersion,
  permissions: { read: 'version.manage', write: 'version.manage' },
  unique: { platform_version_name_key: 'name' },
  query: {
    body: versionQuery,
    where: (q: z.infer<typeof versionQuery>) => [q.name ? ilike(platformVersion.name, containing(q.name)) : undefined],
  },
  create: { body: createVersionBody, values: (b: z.infer<typeof createVersionBody>) => ({ ...b, nameEn: b.nameEn ?? null, description: b.description ?? null, descriptionEn: b.descriptionEn ?? null }) },
  update: { body: updateVersionBody, values: (b: z.infer<typeof updateVersionBody>) => defined(b) },
  async beforeDelete(row, { tx }) {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(exhibitionVersion).where(eq(exhibitionVersion.versionId, row.id));
    if (n > 0) throw new AppError(ErrorCode.VersionInUse, { version: row.name });
  },
};

async function featuresOfVersion(db: Executor, versionId: string) {
  const rows = await db
    .select({ f: feature })
    .from(versionFeature)
    .innerJoin(feature, eq(feature.id, versionFeature.featureId))
    .where(eq(versionFeature.versionId, versionId))
    .orderBy(asc(feature.showIndex), asc(feature.key));
  return rows.map((r) => toFeature(r.f));
}

async function assertFeatures(db: Executor, ids: string[]) {
  if (!ids.length) return;
  const found = await db.select({ id: feature.id }).from(feature).where(inArray(feature.id, ids));
  if (found.length !== new Set(ids).size) throw notFound('feature');
}

export const versionRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['version'];

  mountResource(app, featureResource, [
    { method: 'POST', url: '/api/v3/version/feature', op: 'create', summary: 'Add a feature key (administrator); the key is unique and never changes' },
    { method: 'PUT', url: '/api/v3/version/feature', op: 'update', idFrom: 'body', summary: 'Change a feature (id in the body; only the fields sent)' },
    {
      method: 'DELETE',
      url: '/api/v3/version/feature',
      op: 'delete',
      idFrom: { query: 'featureId' },
      summary: 'Delete a feature; refused while a version or an exhibition uses it (4024) and for the built-in catalogue (4028)',
    },
  ]);
  mountResource(app, versionResource, [
    { method: 'POST', url: '/api/v3/version/query', op: 'query', summary: 'Versions, paged, by showIndex (administrator)' },
    { method: 'POST', url: '/api/v3/version', op: 'create', summary: 'Create a version (administrator); its features are set with version-feature/addorupdate' },
    { method: 'PATCH', url: '/api/v3/version', op: 'update' },
    { method: 'DELETE', url: '/api/v3/version', op: 'delete', summary: 'Delete a version; refused while exhibitions use it (4025)' },
  ]);

  r.get(
    '/api/v3/version/feature/list',
    {
      config: { permission: 'feature.read' },
      schema: { summary: 'Every feature key, by showIndex (optionally of one group)', tags, querystring: featureListQuery, response: { 200: okSchema(z.array(featureSchema)) } },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(feature)
        .where(request.query.group ? eq(feature.group, request.query.group) : undefined)
        .orderBy(asc(feature.showIndex), asc(feature.key));
      return ok(rows.map(toFeature));
    },
  );

  r.get(
    '/api/v3/version/version-feature',
    {
      config: { permission: 'version.manage' },
      schema: { summary: "A version's features (administrator)", tags, querystring: versionIdQuery, response: { 200: okSchema(versionFeatures) } },
    },
    async (request) => {
      const [v] = await db.select().from(platformVersion).where(eq(platformVersion.id, request.query.versionId));
      if (!v) throw notFound('version');
      return ok({ versionId: v.id, features: await featuresOfVersion(db, v.id) });
    },
  );

  r.post(
    '/api/v3/version/version-feature/addorupdate',
    {
      config: { permission: 'version.manage' },
      schema: { summary: "Set a version's features (replaces the set; administrator)", tags, body: setVersionFeaturesBody, response: { 200: okSchema(versionFeatures) } },
    },
    async (request) => {
      const { versionId } = request.body;
      const featureIds = [...new Set(request.body.featureIds)];
      const [v] = await db.select().from(platformVersion).where(eq(platformVersion.id, versionId));
      if (!v) throw notFound('version');
      await assertFeatures(db, featureIds);
      await db.transaction(async (tx) => {
        const before = (await featuresOfVersion(tx, versionId)).map((f) => f.key);
        await tx.delete(versionFeature).where(eq(versionFeature.versionId, versionId));
        if (featureIds.length) await tx.insert(versionFeature).values(featureIds.map((featureId) => ({ versionId, featureId })));
        await featureKeysChanged(tx);
        const after = (await featuresOfVersion(tx, versionId)).map((f) => f.key);
        await writeOpLog(tx, actorOf(request), { action: 'version.features.set', targetType: 'version', targetId: versionId, before: { keys: before }, after: { keys: after } });
      });
      return ok({ versionId, features: await featuresOfVersion(db, versionId) });
    },
  );

  type ExhibitionVersion = Awaited<ReturnType<typeof versionOfExhibition>>;
  /** Changes an exhibition's version or customisations and logs what `pick` shows of it before and after. */
  const changeExhibition = (
    request: FastifyRequest,
    ex: { id: string; hostId: string },
    action: string,
    pick: (v: ExhibitionVersion) => unknown,
    work: (tx: Executor) => Promise<void>,
  ) =>
    db.transaction(async (tx) => {
      const before = await versionOfExhibition(tx, ex.id);
      await work(tx);
      await featureKeysChanged(tx, ex.id);
      const after = await versionOfExhibition(tx, ex.id);
      await writeOpLog(tx, actorOf(request), { action, targetType: 'exhibition', targetId: ex.id, hostId: ex.hostId, before: pick(before), after: pick(after) });
    });

  r.post(
    '/api/v3/version/feature/customized/addorupdate',
    {
      config: { permission: 'version.manage' },
      schema: {
        summary: "Customise an exhibition's features on top of its version: enabled true adds, false removes, null drops the customisation (administrator)",
        tags,
        body: customizeFeaturesBody,
        response: { 200: okSchema(versionExhibition) },
      },
    },
    async (request) => {
      const { exhibitionId, items } = request.body;
      const ex = await reachableExhibition(db, userOf(request), exhibitionId);
      await assertFeatures(db, items.map((i) => i.featureId));
      await changeExhibition(request, ex, 'exhibition.features.customize', (v) => ({ customized: v.customized, keys: v.keys }), async (tx) => {
        for (const item of items) {
          if (item.enabled === null)
            await tx.delete(exhibitionFeature).where(and(eq(exhibitionFeature.exhibitionId, exhibitionId), eq(exhibitionFeature.featureId, item.featureId)));
          else
            await tx
              .insert(exhibitionFeature)
              .values({ exhibitionId, featureId: item.featureId, enabled: item.enabled })
              .onConflictDoUpdate({ target: [exhibitionFeature.exhibitionId, exhibitionFeature.featureId], set: { enabled: item.enabled, updatedAt: new Date() } });
        }
      });
      return ok(await versionOfExhibition(db, exhibitionId));
    },
  );

  r.get(
    '/api/v3/version/version-exhibition',
    {
      config: { permission: 'version.read' },
      schema: {
        summary: "An exhibition's version, customisations and effective keys (the administrator; the exhibition's host)",
        tags,
        querystring: exhibitionIdOnlyQuery,
        response: { 200: okSchema(versionExhibition) },
      },
    },
    async (request) => {
      await reachableExhibition(db, userOf(request), request.query.exhibitionId);
      return ok(await versionOfExhibition(db, request.query.exhibitionId));
    },
  );

  r.put(
    '/api/v3/version/version-exhibition',
    {
      config: { permission: 'version.manage' },
      schema: { summary: "Set an exhibition's version (null: none; administrator)", tags, body: setVersionExhibitionBody, response: { 200: okSchema(versionExhibition) } },
    },
    async (request) => {
      const { exhibitionId, versionId } = request.body;
      const ex = await reachableExhibition(db, userOf(request), exhibitionId);
      if (versionId) {
        const [v] = await db.select({ id: platformVersion.id }).from(platformVersion).where(eq(platformVersion.id, versionId));
        if (!v) throw notFound('version');
      }
      await changeExhibition(request, ex, 'exhibition.version.set', (v) => ({ versionId: v.versionId, versionName: v.versionName }), async (tx) => {
        if (versionId)
          await tx
            .insert(exhibitionVersion)
            .values({ exhibitionId, versionId })
            .onConflictDoUpdate({ target: exhibitionVersion.exhibitionId, set: { versionId, updatedAt: new Date() } });
        else await tx.delete(exhibitionVersion).where(eq(exhibitionVersion.exhibitionId, exhibitionId));
      });
      return ok(await versionOfExhibition(db, exhibitionId));
    },
  );

  r.get(
    '/api/v3/version/display/feature/exhibitionid/:id',
    {
      config: { permission: 'feature.display' },
      schema: {
        summary: "The exhibition's effective feature keys (the web's role menu): the administrator, the exhibition's host, its exhibitors",
        tags,
        params: featureDisplayParams,
        querystring: cacheBuster,
        response: { 200: okSchema(featureDisplay) },
      },
    },
    async (request) => {
      const id = request.params.id;
      await reachableExhibition(db, userOf(request), id);
      const [ev] = await db.select({ versionId: exhibitionVersion.versionId }).from(exhibitionVersion).where(eq(exhibitionVersion.exhibitionId, id));
      return ok({ exhibitionId: id, versionId: ev?.versionId ?? null, keys: await effectiveKeys(db, id) });
    },
  );
};

