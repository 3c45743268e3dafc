import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  createNoticeBody,
  notice as noticeSchema,
  noticeQuery,
  noticeUnread,
  ok as okSchema,
  page,
  readNoticeBody,
  toPage,
  updateNoticeBody,
  cacheBuster,
  type Notice,
} from '@pavilion/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { noticeScope } from './scope.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { ok } from '../../http/reply.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { checkText } from '../../sensitive/check.ts';
import { host } from '../host/tables.ts';
import { notice, noticeRead } from './tables.ts';
import { containing } from '../../db/like.ts';

type Row = typeof notice.$inferSelect;

const toItem = (r: Row, isRead = false): Notice => ({
  id: r.id,
  title: r.title,
  titleEn: r.titleEn,
  content: r.content,
  contentEn: r.contentEn,
  hostId: r.hostId,
  isRead,
  createAt: r.createdAt.toISOString(),
});

const readBy = (p: UserPrincipal) => sql<boolean>`exists (select 1 from notice_read nr where nr.notice_id = ${notice.id} and nr.user_id = ${p.userId})`;

async function checkHost(tx: Executor, hostId: string | null | undefined) {
  if (!hostId) return;
  const [h] = await tx.select({ id: host.id }).from(host).where(eq(host.id, hostId));
  if (!h) throw notFound('host');
}

const screened = async (deps: Deps, b: { title?: string | undefined; titleEn?: string | null | undefined; content?: string | undefined; contentEn?: string | null | undefined }) => ({
  ...b,
  ...(await checkText(deps, { title: b.title, titleEn: b.titleEn, content: b.content, contentEn: b.contentEn })),
});

const resource: Resource<Row, Notice> = {
  name: 'notice',
  table: notice,
  item: noticeSchema,
  toItem: (r) => toItem(r),
  permissions: { read: 'notice.read', write: 'notice.manage' },
  scope: noticeScope,
  hostIdOf: (r) => r.hostId,
  create: {
    body: createNoticeBody,
    async values(b: z.infer<typeof createNoticeBody>, { tx, deps }) {
      await checkHost(tx, b.hostId);
      const t = await screened(deps, b);
      return { title: t.title!, titleEn: t.titleEn ?? null, content: t.content!, contentEn: t.contentEn ?? null, hostId: b.hostId ?? null };
    },
  },
  update: {
    body: updateNoticeBody,
    async values(b: z.infer<typeof updateNoticeBody>, _row, { tx, deps }) {
      await checkHost(tx, b.hostId);
      const t = await screened(deps, b);
      return Object.fromEntries(Object.entries({ ...t, hostId: b.hostId }).filter(([, v]) => v !== undefined));
    },
  },
};

export const noticeRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['notice'];

  mountResource(app, resource, [
    { method: 'POST', url: '/api/v3/notice', op: 'create', summary: 'Publish a notice to every host (hostId null) or to one (administrator; sensitive words checked)' },
    { method: 'PATCH', url: '/api/v3/notice', op: 'update' },
    { method: 'DELETE', url: '/api/v3/notice', op: 'delete' },
  ]);

  r.post(
    '/api/v3/notice/query',
    {
      config: { permission: 'notice.read' },
      schema: {
        summary: "Platform notices, newest first, with the caller's read state: the administrator's all; a host's, those to every host and to its own",
        tags,
        body: noticeQuery,
        response: { 200: okSchema(page(noticeSchema)) },
      },
    },
    async (request) => {
      const me = userOf(request);
      const q = request.body;
      const filters: (SQL | undefined)[] = [
        noticeScope(me),
        q.hostId ? eq(notice.hostId, q.hostId) : undefined,
        q.keyword ? or(ilike(notice.title, containing(q.keyword)), ilike(notice.titleEn, containing(q.keyword))) : undefined,
        q.isRead === undefined ? undefined : q.isRead ? readBy(me) : sql`not ${readBy(me)}`,
      ];
      const where = and(...filters);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(notice).where(where);
      const rows = await db
        .select({ n: notice, isRead: readBy(me) })
        .from(notice)
        .where(where)
        .orderBy(desc(notice.createdAt))
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize);
      return ok(toPage(rows.map((row) => toItem(row.n, Boolean(row.isRead))), total, q));
    },
  );

  const unread = async (me: UserPrincipal) => {
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(notice).where(and(noticeScope(me), sql`not ${readBy(me)}`));
    return n;
  };

  r.get(
    '/api/v3/notice/unread',
    {
      config: { permission: 'notice.read' },
      schema: { summary: "How many notices the caller has not read", tags, querystring: cacheBuster, response: { 200: okSchema(noticeUnread) } },
    },
    async (request) => ok({ unread: await unread(userOf(request)) }),
  );

  r.post(
    '/api/v3/notice/read',
    {
      config: { permission: 'notice.markRead' },
      schema: { summary: 'Mark notices read for the signed-in host login (`ids`, or `all: true`); answers the unread count', tags, body: readNoticeBody, response: { 200: okSchema(noticeUnread) } },
    },
    async (request) => {
      const me = userOf(request);
      const body = request.body;
      const ids = 'ids' in body ? [...new Set(body.ids)] : null;
      const visible = await db
        .select({ id: notice.id })
        .from(notice)
        .where(and(noticeScope(me), ids ? inArray(notice.id, ids) : undefined));
      if (ids && visible.length !== ids.length) throw notFound('notice');
      if (visible.length)
        await db
          .insert(noticeRead)
          .values(visible.map((v) => ({ noticeId: v.id, userId: me.userId })))
          .onConflictDoNothing();
      return ok({ unread: await unread(me) });
    },
  );
};
