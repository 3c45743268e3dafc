import { and, count, countDistinct, desc, eq, max, sql } from 'drizzle-orm';
import { helpLog as helpLogSchema, helpLogBody, helpLogTotal, helpLogTotalQuery, ok as okSchema, page, toPage } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import { reachableExhibitor } from '../../auth/scope.ts';
import { notFound } from '../../http/errors.ts';
import { ok } from '../../http/reply.ts';
import { userAccount } from '../account/tables.ts';
import { company } from '../company/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { helpLog } from './tables.ts';

/** Help logs: the exhibitor area's Help page records what was opened; the host sees totals per exhibitor user. */
export const helpLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['helpLog'];

  app.post(
    '/api/v3/helplogv3/exhibitor',
    { config: { permission: 'helpLog.write' }, schema: { summary: 'The signed-in exhibitor opened a help item', tags, body: helpLogBody, response: { 200: okSchema(helpLogSchema) } } },
    async (request) => {
      const p = userOf(request);
      if (!p.exhibitorId || !p.exhibitionId) throw notFound('exhibitor');
      const [row] = await db.insert(helpLog).values({ exhibitorId: p.exhibitorId, userId: p.userId, title: request.body.title, url: request.body.url ?? null }).returning();
      return ok({ id: row!.id, exhibitorId: row!.exhibitorId, exhibitionId: p.exhibitionId, userId: row!.userId, title: row!.title, url: row!.url, createAt: row!.createdAt.toISOString() });
    },
  );

  app.post(
    '/api/v3/helplogv3/user-total',
    {
      config: { permission: 'helpLog.read' },
      schema: { summary: "Help items opened, per exhibitor user: the host's exhibitions', the exhibitor's own; most recent first", tags, body: helpLogTotalQuery, response: { 200: okSchema(page(helpLogTotal)) } },
    },
    async (request) => {
      const q = request.body;
      const where = and(reachableExhibitor(userOf(request), helpLog.exhibitorId), q.exhibitionId ? eq(exhibitor.exhibitionId, q.exhibitionId) : undefined);
      const [{ total } = { total: 0 }] = await db
        .select({ total: countDistinct(sql`(${helpLog.exhibitorId}, ${helpLog.userId})`) })
        .from(helpLog)
        .innerJoin(exhibitor, eq(exhibitor.id, helpLog.exhibitorId))
        .where(where);
      const lastAt = max(helpLog.createdAt);
      const rows = await db
        .select({ exhibitorId: helpLog.exhibitorId, userId: helpLog.userId, companyName: company.name, userName: userAccount.userName, total: count(), lastAt })
        .from(helpLog)
        .innerJoin(exhibitor, eq(exhibitor.id, helpLog.exhibitorId))
        .innerJoin(company, eq(company.id, exhibitor.companyId))
        .innerJoin(userAccount, eq(userAccount.id, helpLog.userId))
        .where(where)
        .groupBy(helpLog.exhibitorId, helpLog.userId, company.name, userAccount.userName)
        .orderBy(desc(lastAt), helpLog.exhibitorId, helpLog.userId)
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize);
      return ok(toPage(rows.map((r) => ({ ...r, lastAt: new Date(r.lastAt as unknown as string).toISOString() })), total, q));
    },
  );
};
