import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { ok as okSchema, operationLog as operationLogSchema, operationLogQuery, page, toPage } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../auth/guard.ts';
import { operationLogScope } from '../auth/scope.ts';
import { ok } from '../http/reply.ts';
import { operationLog } from './tables.ts';

export const operationLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  app.post(
    '/api/v3/operationlog/query',
    {
      config: { permission: 'operationLog.read' },
      schema: { summary: "Operation log, newest first: the administrator's whole log, a host's own", tags: ['operation log'], body: operationLogQuery, response: { 200: okSchema(page(operationLogSchema)) } },
    },
    async (request) => {
      const q = request.body;
      const filters: (SQL | undefined)[] = [operationLogScope(userOf(request))];
      if (q.action) filters.push(eq(operationLog.action, q.action));
      if (q.targetType) filters.push(eq(operationLog.targetType, q.targetType));
      if (q.userId) filters.push(eq(operationLog.userId, q.userId));
      if (q.targetId) filters.push(eq(operationLog.targetId, q.targetId));
      if (q.hostId) filters.push(eq(operationLog.hostId, q.hostId));
      if (q.from) filters.push(gte(operationLog.createdAt, new Date(q.from)));
      if (q.to) filters.push(lte(operationLog.createdAt, new Date(q.to)));
      const where = and(...filters);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(operationLog).where(where);
      const rows = await db.select().from(operationLog).where(where).orderBy(desc(operationLog.createdAt)).limit(q.pageSize).offset((q.pageIndex - 1) * q.pageSize);
      return ok(
        toPage(
          rows.map((r) => ({ ...r, before: r.before ?? null, after: r.after ?? null, createAt: r.createdAt.toISOString() })),
          total,
          q,
        ),
      );
    },
  );
};
