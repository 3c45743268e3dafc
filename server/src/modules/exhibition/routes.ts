import { and, asc, count, eq, gte, ilike, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  cacheBuster,
  createExhibitionBody,
  createExhibitionHallBody,
  createExhibitionScheduleBody,
  ErrorCode,
  exhibition as exhibitionSchema,
  exhibitionByAgentQuery,
  exhibitionHall as hallSchema,
  exhibitionQuery,
  exhibitionSchedule as scheduleSchema,
  exhibitionScheduleQuery,
  ExhibitionStatus,
  hallsByExhibitionQuery,
  ok as okSchema,
  putExhibitionBody,
  Role,
  updateExhibitionBody,
  updateExhibitionHallBody,
  updateExhibitionScheduleBody,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitionScope, ofExhibition } from '../../auth/scope.ts';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.ts';
import { ok } from '../../http/reply.ts';
import { mountResource, type Resource, type ResourceContext } from '../../http/resource.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { host } from '../host/tables.ts';
import { toExhibition, visibleExhibition, writableExhibition } from './service.ts';
import { exhibition, exhibitionHall, exhibitionSchedule } from './tables.ts';
import { containing } from '../../db/like.ts';

type ExhibitionRow = typeof exhibition.$inferSelect;
type ScheduleRow = typeof exhibitionSchedule.$inferSelect;
type HallRow = typeof exhibitionHall.$inferSelect;

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== undefined && k !== 'id'));
const date = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

/** Which host a new exhibition belongs to: the administrator names one; a host creates for one it fully works for. */
async function hostFor(ctx: ResourceContext, hostId: string | undefined): Promise<string> {
  const p = ctx.principal;
  if (p.role === Role.Admin) {
    if (!hostId) throw fieldError('hostId', 'required');
    const [h] = await ctx.tx.select({ id: host.id }).from(host).where(and(eq(host.id, hostId), isNull(host.deletedAt)));
    if (!h) throw notFound('host');
    return h.id;
  }
  const own = p.fullHostIds ?? p.hostIds;
  if (hostId) {
    if (!own.includes(hostId)) throw notFound('host');
    return hostId;
  }
  if (own.length !== 1) throw fieldError('hostId', 'required');
  return own[0]!;
}

function datesChecked(ctx: ResourceContext, startAt: Date | null | undefined, endAt: Date | null | undefined) {
  if (startAt && endAt && endAt < startAt) throw fieldError('endAt', 'invalid');
}

function exhibitionValues(body: z.infer<typeof updateExhibitionBody>) {
  const { startAt, endAt, hostId: _hostId, ...rest } = body;
  return defined({ ...rest, startAt: date(startAt), endAt: date(endAt) });
}

const statusCondition = (status: number | undefined): SQL | undefined => {
  if (status === undefined) return undefined;
  if (status === ExhibitionStatus.Over) return lt(exhibition.endAt, sql`now()`);
  if (status === ExhibitionStatus.Running)
    return and(lte(exhibition.startAt, sql`now()`), or(isNull(exhibition.endAt), gte(exhibition.endAt, sql`now()`)));
  return and(or(isNull(exhibition.startAt), sql`${exhibition.startAt} > now()`), or(isNull(exhibition.endAt), gte(exhibition.endAt, sql`now()`)));
};

const exhibitionResource: Resource<ExhibitionRow, z.infer<typeof exhibitionSchema>> = {
  name: 'exhibition',
  table: exhibition,
  item: exhibitionSchema,
  toItem: toExhibition,
  permissions: { read: 'exhibition.read', query: 'exhibition.query', write: 'exhibition.update', create: 'exhibition.create', delete: 'exhibition.delete' },
  scope: exhibitionScope,
  hostIdOf: (row) => row.hostId,
  query: {
    body: exhibitionQuery,
    where: (q: z.infer<typeof exhibitionQuery>) => [
      q.name ? or(ilike(exhibition.name, containing(q.name)), ilike(exhibition.nameEn, containing(q.name))) : undefined,
      q.hostId ? eq(exhibition.hostId, q.hostId) : undefined,
      statusCondition(q.status),
      q.isHistory === true ? lt(exhibition.endAt, sql`now()`) : q.isHistory === false ? or(isNull(exhibition.endAt), gte(exhibition.endAt, sql`now()`)) : undefined,
    ],
    orderBy: [asc(exhibition.showIndex), asc(exhibition.createdAt), asc(exhibition.id)],
  },
  create: {
    body: createExhibitionBody,
    async values(body: z.infer<typeof createExhibitionBody>, ctx) {
      const hostId = await hostFor(ctx, body.hostId);
      return { ...exhibitionValues(body), hostId };
    },
  },
  update: {
    body: updateExhibitionBody,
    async values(body: z.infer<typeof updateExhibitionBody>, row, ctx) {
      const values: Record<string, unknown> = exhibitionValues(body);
      if (body.hostId !== undefined && body.hostId !== row.hostId) {
        if (ctx.principal.role !== Role.Admin) throw forbidden();
        values.hostId = await hostFor(ctx, body.hostId);
      }
      datesChecked(ctx, (values.startAt as Date | null | undefined) ?? (body.startAt === null ? null : row.startAt), (values.endAt as Date | null | undefined) ?? (body.endAt === null ? null : row.endAt));
      return values;
    },
  },
  /** An exhibition with live exhibitors is not deleted: remove or move them first (4020). */
  async beforeDelete(row, { tx }) {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(exhibitor).where(and(eq(exhibitor.exhibitionId, row.id), isNull(exhibitor.deletedAt)));
    if (n > 0) throw new AppError(ErrorCode.HasChildren, { what: 'exhibition' });
  },
};

/** Sub-resources of an exhibition: read by anyone who sees it, changed by its host. */
const inExhibition = async (ctx: ResourceContext, exhibitionId: string) => (await writableExhibition(ctx.tx, ctx.principal, exhibitionId)).id;

const toSchedule = (r: ScheduleRow) => ({
  id: r.id,
  exhibitionId: r.exhibitionId,
  title: r.title,
  titleEn: r.titleEn,
  startAt: r.startAt.toISOString(),
  endAt: r.endAt?.toISOString() ?? null,
  location: r.location,
  description: r.description,
  showIndex: r.showIndex,
  createAt: r.createdAt.toISOString(),
});

const scheduleResource: Resource<ScheduleRow, z.infer<typeof scheduleSchema>> = {
  name: 'exhibitionSchedule',
  table: exhibitionSchedule,
  item: scheduleSchema,
  toItem: toSchedule,
  permissions: { read: 'exhibitionSchedule.read', write: 'exhibitionSchedule.manage' },
  scope: (p: UserPrincipal) => ofExhibition(p, exhibitionSchedule.exhibitionId),
  query: {
    body: exhibitionScheduleQuery,
    where: (q: z.infer<typeof exhibitionScheduleQuery>) => [
      q.exhibitionId ? eq(exhibitionSchedule.exhibitionId, q.exhibitionId) : undefined,
      q.from ? gte(exhibitionSchedule.startAt, new Date(q.from)) : undefined,
      q.to ? lte(exhibitionSchedule.startAt, new Date(q.to)) : undefined,
    ],
    orderBy: [asc(exhibitionSchedule.startAt), asc(exhibitionSchedule.showIndex), asc(exhibitionSchedule.id)],
  },
  create: {
    body: createExhibitionScheduleBody,
    async values(body: z.infer<typeof createExhibitionScheduleBody>, ctx) {
      const exhibitionId = await inExhibition(ctx, body.exhibitionId);
      return { ...defined({ ...body, startAt: date(body.startAt), endAt: date(body.endAt) }), exhibitionId };
    },
  },
  update: {
    body: updateExhibitionScheduleBody,
    async values(body: z.infer<typeof updateExhibitionScheduleBody>, row, ctx) {
      const values = defined({ ...body, startAt: date(body.startAt), endAt: date(body.endAt) });
      datesChecked(ctx, (values.startAt as Date | undefined) ?? row.startAt, values.endAt === undefined ? row.endAt : (values.endAt as Date | null));
      return values;
    },
  },
};

const toHall = (r: HallRow) => ({
  id: r.id,
  exhibitionId: r.exhibitionId,
  name: r.name,
  nameEn: r.nameEn,
  code: r.code,
  floor: r.floor,
  area: r.area,
  mapUrl: r.mapUrl,
  description: r.description,
  showIndex: r.showIndex,
  createAt: r.createdAt.toISOString(),
});

const hallResource: Resource<HallRow, z.infer<typeof hallSchema>> = {
  name: 'exhibitionHall',
  table: exhibitionHall,
  item: hallSchema,
  toItem: toHall,
  permissions: { read: 'exhall.read', write: 'exhall.manage' },
  scope: (p: UserPrincipal) => ofExhibition(p, exhibitionHall.exhibitionId),
  unique: { exhibition_hall_name_key: 'name' },
  create: {
    body: createExhibitionHallBody,
    async values(body: z.infer<typeof createExhibitionHallBody>, ctx) {
      return { ...defined(body), exhibitionId: await inExhibition(ctx, body.exhibitionId) };
    },
  },
  update: { body: updateExhibitionHallBody, values: (body: z.infer<typeof updateExhibitionHallBody>) => defined(body) },
};

export const exhibitionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  mountResource(app, exhibitionResource, [
    { method: 'GET', url: '/api/v1/exhibition', op: 'get', summary: 'One exhibition the caller may see (an exhibitor: its own)' },
    { method: 'POST', url: '/api/v1/exhibition/query', op: 'query', summary: 'Exhibitions the caller may see, paged, sorted by showIndex; filters name, hostId, status, isHistory' },
    { method: 'POST', url: '/api/v1/exhibition/page', op: 'query', summary: 'Exhibitions the caller may see, paged, sorted by showIndex; filters name, hostId, status, isHistory' },
    { method: 'PATCH', url: '/api/v1/exhibition', op: 'update', summary: 'Change an exhibition (its host or the administrator; only the administrator moves it to another host)' },
    { method: 'DELETE', url: '/api/v1/exhibition', op: 'delete', summary: 'Delete an exhibition (administrator; soft); refused with 4020 while it has exhibitors' },
    { method: 'GET', url: '/api/exhibition', op: 'get', summary: 'One exhibition the caller may see (request api)' },
    { method: 'POST', url: '/api/exhibition', op: 'create', summary: 'Create an exhibition: the administrator for a host (hostId), a host for itself' },
    { method: 'DELETE', url: '/api/exhibition', op: 'delete', summary: 'Delete an exhibition (administrator; soft; request api); refused with 4020 while it has exhibitors' },
  ]);
  // Same resource, the id in the body (the request api's PUT).
  mountResource(app, { ...exhibitionResource, update: { ...exhibitionResource.update!, body: putExhibitionBody } }, [
    { method: 'PUT', url: '/api/exhibition', op: 'update', idFrom: 'body', summary: 'Change an exhibition, id in the body (request api); only the fields sent' },
  ]);
  // Same resource, the agent's filters: the exhibitions an agent brought.
  mountResource(
    app,
    {
      ...exhibitionResource,
      query: {
        body: exhibitionByAgentQuery,
        where: (q: z.infer<typeof exhibitionByAgentQuery>) => [q.agentId ? eq(exhibition.agentId, q.agentId) : undefined, q.agentName ? ilike(exhibition.agentName, containing(q.agentName)) : undefined],
        orderBy: [asc(exhibition.showIndex), asc(exhibition.createdAt), asc(exhibition.id)],
      },
    },
    [{ method: 'POST', url: '/api/exhibition/GetByAgent', op: 'query', summary: 'Exhibitions brought by an agent (agentId exact, or part of agentName), within the caller’s exhibitions' }],
  );

  mountResource(app, scheduleResource, [
    { method: 'POST', url: '/api/v1/exhibitionschedule/query', op: 'query', summary: "An exhibition's programme, by start time" },
    { method: 'POST', url: '/api/v1/exhibitionschedule', op: 'create' },
    { method: 'PUT', url: '/api/v1/exhibitionschedule', op: 'update' },
    { method: 'DELETE', url: '/api/v1/exhibitionschedule', op: 'delete' },
  ]);

  mountResource(app, hallResource, [
    { method: 'POST', url: '/api/exhall', op: 'create', summary: 'Create a hall of an exhibition (its host); name unique within the exhibition' },
    { method: 'PUT', url: '/api/exhall', op: 'update', idFrom: 'body', summary: 'Change a hall, id in the body' },
    { method: 'DELETE', url: '/api/exhall', op: 'delete' },
  ]);

  app.get(
    '/api/exhall/GetByExhibition',
    {
      config: { permission: 'exhall.read' },
      schema: { summary: "An exhibition's halls, by showIndex", tags: ['exhibitionHall'], querystring: hallsByExhibitionQuery.extend(cacheBuster.shape), response: { 200: okSchema(z.array(hallSchema)) } },
    },
    async (request) => {
      const p = userOf(request);
      await visibleExhibition(db, p, request.query.exhibitionId);
      const rows = await db
        .select()
        .from(exhibitionHall)
        .where(and(eq(exhibitionHall.exhibitionId, request.query.exhibitionId), isNull(exhibitionHall.deletedAt)))
        .orderBy(asc(exhibitionHall.showIndex), asc(exhibitionHall.createdAt));
      return ok(rows.map(toHall));
    },
  );
};
