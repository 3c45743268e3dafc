import { and, desc, eq, count } from 'drizzle-orm';
import {
  AuditState,
  createExhibitorBody,
  exhibitor as exhibitorSchema,
  exhibitorBulkDeleteBody,
  exhibitorIdQuery,
  exhibitorQuery,
  exhibitorShowBody,
  exhibitorWithCompany,
  idQuery,
  cacheBuster,
  ok as okSchema,
  page,
  sayHello,
  sayHelloQuery,
  toPage,
  updateExhibitorBody,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { exhibitorScope, reachableExhibitor } from '../../auth/scope.ts';
import { ok } from '../../http/reply.ts';
import { categoriesOf, createExhibitor, deleteExhibitors, exhibitorDetails, exhibitorPage, loadExhibitor, toExhibitorCompany, toExhibitorRecord, updateExhibitor } from './service.ts';
import { exhibitor, exhibitorSayHello } from './tables.ts';
import { inTransaction } from '../../core/write.ts';
import { cachedReply } from '../../http/cached-reply.ts';

const tags = ['exhibitor'];
const item = okSchema(exhibitorSchema);
const idQ = idQuery.extend(cacheBuster.shape);

export const exhibitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.post(
    '/api/v1/exhibitor/query',
    {
      config: { permission: 'exhibitor.query' },
      schema: {
        summary: "Exhibitors of the host's exhibitions: by company name, category, audit state, show state; paged by showIndex. Drafts (-3) are never listed.",
        tags,
        body: exhibitorQuery,
        response: { 200: okSchema(page(exhibitorSchema)) },
      },
    },
    async (request, reply) => cachedReply(db, request, reply, async () => ok(await exhibitorPage(db, exhibitorScope(userOf(request)), request.body))),
  );

  app.post(
    '/api/v1/exhibitor/audit-list',
    {
      config: { permission: 'exhibitor.query' },
      schema: { summary: 'Exhibitors waiting for the host’s audit (pending unless `auditState` says otherwise)', tags, body: exhibitorQuery, response: { 200: okSchema(page(exhibitorSchema)) } },
    },
    async (request, reply) =>
      cachedReply(db, request, reply, async () => ok(await exhibitorPage(db, exhibitorScope(userOf(request)), { ...request.body, auditState: request.body.auditState ?? AuditState.Pending }))),
  );

  app.get(
    '/api/v1/exhibitor/details',
    { config: { permission: 'exhibitor.read' }, schema: { summary: 'One exhibitor with company and categories: the exhibitor’s own (ExJoinInfo) or one of the host’s', tags, querystring: exhibitorIdQuery, response: { 200: item } } },
    async (request) => ok(await exhibitorDetails(db, userOf(request), request.query.exhibitorId)),
  );

  app.get(
    '/api/v3/exhibitor/with/company',
    { config: { permission: 'exhibitor.read' }, schema: { summary: 'An exhibitor and its company', tags, querystring: exhibitorIdQuery, response: { 200: okSchema(exhibitorWithCompany) } } },
    async (request) => {
      const { exhibitor: row, company } = await loadExhibitor(db, userOf(request), request.query.exhibitorId);
      const cats = (await categoriesOf(db, [row.id])).get(row.id) ?? [];
      return ok({ exhibitor: toExhibitorRecord(row, cats), company: { ...toExhibitorCompany(company), createAt: company.createdAt.toISOString() } });
    },
  );

  app.post(
    '/api/v1/exhibitor/create',
    {
      config: { permission: 'exhibitor.manage' },
      schema: {
        summary: 'Create an exhibitor in one of the host’s exhibitions: a new company (or an existing one by `company.id`), the join, its categories and optionally a login account',
        tags,
        body: createExhibitorBody,
        response: { 200: item },
      },
    },
    async (request) => ok(await inTransaction(app, request, async (ctx) => exhibitorDetails(ctx.tx, ctx.principal, (await createExhibitor(ctx, request.body)).id))),
  );

  // The spec's three edit paths share one handler: only the fields sent change.
  for (const [method, url] of [
    ['POST', '/api/v1/exhibitor/update'],
    ['PUT', '/api/v1/exhibitor/patch'],
    ['PATCH', '/api/v1/exhibitor'],
  ] as const)
    app.route({
      method,
      url,
      config: { permission: 'exhibitor.update' },
      schema: {
        summary:
          'Change an exhibitor, only the fields sent: a host its join fields, categories and company fields; an exhibitor its own `banner` and `categoryIds`, submitted for audit (enabledAutoAuditExhibitor)',
        tags, querystring: idQ, body: updateExhibitorBody, response: { 200: item } },
      handler: async (request) => ok(await inTransaction(app, request, (ctx) => updateExhibitor(ctx, request.query.id, request.body))),
    });

  app.put(
    '/api/v1/exhibitor/show',
    { config: { permission: 'exhibitor.manage' }, schema: { summary: 'Show or hide an exhibitor on the public lists', tags, body: exhibitorShowBody, response: { 200: item } } },
    async (request) =>
      ok(await inTransaction(app, request, (ctx) => updateExhibitor(ctx, request.body.id, { isShow: request.body.isShow }, request.body.isShow ? 'exhibitor.show' : 'exhibitor.hide'))),
  );

  app.delete(
    '/api/v1/exhibitor',
    { config: { permission: 'exhibitor.manage' }, schema: { summary: 'Delete an exhibitor (its company stays)', tags, querystring: idQ, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteExhibitors(ctx, [request.query.id]));
      return ok(true);
    },
  );

  app.post(
    '/api/v3/exhibitor/delete/bulk',
    { config: { permission: 'exhibitor.manage' }, schema: { summary: 'Delete several exhibitors: all or none (404 when one is missing or another host’s)', tags, body: exhibitorBulkDeleteBody, response: { 200: okSchema(z.object({ deleted: z.number().int() })) } } },
    async (request) => ok({ deleted: await inTransaction(app, request, (ctx) => deleteExhibitors(ctx, request.body.ids)) }),
  );

  app.post(
    '/api/v1/exhibitorsayhello/query',
    { config: { permission: 'sayHello.read' }, schema: { summary: 'Greetings sent to visitors on exhibitors’ behalf: the exhibitor’s own, the host’s exhibitions’', tags, body: sayHelloQuery, response: { 200: okSchema(page(sayHello)) } } },
    async (request) => {
      const q = request.body;
      const where = and(
        reachableExhibitor(userOf(request), exhibitorSayHello.exhibitorId),
        q.exhibitorId ? eq(exhibitorSayHello.exhibitorId, q.exhibitorId) : undefined,
        q.exhibitionId ? eq(exhibitor.exhibitionId, q.exhibitionId) : undefined,
      );
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(exhibitorSayHello).innerJoin(exhibitor, eq(exhibitor.id, exhibitorSayHello.exhibitorId)).where(where);
      const rows = await db
        .select({ s: exhibitorSayHello, exhibitionId: exhibitor.exhibitionId })
        .from(exhibitorSayHello)
        .innerJoin(exhibitor, eq(exhibitor.id, exhibitorSayHello.exhibitorId))
        .where(where)
        .orderBy(desc(exhibitorSayHello.createdAt), desc(exhibitorSayHello.id))
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize);
      return ok(
        toPage(
          rows.map(({ s, exhibitionId }) => ({ id: s.id, exhibitorId: s.exhibitorId, exhibitionId, visitorUserId: s.visitorUserId, visitorName: s.visitorName, content: s.content, createAt: s.createdAt.toISOString() })),
          total,
          q,
        ),
      );
    },
  );
};
