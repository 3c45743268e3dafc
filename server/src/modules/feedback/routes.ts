import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import {
  createFeedbackBody,
  createFeedbackCommentBody,
  feedback as feedbackSchema,
  feedbackComment as feedbackCommentSchema,
  feedbackQuery,
  ok as okSchema,
  page,
  Role,
  toPage,
  type Feedback,
} from '@pavilion/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { feedbackScope } from './scope.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { checkText } from '../../sensitive/check.ts';
import { feedback, feedbackComment } from './tables.ts';
import { containing } from '../../db/like.ts';

type Row = typeof feedback.$inferSelect;
type CommentRow = typeof feedbackComment.$inferSelect;

const toComment = (c: CommentRow) => ({ id: c.id, feedbackId: c.feedbackId, userName: c.userName, content: c.content, createAt: c.createdAt.toISOString() });
const toItem = (r: Row, comments: CommentRow[] = []): Feedback => ({
  id: r.id,
  userId: r.userId,
  userName: r.userName,
  role: r.role,
  hostId: r.hostId,
  exhibitionId: r.exhibitionId,
  content: r.content,
  contact: r.contact,
  images: r.images,
  comments: comments.map(toComment),
  createAt: r.createdAt.toISOString(),
});

const resource: Resource<Row, Feedback> = {
  name: 'feedback',
  table: feedback,
  item: feedbackSchema,
  toItem: (r) => toItem(r),
  permissions: { read: 'feedback.read', write: 'feedback.manage' },
  scope: feedbackScope,
  hostIdOf: (r) => r.hostId,
};

async function commentsOf(db: Executor, ids: string[]) {
  return ids.length ? db.select().from(feedbackComment).where(inArray(feedbackComment.feedbackId, ids)).orderBy(asc(feedbackComment.createdAt)) : [];
}

export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['feedback'];

  mountResource(app, resource, [{ method: 'DELETE', url: '/api/v3/feedback', op: 'delete', summary: 'Delete a feedback (administrator)' }]);

  r.post(
    '/api/v3/feedback',
    {
      config: { permission: 'feedback.create' },
      schema: {
        summary: 'A host or an exhibitor sends feedback to the platform (content must not be empty; sensitive words checked)',
        tags,
        body: createFeedbackBody,
        response: { 200: okSchema(feedbackSchema) },
      },
    },
    async (request) => {
      const me = userOf(request);
      const b = request.body;
      const text = await checkText(request.server.deps, { content: b.content, contact: b.contact });
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(feedback)
          .values({
            userId: me.userId,
            userName: me.userName,
            role: me.role,
            hostId: me.role === Role.Host ? (me.hostIds[0] ?? null) : null,
            exhibitionId: me.exhibitionId,
            exhibitorId: me.exhibitorId,
            content: text.content,
            contact: text.contact ?? null,
            images: b.images,
          })
          .returning();
        await writeOpLog(tx, actorOf(request), { action: 'feedback.create', targetType: 'feedback', targetId: created!.id, hostId: created!.hostId, after: { content: created!.content } });
        return created!;
      });
      return ok(toItem(row));
    },
  );

  r.post(
    '/api/v3/feedback/query',
    {
      config: { permission: 'feedback.read' },
      schema: {
        summary: "Feedback with the platform's replies, newest first: the administrator's all; a host's, its own host's; an exhibitor's, its own",
        tags,
        body: feedbackQuery,
        response: { 200: okSchema(page(feedbackSchema)) },
      },
    },
    async (request) => {
      const q: z.infer<typeof feedbackQuery> = request.body;
      const filters: (SQL | undefined)[] = [
        feedbackScope(userOf(request)),
        q.role !== undefined ? eq(feedback.role, q.role) : undefined,
        q.hostId ? eq(feedback.hostId, q.hostId) : undefined,
        q.keyword ? ilike(feedback.content, containing(q.keyword)) : undefined,
      ];
      const where = and(...filters);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(feedback).where(where);
      const rows = await db.select().from(feedback).where(where).orderBy(desc(feedback.createdAt)).limit(q.pageSize).offset((q.pageIndex - 1) * q.pageSize);
      const comments = await commentsOf(db, rows.map((row) => row.id));
      return ok(toPage(rows.map((row) => toItem(row, comments.filter((c) => c.feedbackId === row.id))), total, q));
    },
  );

  r.post(
    '/api/v3/feedbackcomment',
    {
      config: { permission: 'feedback.manage' },
      schema: {
        summary: 'The platform replies to a feedback (administrator); the submitter reads replies with its feedback',
        tags,
        body: createFeedbackCommentBody,
        response: { 200: okSchema(feedbackCommentSchema) },
      },
    },
    async (request) => {
      const me = userOf(request);
      const [target] = await db.select().from(feedback).where(and(feedbackScope(me), eq(feedback.id, request.body.feedbackId)));
      if (!target) throw notFound('feedback');
      const { content } = await checkText(request.server.deps, { content: request.body.content });
      const row = await db.transaction(async (tx) => {
        const [created] = await tx.insert(feedbackComment).values({ feedbackId: target.id, userId: me.userId, userName: me.userName, content }).returning();
        await writeOpLog(tx, actorOf(request), { action: 'feedback.reply', targetType: 'feedback', targetId: target.id, hostId: target.hostId, after: { content } });
        return created!;
      });
      return ok(toComment(row));
    },
  );
};
