import { and, eq, isNull } from 'drizzle-orm';
import {
  advisorySettings,
  advisorySettingsPatch,
  createSettingBody,
  ErrorCode,
  exhibitionIdQuery,
  exhibitionSettings,
  exhibitionSettingsAnswer,
  exhibitionSettingsPatch,
  exhibitorIdQuery,
  exhibitorRankingRule,
  exhibitorSettings,
  exhibitorSettingsPatch,
  formControl,
  formControlQuery,
  idQuery,
  ok as okSchema,
  patchSettingBody,
  putExhibitorRankingRule,
  productRankingRules,
  rankingRules,
  Role,
  setting as settingSchema,
  settingByQuery,
  SettingType,
  type Setting,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitorScope } from '../../auth/scope.ts';
import { settingScope } from './scope.ts';
import type { Executor } from '../../db/client.ts';
import { fieldError, forbidden, notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { exhibition } from '../exhibition/tables.ts';
import { visibleExhibition, writableExhibition } from '../exhibition/service.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { host } from '../host/tables.ts';
import { readVisibleForm } from '../form/service.ts';
import { settingChanged, getAdvisorySettings, getExhibitionSettings, getExhibitorRankingRule, getExhibitorSettings, mergePatch, readSettingRow, saveSettings, settingNames, withDefaults } from './service.ts';
import { setting } from './tables.ts';

const tags = ['settings'];
type SettingRow = typeof setting.$inferSelect;

/** The typed rows: their values are checked against the contract and read with its defaults. */
const typed: Record<string, { patch: z.ZodType; full: z.ZodType }> = {
  [`${SettingType.Exhibition}:${settingNames.exhibition}`]: { patch: exhibitionSettingsPatch, full: exhibitionSettings },
  [`${SettingType.Advisory}:${settingNames.advisory}`]: { patch: advisorySettingsPatch, full: advisorySettings },
  [`${SettingType.Exhibitor}:${settingNames.exhibitor}`]: { patch: exhibitorSettingsPatch, full: exhibitorSettings },
  [`${SettingType.RankingRule}:${settingNames.rankingRule}`]: { patch: z.strictObject({ rules: rankingRules, productRules: productRankingRules.optional() }), full: z.object({ rules: rankingRules }) },
};
const typedOf = (type: number, name: string) => typed[`${type}:${name}`];

const toSetting = (r: SettingRow): Setting => {
  const t = typedOf(r.type, r.name);
  return {
    id: r.id,
    type: r.type,
    scope: r.scope,
    name: r.name,
    displayName: r.displayName,
    value: t && r.type !== SettingType.RankingRule ? withDefaults(t.full, r.value) : r.value,
    exhibitionId: r.exhibitionId,
    exhibitorId: r.exhibitorId,
    hostId: r.hostId,
    createAt: r.createdAt.toISOString(),
    updateAt: r.updatedAt.toISOString(),
  };
};

/** A typed row's value that does not fit its schema: 400 naming the key under `value`. */
function valueError(request: FastifyRequest, issue: z.core.$ZodIssue | undefined) {
  const path = ['value', ...(issue?.path ?? []).map(String)];
  if (issue?.code === 'unrecognized_keys') return fieldError([...path, issue.keys[0]].join('.'), 'unknown');
  return fieldError(path.join('.'), 'invalid');
}

const UUID_AT_START = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;
type Tenant = { hostId: string | null; exhibitionId: string | null; exhibitorId: string | null };

/**
 * The tenant a settings scope names (an exhibition, an exhibitor or a host id at its start, as in
 * "<exhibitionId>" or "<exhibitionId>_6"), checked against the principal: another tenant's is 404.
 * A scope naming none is platform-wide: readable by all, written by the administrator.
 */
async function tenantOfScope(db: Executor, p: UserPrincipal, scope: string, purpose: 'read' | 'write'): Promise<Tenant> {
  const uuid = UUID_AT_START.exec(scope)?.[1]?.toLowerCase();
  if (uuid) {
    const [exh] = await db.select({ id: exhibition.id, hostId: exhibition.hostId }).from(exhibition).where(and(eq(exhibition.id, uuid), isNull(exhibition.deletedAt)));
    if (exh) {
      await (purpose === 'read' ? visibleExhibition : writableExhibition)(db, p, exh.id);
      return { hostId: exh.hostId, exhibitionId: exh.id, exhibitorId: null };
    }
    const [ex] = await db.select({ id: exhibitor.id, exhibitionId: exhibitor.exhibitionId }).from(exhibitor).where(and(eq(exhibitor.id, uuid), exhibitorScope(p)));
    if (ex) return { hostId: null, exhibitionId: ex.exhibitionId, exhibitorId: ex.id };
    const [h] = await db.select({ id: host.id }).from(host).where(and(eq(host.id, uuid), isNull(host.deletedAt)));
    if (h) {
      if (p.role !== Role.Admin && !p.hostIds.includes(h.id)) throw notFound('setting');
      return { hostId: h.id, exhibitionId: null, exhibitorId: null };
    }
    const [anyExhibitor] = await db.select({ id: exhibitor.id }).from(exhibitor).where(eq(exhibitor.id, uuid));
    if (anyExhibitor) throw notFound('setting');
  }
  if (purpose === 'write' && p.role !== Role.Admin) throw forbidden();
  return { hostId: null, exhibitionId: null, exhibitorId: null };
}

/** The exhibitor, if the principal may see it (an exhibitor: itself; a host: those of its exhibitions). */
async function visibleExhibitor(db: Executor, p: UserPrincipal, exhibitorId: string) {
  const [row] = await db.select({ id: exhibitor.id, exhibitionId: exhibitor.exhibitionId }).from(exhibitor).where(and(eq(exhibitor.id, exhibitorId), exhibitorScope(p)));
  if (!row) throw notFound('exhibitor');
  return row;
}

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  const exhibitionAnswer = async (exhibitionId: string) => ({
    ...(await getExhibitionSettings(db, exhibitionId)),
    settingName: settingNames.exhibition,
    settingScope: exhibitionId,
    settingType: SettingType.Exhibition,
  });

  app.get(
    '/api/v1/settings/exhibition',
    { config: { permission: 'settings.read' }, schema: { summary: "An exhibition's configuration: every key of part 1 §3, defaults where unset", tags, querystring: exhibitionIdQuery, response: { 200: okSchema(exhibitionSettingsAnswer) } } },
    async (request) => {
      await visibleExhibition(db, userOf(request), request.query.exhibitionId);
      return ok(await exhibitionAnswer(request.query.exhibitionId));
    },
  );

  app.put(
    '/api/v1/settings/exhibition/patch',
    {
      config: { permission: 'settings.manage' },
      schema: { summary: 'Change any subset of the configuration (nested objects merge); an unknown key or a wrong type is refused by name', tags, querystring: exhibitionIdQuery, body: exhibitionSettingsPatch, response: { 200: okSchema(exhibitionSettingsAnswer) } },
    },
    async (request) => {
      const p = userOf(request);
      const { exhibitionId } = request.query;
      await db.transaction(async (tx) => {
        const exh = await writableExhibition(tx, p, exhibitionId);
        const patch = request.body as Record<string, unknown>;
        await saveSettings(tx, actorOf(request), 'exhibition', { exhibitionId, hostId: exh.hostId }, (stored) => mergePatch(stored, patch), {
          after: patch,
          logBefore: (stored) => Object.fromEntries(Object.keys(patch).map((k) => [k, stored?.[k] ?? null])),
        });
      });
      return ok(await exhibitionAnswer(exhibitionId));
    },
  );

  app.get(
    '/api/v1/settings/by',
    { config: { permission: 'settings.read' }, schema: { summary: 'One settings row by type, scope and name (null when never saved); typed rows carry their defaults', tags, querystring: settingByQuery, response: { 200: okSchema(settingSchema.nullable()) } } },
    async (request) => {
      const p = userOf(request);
      const { type, scope, name } = request.query;
      await tenantOfScope(db, p, scope, 'read');
      const [row] = await db.select().from(setting).where(and(settingScope(p, 'read'), eq(setting.type, type), eq(setting.scope, scope), eq(setting.name, name)));
      return ok(row ? toSetting(row) : null);
    },
  );

  app.post(
    '/api/v1/settings',
    { config: { permission: 'settings.manage' }, schema: { summary: 'Create a settings row; its scope decides whose it is (platform-wide rows: administrator); 409 when it exists', tags, body: createSettingBody, response: { 200: okSchema(settingSchema) } } },
    async (request) => {
      const p = userOf(request);
      const body = request.body;
      const t = typedOf(body.type, body.name);
      const checked = t ? t.patch.safeParse(body.value) : null;
      if (checked && !checked.success) throw valueError(request, checked.error.issues[0]);
      const row = await db.transaction(async (tx) => {
        const tenant = await tenantOfScope(tx, p, body.scope, 'write');
        if (await readSettingRow(tx, body)) throw fieldError('name', 'taken', {}, ErrorCode.Conflict);
        const [created] = await tx.insert(setting).values({ type: body.type, scope: body.scope, name: body.name, displayName: body.displayName ?? null, value: checked ? checked.data : body.value, ...tenant }).returning();
        await settingChanged(tx, body);
        await writeOpLog(tx, actorOf(request), { action: 'settings.create', targetType: 'setting', targetId: created!.id, hostId: tenant.hostId, after: created });
        return created!;
      });
      return ok(toSetting(row));
    },
  );

  app.patch(
    '/api/v1/settings',
    {
      config: { permission: 'settings.manage' },
      schema: { summary: "Change a settings row: a typed row's value merges (checked against its keys), a free row's is replaced", tags, querystring: idQuery, body: patchSettingBody, response: { 200: okSchema(settingSchema) } },
    },
    async (request) => {
      const p = userOf(request);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(setting).where(and(settingScope(p, 'write'), eq(setting.id, request.query.id)));
        if (!before) throw notFound('setting');
        const values: Partial<SettingRow> = {};
        if (request.body.displayName !== undefined) values.displayName = request.body.displayName;
        if (request.body.value !== undefined) {
          const t = typedOf(before.type, before.name);
          if (t) {
            const checked = t.patch.safeParse(request.body.value);
            if (!checked.success) throw valueError(request, checked.error.issues[0]);
            values.value = before.type === SettingType.RankingRule ? checked.data : mergePatch(before.value, checked.data as Record<string, unknown>);
          } else values.value = request.body.value;
        }
        const [after] = Object.keys(values).length ? await tx.update(setting).set(values).where(eq(setting.id, before.id)).returning() : [before];
        await settingChanged(tx, before);
        await writeOpLog(tx, actorOf(request), { action: 'settings.update', targetType: 'setting', targetId: before.id, hostId: before.hostId, before: { displayName: before.displayName, value: before.value }, after: values });
        return after!;
      });
      return ok(toSetting(row));
    },
  );

  app.get(
    '/api/v1/settings/advisory',
    { config: { permission: 'settings.read' }, schema: { summary: "The exhibition's advisory (news) section settings, defaults where unset", tags, querystring: exhibitionIdQuery, response: { 200: okSchema(advisorySettings) } } },
    async (request) => {
      await visibleExhibition(db, userOf(request), request.query.exhibitionId);
      return ok(await getAdvisorySettings(db, request.query.exhibitionId));
    },
  );

  app.put(
    '/api/v1/settings/advisory',
    { config: { permission: 'settings.manage' }, schema: { summary: 'Change any subset of the advisory settings', tags, querystring: exhibitionIdQuery, body: advisorySettingsPatch, response: { 200: okSchema(advisorySettings) } } },
    async (request) => {
      const p = userOf(request);
      const { exhibitionId } = request.query;
      await db.transaction(async (tx) => {
        const exh = await writableExhibition(tx, p, exhibitionId);
        const patch = request.body as Record<string, unknown>;
        await saveSettings(tx, actorOf(request), 'advisory', { exhibitionId, hostId: exh.hostId }, (stored) => mergePatch(stored, patch), { after: patch });
      });
      return ok(await getAdvisorySettings(db, exhibitionId));
    },
  );

  app.get(
    '/api/v1/settings/exhibitor',
    { config: { permission: 'exhibitorSettings.read' }, schema: { summary: "An exhibitor's own settings (the exhibitor itself, or the host of its exhibition), defaults where unset", tags, querystring: exhibitorIdQuery, response: { 200: okSchema(exhibitorSettings) } } },
    async (request) => {
      await visibleExhibitor(db, userOf(request), request.query.exhibitorId);
      return ok(await getExhibitorSettings(db, request.query.exhibitorId));
    },
  );

  app.put(
    '/api/v1/settings/exhibitor/patch',
    { config: { permission: 'exhibitorSettings.update' }, schema: { summary: "Change any subset of an exhibitor's settings (the exhibitor itself, or the host of its exhibition)", tags, querystring: exhibitorIdQuery, body: exhibitorSettingsPatch, response: { 200: okSchema(exhibitorSettings) } } },
    async (request) => {
      const p = userOf(request);
      const { exhibitorId } = request.query;
      await db.transaction(async (tx) => {
        const ex = await visibleExhibitor(tx, p, exhibitorId);
        const [exh] = await tx.select({ hostId: exhibition.hostId }).from(exhibition).where(eq(exhibition.id, ex.exhibitionId));
        const patch = request.body as Record<string, unknown>;
        await saveSettings(tx, actorOf(request), 'exhibitor', { exhibitionId: ex.exhibitionId, exhibitorId, hostId: exh?.hostId ?? null }, (stored) => mergePatch(stored, patch), { after: patch });
      });
      return ok(await getExhibitorSettings(db, exhibitorId));
    },
  );

  app.get(
    '/api/v3/exhibitorrankingrule',
    { config: { permission: 'settings.read' }, schema: { summary: "How the exhibition's exhibitors are ordered on public lists (rules applied in turn)", tags, querystring: exhibitionIdQuery, response: { 200: okSchema(exhibitorRankingRule) } } },
    async (request) => {
      await visibleExhibition(db, userOf(request), request.query.exhibitionId);
      return ok(await getExhibitorRankingRule(db, request.query.exhibitionId));
    },
  );

  app.put(
    '/api/v3/exhibitorrankingrule',
    { config: { permission: 'settings.manage' }, schema: { summary: 'Replace the ranking rules of the exhibition named in the body (product rules too when given); a field appears once. The public exhibitor and product lists follow them at once (docs/ranking.md)', tags, body: putExhibitorRankingRule, response: { 200: okSchema(exhibitorRankingRule) } } },
    async (request) => {
      const p = userOf(request);
      const { exhibitionId, rules, productRules } = request.body;
      await db.transaction(async (tx) => {
        const exh = await writableExhibition(tx, p, exhibitionId);
        const after = productRules ? { rules, productRules } : { rules };
        await saveSettings(tx, actorOf(request), 'rankingRule', { exhibitionId, hostId: exh.hostId }, (stored) => ({ ...(stored as object), ...after }), { after });
      });
      return ok(await getExhibitorRankingRule(db, exhibitionId));
    },
  );

  app.get(
    '/api/v1/settings/exhibition/form-control',
    {
      config: { permission: 'settings.read' },
      schema: { summary: 'A registration form of the exhibition: 1 visitor (Chinese), 2 visitor (English), 3 exhibitor; the defaults of part 2 §3 until one is saved', tags, querystring: formControlQuery, response: { 200: okSchema(formControl) } },
    },
    async (request) => {
      const { exhibitionId, formControlType } = request.query;
      return ok(await readVisibleForm(db, userOf(request), exhibitionId, formControlType));
    },
  );
};
