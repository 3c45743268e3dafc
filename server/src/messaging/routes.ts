import { count, desc, eq } from 'drizzle-orm';
import { ok as okSchema, outboxMessage, page, pageRequest, toPage } from '@pavilion/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http/reply.ts';
import { messageOutbox } from './tables.ts';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  app.post(
    '/api/v3/outbox/query',
    {
      config: { permission: 'outbox.read' },
      schema: { summary: 'Messages the platform sent (administrator), newest first', tags: ['messaging'], body: pageRequest.extend({ recipient: z.string().trim().max(254).optional() }), response: { 200: okSchema(page(outboxMessage)) } },
    },
    async (request) => {
      const q = request.body;
      const where = q.recipient ? eq(messageOutbox.recipient, q.recipient) : undefined;
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(messageOutbox).where(where);
      const rows = await db.select().from(messageOutbox).where(where).orderBy(desc(messageOutbox.createdAt)).limit(q.pageSize).offset((q.pageIndex - 1) * q.pageSize);
      return ok(
        toPage(
          rows.map((r) => ({ id: r.id, channel: r.channel as 'sms' | 'email', recipient: r.recipient, subject: r.subject, body: r.body, status: r.status, createAt: r.createdAt.toISOString() })),
          total,
          q,
        ),
      );
    },
  );
};
