import { and, asc, count, eq, ilike, isNull, max, or, type SQL } from 'drizzle-orm';
import {
  actionType as actionTypeSchema,
  actionTypeQuery,
  businessType as businessTypeSchema,
  cacheBuster,
  childKinds,
  cityChildrenQuery,
  cityPage,
  country as countrySchema,
  countryListQuery,
  countryQuery,
  createActionTypeBody,
  createBusinessTypeBody,
  createCountryBody,
  createRegionBody,
  ErrorCode,
  idQuery,
  ok as okSchema,
  page,
  productChannel as productChannelSchema,
  productChannelQuery,
  productTag as productTagSchema,
  productTagQuery,
  regionKindsOf,
  regionMatch,
  regionNode as regionNodeSchema,
  regionSearchQuery,
  regionTreeNode,
  toCityPage,
  toPage,
  updateActionTypeBody,
  updateBusinessTypeBody,
  updateCountryBody,
  updateRegionBody,
  type ProductTag,
  type RegionKind,
} from '@pavilion/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import type { Executor } from '../../db/client.ts';
import { exhibitionScope } from '../../auth/scope.ts';
import { productTagScope } from './scope.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { notModified } from '../../http/cache.ts';
import { exhibition } from '../exhibition/tables.ts';
import { createReferenceCache } from './cache.ts';
import { normalizeLatin } from './directory/directory.ts';
import { referenceService } from './service.ts';
import { fieldError } from '../../http/errors.ts';
import type { SerialisedAnswer } from './snapshot.ts';
import { actionType, businessType, productChannel, productTag, region } from './tables.ts';
import { containing } from '../../db/like.ts';

const tags = ['reference'];
const pub = { public: true } as const;
const read = { permission: 'reference.read', clients: true } as const;
const manage = { permission: 'reference.manage' } as const;
const done = okSchema(z.boolean());

/**
 * Answers a body serialised (and gzipped) once per cache generation: the trees are large, change
 * rarely, and would otherwise be validated, serialised and compressed again for every caller.
 * The same for everyone, so any cache may keep them; it asks again each time (ETag, 304).
 */
function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: SerialisedAnswer) {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding').header('cache-control', 'public, no-cache');
  if (notModified(request, reply, answer.etag)) return reply;
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(answer.gzip() as never);
  return reply.send(answer.text as never);
}

type RegionResource = 'region' | 'country' | 'city';
type NamedResource = 'actionType' | 'businessType';

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const cache = createReferenceCache(app.deps.shared, app.log);
  const unlisten = await cache.listen();
  app.addHook('onClose', async () => unlisten());
  const svc = referenceService(db, cache);

  // ---- the directory: reads (public: the anonymous settling and registration pages need them) ----

  app.get(
    '/api/Region/GetListAndChildren',
    { config: pub, schema: { summary: 'The whole location directory as a tree (children under `lists`): International → continents → countries, Chinese Mainland → macro-regions → provinces → cities → districts', tags, querystring: cacheBuster, response: { 200: okSchema(z.array(regionTreeNode)) } } },
    async (request, reply) => sendAnswer(request, reply, (await svc.regions()).wholeTree()),
  );

  app.get(
    '/api/City/GetListAndChildren',
    { config: pub, schema: { summary: 'The province / city / district cascade: the 34 province-level divisions with their cities and districts under `lists`', tags, querystring: cacheBuster, response: { 200: okSchema(z.array(regionTreeNode)) } } },
    async (request, reply) => sendAnswer(request, reply, (await svc.regions()).cityTree()),
  );

  app.get(
    '/api/City/GetByParentId',
    {
      config: pub,
      schema: {
        summary: 'Children of any directory node, paged, each saying whether it has children (lazy pickers); without parentId the 34 province-level divisions',
        tags,
        querystring: cityChildrenQuery,
        response: { 200: okSchema(cityPage(regionNodeSchema)) },
      },
    },
    async (request) => {
      const snap = await svc.regions();
      const { parentId } = request.query;
      if (parentId && !snap.get(parentId)) throw notFound('region');
      const rows = parentId ? snap.childrenOf(parentId) : snap.provinces();
      return ok(toCityPage(rows.map((r) => snap.node(r)), request.query));
    },
  );

  app.get(
    '/api/City/Search',
    { config: pub, schema: { summary: 'Chinese Mainland provinces, cities and districts by Chinese, pinyin (full or initials) or English name, best first, each with its path for the cascade', tags, querystring: regionSearchQuery, response: { 200: okSchema(z.array(regionMatch)) } } },
    async (request) => ok((await svc.regions()).search(request.query.keyword, request.query.limit)),
  );

  const countryList = {
    config: pub,
    schema: { summary: 'Every country with its dialling code, flag class and continent (the Chinese Mainland group carries 86 and is not a country)', tags, querystring: countryListQuery, response: { 200: okSchema(z.array(countrySchema)) } },
  };
  for (const path of ['/api/v1/country/countries', '/api/Country/GetList'])
    app.get(path, countryList, async (request, reply) => {
      const snap = await svc.regions();
      const { continentId } = request.query;
      return continentId ? ok(snap.countries().filter((c) => c.continentId === continentId)) : sendAnswer(request, reply, snap.countriesAnswer());
    });

  app.post(
    '/api/v1/country/find',
    { config: pub, schema: { summary: 'Countries by part of the Chinese or English name, exact dialling code ("44" or "+44") or continent, paged', tags, body: countryQuery, response: { 200: okSchema(page(countrySchema)) } } },
    async (request) => {
      const q = request.body;
      const name = q.name?.toLowerCase();
      const latin = q.name ? normalizeLatin(q.name) : '';
      const code = q.code?.replace(/^\+/, '');
      const found = (await svc.regions())
        .countries()
        .filter(
          (c) =>
            (!name || c.name.toLowerCase().includes(name) || (latin !== '' && normalizeLatin(c.nameEn).includes(latin))) &&
            (!code || c.code === code) &&
            (!q.continentId || c.continentId === q.continentId),
        );
      const start = (q.pageIndex - 1) * q.pageSize;
      return ok(toPage(found.slice(start, start + q.pageSize), found.length, q));
    },
  );

  // ---- the directory: administration (role 2). One set of handlers, three families of kinds ----

  const kindsOf = (res: RegionResource): readonly RegionKind[] => regionKindsOf[res];

  /** The group rule of part 2 §3: only a group of directly administered divisions has no name. */
  const checkNames = (kind: RegionKind, name: string | null, nameEn: string | null) => {
    if (kind === 'group') {
      if (name !== null) throw fieldError('name', 'invalid');
      if (nameEn !== null) throw fieldError('nameEn', 'invalid');
    } else if (name === null) throw fieldError('name', 'required');
  };

  for (const [res, base] of [
    ['region', '/api/Region'],
    ['city', '/api/City'],
  ] as const) {
    const kinds = kindsOf(res);
    app.post(
      base,
      { config: manage, schema: { summary: `Create a ${kinds.join(', ')} node (administrator)`, tags, body: createRegionBody, response: { 200: okSchema(regionNodeSchema) } } },
      async (request) => {
        const b = request.body;
        const row = await svc.change(actorOf(request), async (tx, log) => {
          const parent = b.parentId ? ((await svc.lockRegion(tx, b.parentId)) ?? null) : null;
          if (b.parentId && !parent) throw fieldError('parentId', 'invalid');
          const allowed = childKinds[(parent?.kind as RegionKind | undefined) ?? 'root'].filter((k) => kinds.includes(k));
          if (!allowed.length) throw fieldError('parentId', 'invalid');
          const kind = b.kind ?? (await svc.defaultKind(tx, parent, allowed, b.name));
          if (!allowed.includes(kind)) throw fieldError('kind', 'enum', { options: allowed.join(', ') });
          const nameEn = b.nameEn ?? null;
          checkNames(kind, b.name, nameEn);
          const showIndex = b.showIndex ?? (await svc.nextRegionIndex(tx, parent?.id ?? null));
          const [created] = await tx.insert(region).values({ parentId: parent?.id ?? null, kind, name: b.name, nameEn, code: b.code ?? null, showIndex }).returning();
          await log({ action: `${res}.create`, targetType: res, targetId: created!.id, after: svc.logged(created!), plain: ['code'] });
          return created!;
        });
        return ok(svc.regionNode(row, false));
      },
    );

    app.put(
      base,
      { config: manage, schema: { summary: `Change a ${kinds.join(', ')} node; parentId moves it (administrator)`, tags, body: updateRegionBody, response: { 200: okSchema(regionNodeSchema) } } },
      async (request) => {
        const b = request.body;
        const { row, hasChildren } = await svc.change(actorOf(request), async (tx, log) => {
          const before = await svc.lockRegion(tx, b.id, kinds);
          if (!before) throw notFound(res);
          const kind = before.kind as RegionKind;
          let parentId = before.parentId;
          if (b.parentId !== undefined && b.parentId !== before.parentId) {
            const parent = b.parentId ? ((await svc.lockRegion(tx, b.parentId)) ?? null) : null;
            if (b.parentId && !parent) throw fieldError('parentId', 'invalid');
            if (!childKinds[(parent?.kind as RegionKind | undefined) ?? 'root'].includes(kind)) throw fieldError('parentId', 'invalid');
            parentId = parent?.id ?? null;
          }
          const name = b.name !== undefined ? b.name : before.name;
          const nameEn = b.nameEn !== undefined ? b.nameEn : before.nameEn;
          checkNames(kind, name, nameEn);
          const [after] = await tx
            .update(region)
            .set({ parentId, name, nameEn, ...(b.code !== undefined ? { code: b.code } : {}), ...(b.showIndex !== undefined ? { showIndex: b.showIndex } : {}) })
            .where(eq(region.id, before.id))
            .returning();
          await log({ action: `${res}.update`, targetType: res, targetId: before.id, before: svc.logged(before), after: svc.logged(after!), plain: ['code'] });
          return { row: after!, hasChildren: await svc.hasLiveChildren(tx, before.id) };
        });
        return ok(svc.regionNode(row, hasChildren));
      },
    );
  }

  app.post(
    '/api/Country',
    { config: manage, schema: { summary: 'Create a country under a continent (administrator)', tags, body: createCountryBody, response: { 200: okSchema(regionNodeSchema) } } },
    async (request) => {
      const b = request.body;
      const row = await svc.change(actorOf(request), async (tx, log) => {
        const continent = await svc.lockRegion(tx, b.continentId, ['continent']);
        if (!continent) throw fieldError('continentId', 'invalid');
        const showIndex = b.showIndex ?? (await svc.nextRegionIndex(tx, continent.id));
        const [created] = await tx
          .insert(region)
          .values({ parentId: continent.id, kind: 'country', name: b.name, nameEn: b.nameEn, code: b.code, param: b.param, showIndex })
          .returning();
        await log({ action: 'country.create', targetType: 'country', targetId: created!.id, after: svc.logged(created!), plain: ['code'] });
        return created!;
      });
      return ok(svc.regionNode(row, false));
    },
  );

  app.put(
    '/api/Country',
    { config: manage, schema: { summary: 'Change a country; continentId moves it (administrator)', tags, body: updateCountryBody, response: { 200: okSchema(regionNodeSchema) } } },
    async (request) => {
      const b = request.body;
      const row = await svc.change(actorOf(request), async (tx, log) => {
        const before = await svc.lockRegion(tx, b.id, ['country']);
        if (!before) throw notFound('country');
        if (b.continentId && b.continentId !== before.parentId && !(await svc.lockRegion(tx, b.continentId, ['continent'])))
          throw fieldError('continentId', 'invalid');
        const { id: _id, continentId, ...fields } = b;
        const [after] = await tx
          .update(region)
          .set({ ...fields, ...(continentId ? { parentId: continentId } : {}), updatedAt: new Date() })
          .where(eq(region.id, before.id))
          .returning();
        await log({ action: 'country.update', targetType: 'country', targetId: before.id, before: svc.logged(before), after: svc.logged(after!), plain: ['code'] });
        return after!;
      });
      return ok(svc.regionNode(row, false));
    },
  );

  for (const [res, base] of [
    ['region', '/api/Region'],
    ['country', '/api/Country'],
    ['city', '/api/City'],
  ] as const) {
    app.delete(
      base,
      { config: manage, schema: { summary: `Delete a ${kindsOf(res).join(', ')} node; refused (4020) while it has children (administrator)`, tags, querystring: idQuery, response: { 200: done } } },
      async (request) => {
        await svc.change(actorOf(request), async (tx, log) => {
          const row = await svc.lockRegion(tx, request.query.id, kindsOf(res));
          if (!row) throw notFound(res);
          if (await svc.hasLiveChildren(tx, row.id)) throw new AppError(ErrorCode.HasChildren, { what: res });
          await tx.update(region).set({ deletedAt: new Date() }).where(eq(region.id, row.id));
          await log({ action: `${res}.delete`, targetType: res, targetId: row.id, before: svc.logged(row), plain: ['code'] });
        });
        return ok(true);
      },
    );
  }

  // ---- action types and business types: one flat list each, same handlers ----

  type NamedRow = typeof actionType.$inferSelect | typeof businessType.$inferSelect;
  const named = {
    actionType: { table: actionType, base: '/api/actionType', item: actionTypeSchema, create: createActionTypeBody, update: updateActionTypeBody, label: 'action type' },
    businessType: { table: businessType, base: '/api/BusinessType', item: businessTypeSchema, create: createBusinessTypeBody, update: updateBusinessTypeBody, label: 'business type' },
  } as const;
  const toNamed = (r: NamedRow) => ({ id: r.id, name: r.name, nameEn: r.nameEn, showIndex: r.showIndex, ...('typeId' in r ? { typeId: r.typeId } : {}) });
  const loggedNamed = (r: NamedRow) => {
    const { createdAt: _c, updatedAt: _u, deletedAt: _d, id: _id, ...rest } = r;
    return rest;
  };

  app.get(
    '/api/actionType/GetList',
    { config: read, schema: { summary: 'Action types, of one group when typeId is given (1 activity types, 2 visit purposes)', tags, querystring: actionTypeQuery, response: { 200: okSchema(z.array(actionTypeSchema)) } } },
    async (request) => {
      const rows = await cache.get('actionTypes', () => svc.liveList(actionType));
      const { typeId } = request.query;
      return ok(rows.filter((r) => typeId === undefined || r.typeId === typeId).map(toNamed) as z.infer<typeof actionTypeSchema>[]);
    },
  );

  app.get(
    '/api/BusinessType/GetList',
    { config: read, schema: { summary: 'Business types of companies (manufacturer, distributor …)', tags, querystring: cacheBuster, response: { 200: okSchema(z.array(businessTypeSchema)) } } },
    async () => ok((await cache.get('businessTypes', () => svc.liveList(businessType))).map(toNamed)),
  );

  for (const res of ['actionType', 'businessType'] as const satisfies NamedResource[]) {
    const spec = named[res];
    // typed as the business type table: the action type table has the same columns plus type_id
    const table = spec.table as typeof businessType;
    const group = (typeId: number | undefined): SQL | undefined => (typeId !== undefined && res === 'actionType' ? eq(actionType.typeId, typeId) : undefined);
    const nextIndex = async (tx: Executor, typeId: number | undefined) => {
      const [row] = await tx.select({ top: max(table.showIndex) }).from(table).where(and(isNull(table.deletedAt), group(typeId)));
      return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
    };

    app.post(
      spec.base,
      { config: manage, schema: { summary: `Create a ${spec.label} (administrator)`, tags, body: spec.create, response: { 200: okSchema(spec.item) } } },
      async (request) => {
        const b = request.body as z.infer<typeof createActionTypeBody>;
        const row = await svc.change(actorOf(request), async (tx, log) => {
          const showIndex = b.showIndex ?? (await nextIndex(tx, b.typeId));
          const [created] = await tx
            .insert(table)
            .values({ ...b, nameEn: b.nameEn ?? null, showIndex } as typeof businessType.$inferInsert)
            .returning();
          await log({ action: `${res}.create`, targetType: res, targetId: created!.id, after: loggedNamed(created!) });
          return created!;
        });
        return ok(toNamed(row) as never);
      },
    );

    app.put(
      spec.base,
      { config: manage, schema: { summary: `Change a ${spec.label} (administrator)`, tags, body: spec.update, response: { 200: okSchema(spec.item) } } },
      async (request) => {
        const { id, ...fields } = request.body as z.infer<typeof updateActionTypeBody>;
        const row = await svc.change(actorOf(request), async (tx, log) => {
          const [before] = await tx.select().from(table).where(and(eq(table.id, id), isNull(table.deletedAt))).for('update');
          if (!before) throw notFound(res);
          const [after] = await tx.update(table).set({ ...fields, updatedAt: new Date() }).where(eq(table.id, id)).returning();
          await log({ action: `${res}.update`, targetType: res, targetId: id, before: loggedNamed(before), after: loggedNamed(after!) });
          return after!;
        });
        return ok(toNamed(row) as never);
      },
    );

    app.delete(
      spec.base,
      { config: manage, schema: { summary: `Delete a ${spec.label} (administrator)`, tags, querystring: idQuery, response: { 200: done } } },
      async (request) => {
        await svc.change(actorOf(request), async (tx, log) => {
          const [before] = await tx.select().from(table).where(and(eq(table.id, request.query.id), isNull(table.deletedAt))).for('update');
          if (!before) throw notFound(res);
          await tx.update(table).set({ deletedAt: new Date() }).where(eq(table.id, before.id));
          await log({ action: `${res}.delete`, targetType: res, targetId: before.id, before: loggedNamed(before) });
        });
        return ok(true);
      },
    );
  }

  // ---- product channels and tags ----

  app.post(
    '/api/v1/prochannel/find',
    { config: read, schema: { summary: 'Product channels, by part of the Chinese or English name, paged', tags, body: productChannelQuery, response: { 200: okSchema(page(productChannelSchema)) } } },
    async (request) => {
      const q = request.body;
      const like = q.name ? containing(q.name) : null;
      const where = and(isNull(productChannel.deletedAt), like ? or(ilike(productChannel.name, like), ilike(productChannel.nameEn, like)) : undefined);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(productChannel).where(where);
      const rows = await db
        .select()
        .from(productChannel)
        .where(where)
        .orderBy(asc(productChannel.showIndex), asc(productChannel.name))
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize);
      return ok(toPage(rows.map(toNamed), total, q));
    },
  );

  app.get(
    '/api/v1/protag/getbyexhibitionid',
    { config: { permission: 'productTag.read' }, schema: { summary: "An exhibition's product tags as a tree (children under `children`)", tags, querystring: productTagQuery, response: { 200: okSchema(z.array(productTagSchema)) } } },
    async (request) => {
      const me = userOf(request);
      const { exhibitionId } = request.query;
      const [visible] = await db.select({ id: exhibition.id }).from(exhibition).where(and(exhibitionScope(me), eq(exhibition.id, exhibitionId)));
      if (!visible) throw notFound('exhibition');
      const rows = await db
        .select()
        .from(productTag)
        .where(and(productTagScope(me), eq(productTag.exhibitionId, exhibitionId)))
        .orderBy(asc(productTag.showIndex), asc(productTag.name));
      const byParent = new Map<string | null, typeof rows>();
      for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
      const ids = new Set(rows.map((r) => r.id));
      const build = (r: (typeof rows)[number]): ProductTag => ({
        id: r.id,
        exhibitionId: r.exhibitionId,
        parentId: r.parentId,
        name: r.name,
        nameEn: r.nameEn,
        showIndex: r.showIndex,
        children: (byParent.get(r.id) ?? []).map(build),
      });
      // roots: no parent, or a parent that is gone
      return ok(rows.filter((r) => r.parentId === null || !ids.has(r.parentId)).map(build));
    },
  );
};
