import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { Role, type ActivityLivePost, type ActivityLiveEvent } from '@pavilion/contract';
import type { z } from 'zod';
import type { activityLivePostCreateBody } from '@pavilion/contract';
import type { Principal, UserPrincipal } from '../../auth/principal.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Deps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { createHub } from '../../infra/hub.ts';
import type { SharedState } from '../../infra/kv.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { checkText } from '../../sensitive/check.ts';
import { activityLivePost, activityLiveViewer } from '../activity/tables.ts';
import { reachableActivity } from './scope.ts';

export type LiveKind = 'image' | 'text';
type PostRow = typeof activityLivePost.$inferSelect;
/** The newest posts a page opens with; later ones arrive by the event stream (or `after`). */
export const LIVE_PAGE = 100;

export const toLivePost = (r: PostRow): ActivityLivePost => ({
  id: r.id,
  activityId: r.activityId,
  kind: r.kind as LiveKind,
  content: r.content,
  pictures: (r.pictures ?? []) as string[],
  pinned: r.pinned,
  createAt: r.createdAt.toISOString(),
});

/** Posts after a time the page got from a post (`createAt`, milliseconds): the stored microseconds must not make that post newer than itself. */
const afterTime = (after: string) => sql`date_trunc('milliseconds', ${activityLivePost.createdAt}) > ${after}::timestamptz`;

const livePosts = (activityId: string, kind?: LiveKind, after?: string) =>
  and(eq(activityLivePost.activityId, activityId), isNull(activityLivePost.deletedAt), kind ? eq(activityLivePost.kind, kind) : undefined, after ? afterTime(after) : undefined);

export async function readPosts(db: Executor, activityId: string, opts: { kind?: LiveKind; after?: string | undefined }): Promise<ActivityLivePost[]> {
  const rows = await db
    .select()
    .from(activityLivePost)
    .where(livePosts(activityId, opts.kind, opts.after))
    .orderBy(desc(activityLivePost.pinned), desc(activityLivePost.createdAt), desc(activityLivePost.id))
    .limit(LIVE_PAGE);
  return rows.map(toLivePost);
}

/** The back office's list of one kind: the host of the exhibition, or the exhibitor owning the activity. */
export async function listPosts(db: Executor, p: UserPrincipal, kind: LiveKind, q: { activityId: string; after?: string | undefined }) {
  const a = await reachableActivity(db, p, q.activityId);
  return readPosts(db, a.id, { kind, after: q.after });
}

export const liveChannel = (activityId: string) => `activity-live:${activityId}`;

type PostBody = z.infer<typeof activityLivePostCreateBody>;

/**
 * An image post needs pictures, a text post its text; the text passes the sensitive-word check. Run before the
 * transaction: the check may read the word list, which must not wait on a connection the transaction holds.
 */
export async function checkPost(deps: Deps, kind: LiveKind, body: PostBody): Promise<PostBody> {
  if (kind === 'image' && !body.pictures.length) throw fieldError('pictures', 'required');
  if (kind === 'text' && !body.content) throw fieldError('content', 'required');
  const { content } = await checkText(deps, { content: body.content });
  return { ...body, content: content ?? '' };
}

/** Writes a post that `checkPost` passed. */
export async function createPost(ctx: WriteContext, kind: LiveKind, body: PostBody): Promise<ActivityLivePost> {
  const { tx, principal, actor } = ctx;
  const a = await reachableActivity(tx, principal, body.activityId, { manage: true });
  const content = body.content;
  const [row] = await tx
    .insert(activityLivePost)
    .values({ activityId: a.id, kind, content: content ?? '', pictures: body.pictures, pinned: body.pinned, authorId: principal.userId })
    .returning();
  const post = toLivePost(row!);
  await writeOpLog(tx, actor, { action: `activityLive.create`, targetType: 'activityLivePost', targetId: post.id, hostId: a.hostId, after: post });
  return post;
}

export async function deletePost(ctx: WriteContext, kind: LiveKind, id: string): Promise<{ id: string; activityId: string }> {
  const { tx, principal, actor } = ctx;
  const [row] = await tx
    .select()
    .from(activityLivePost)
    .where(and(eq(activityLivePost.id, id), eq(activityLivePost.kind, kind), isNull(activityLivePost.deletedAt)))
    .limit(1);
  if (!row) throw notFound('activityLivePost');
  const a = await reachableActivity(tx, principal, row.activityId, { manage: true });
  await tx.update(activityLivePost).set({ deletedAt: new Date() }).where(eq(activityLivePost.id, id));
  await writeOpLog(tx, actor, { action: 'activityLive.delete', targetType: 'activityLivePost', targetId: id, hostId: a.hostId, before: toLivePost(row) });
  return { id, activityId: row.activityId };
}

/** Tells every instance's open pages (after the write committed). */
export const publishLive = (shared: SharedState, event: ActivityLiveEvent) =>
  shared.publish(liveChannel(event.type === 'post' ? event.post.activityId : event.activityId), JSON.stringify(event));

/**
 * A signed-in visitor of this exhibition opening the live list or its events: one row per visitor and activity,
 * visits counted. Anyone else (anonymous, another exhibition's token, staff) is not recorded.
 */
export async function recordViewer(db: Executor, p: Principal | null | undefined, exhibitionId: string, activityId: string): Promise<void> {
  if (!p || p.kind !== 'user' || p.role !== Role.Visitor || !p.memberId || p.exhibitionId !== exhibitionId) return;
  await db
    .insert(activityLiveViewer)
    .values({ activityId, memberId: p.memberId })
    .onConflictDoUpdate({ target: [activityLiveViewer.activityId, activityLiveViewer.memberId], set: { visits: sql`${activityLiveViewer.visits} + 1`, lastAt: new Date() } });
}

/** The fan-out of one instance over the activities' channels (infra/hub.ts). */
export const createLiveHub = (shared: SharedState) => createHub(shared, liveChannel);
export type LiveHub = ReturnType<typeof createLiveHub>;
