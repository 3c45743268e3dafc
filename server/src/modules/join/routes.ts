import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  AuditState,
  brandTopicCount,
  brandTopicsQuery,
  exhibitor as exhibitorSchema,
  exhibitorShowBody,
  joinByManagerBody,
  joinCreateBody,
  joinOfManager,
  joinUpdateBody,
  ok as okSchema,
  page,
  Role,
  setBrandTopicBody,
  setTopicBody,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { exhibitorScope, managedExhibitorScope } from '../../auth/scope.ts';
import { ok } from '../../http/reply.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { createJoin, exhibitorDetails, exhibitorPage, updateExhibitor } from '../exhibitor/service.ts';
import { inTransaction } from '../../core/write.ts';

/**
 * The request api's join calls (part 2 §7 "Company and join"). A join is an exhibitor record; these
 * map onto the exhibitor module's service, so their rules and op-log rows are the same.
 */
export const joinRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['join'];
  const item = okSchema(exhibitorSchema);

  app.post(
    '/api/join/GetByManager',
    {
      config: { permission: 'exhibitor.read' },
      schema: {
        summary: 'Joins the caller manages: an exhibitor’s across every exhibition of its companies (my-ex, drafts included), a host’s in its exhibitions',
        tags,
        body: joinByManagerBody,
        response: { 200: okSchema(page(joinOfManager)) },
      },
    },
    async (request) => {
      const p = userOf(request);
      const result = await exhibitorPage(db, managedExhibitorScope(p), { ...request.body, includeDrafts: p.role === Role.Exhibitor });
      const ids = [...new Set(result.items.map((i) => i.exhibitionId))];
      const exhibitions = ids.length ? await db.select().from(exhibition).where(inArray(exhibition.id, ids)) : [];
      const byId = new Map(exhibitions.map((e) => [e.id, { id: e.id, name: e.name, nameEn: e.nameEn, startAt: e.startAt?.toISOString() ?? null, endAt: e.endAt?.toISOString() ?? null }]));
      return ok({ ...result, items: result.items.map((i) => ({ ...i, exhibition: byId.get(i.exhibitionId)! })) });
    },
  );

  app.post(
    '/api/join',
    { config: { permission: 'exhibitor.manage' }, schema: { summary: 'Join an existing company to one of the host’s exhibitions', tags, body: joinCreateBody, response: { 200: item } } },
    async (request) => ok(await inTransaction(app, request, async (ctx) => exhibitorDetails(ctx.tx, ctx.principal, (await createJoin(ctx, request.body)).id))),
  );

  app.put(
    '/api/join',
    { config: { permission: 'exhibitor.manage' }, schema: { summary: 'Change a join (id in the body): only the fields sent', tags, body: joinUpdateBody, response: { 200: item } } },
    async (request) => {
      const { id, ...body } = request.body;
      return ok(await inTransaction(app, request, (ctx) => updateExhibitor(ctx, id, body)));
    },
  );

  app.put(
    '/api/join/SetTopic',
    { config: { permission: 'exhibitor.manage' }, schema: { summary: 'Place a join in a topic (专题) with its time window; nulls take it out', tags, body: setTopicBody, response: { 200: item } } },
    async (request) => {
      const { id, ...body } = request.body;
      return ok(await inTransaction(app, request, (ctx) => updateExhibitor(ctx, id, body, 'exhibitor.topic')));
    },
  );

  app.put(
    '/api/join/SetBrandTopic',
    { config: { permission: 'exhibitor.manage' }, schema: { summary: 'Place a join in the brand topic (品牌专区) with its time window', tags, body: setBrandTopicBody, response: { 200: item } } },
    async (request) => {
      const { id, ...body } = request.body;
      return ok(await inTransaction(app, request, (ctx) => updateExhibitor(ctx, id, body, 'exhibitor.brandTopic')));
    },
  );

  app.get(
    '/api/join/BrandTopics',
    {
      config: { permission: 'exhibitor.query' },
      schema: { summary: 'The brand topics in use in one of the host’s exhibitions, with their exhibitor counts (admin/brand’s topic filter)', tags, querystring: brandTopicsQuery, response: { 200: okSchema(z.array(brandTopicCount)) } },
    },
    async (request) => {
      const p = userOf(request);
      await reachableExhibition(db, p, request.query.exhibitionId);
      const topic = sql<string>`${exhibitor.pTopic}`;
      const rows = await db
        .select({ pTopic: topic, count: count() })
        .from(exhibitor)
        .where(and(exhibitorScope(p), eq(exhibitor.exhibitionId, request.query.exhibitionId), ne(exhibitor.auditState, AuditState.Draft), sql`coalesce(${exhibitor.pTopic}, '') <> ''`))
        .groupBy(exhibitor.pTopic)
        .orderBy(asc(exhibitor.pTopic));
      return ok(rows);
    },
  );

  app.put(
    '/api/join/SetIsShow',
    { config: { permission: 'exhibitor.manage' }, schema: { summary: 'Show or hide a join (as PUT /api/v1/exhibitor/show)', tags, body: exhibitorShowBody, response: { 200: item } } },
    async (request) =>
      ok(await inTransaction(app, request, (ctx) => updateExhibitor(ctx, request.body.id, { isShow: request.body.isShow }, request.body.isShow ? 'exhibitor.show' : 'exhibitor.hide'))),
  );
};
