import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { writeOpLog } from '../../oplog/oplog.ts';

/** The columns every kind of review shares (product and exhibitor reviews). */
type ReviewFields = { reply: string | null; isShow: boolean; authorName: string; rating: number; content: string };
type ReviewChange = { reply?: string | null; replyAt?: Date | null; isShow?: boolean; deletedAt?: Date };

/**
 * One kind of review as the shared moderation sees it: how to load one in the principal's scope (404 otherwise),
 * and how to write a change to it. Product and exhibitor reviews answer, show and delete the same way.
 */
export type ReviewStore<R extends ReviewFields, A> = {
  /** The operation log's target type and action prefix (`productEvaluation`, `exhibitorEvaluation`). */
  name: string;
  load: (db: Executor, ctx: WriteContext, id: string) => Promise<{ row: R; hostId: string | null; answer: (row: R) => A }>;
  update: (tx: Executor, id: string, change: ReviewChange) => Promise<R>;
};

/** The exhibitor answers a review of itself or its product; '' withdraws the answer. */
export async function replyReview<R extends ReviewFields, A>(ctx: WriteContext, store: ReviewStore<R, A>, id: string, reply: string): Promise<A> {
  const { row: before, hostId, answer } = await store.load(ctx.tx, ctx, id);
  const row = await store.update(ctx.tx, id, { reply: reply || null, replyAt: reply ? new Date() : null });
  await writeOpLog(ctx.tx, ctx.actor, { action: `${store.name}.reply`, targetType: store.name, targetId: id, hostId, before: { reply: before.reply }, after: { reply: row.reply } });
  return answer(row);
}

/** The host shows or hides a review on the visitor site. */
export async function showReview<R extends ReviewFields, A>(ctx: WriteContext, store: ReviewStore<R, A>, id: string, isShow: boolean): Promise<A> {
  const { row: before, hostId, answer } = await store.load(ctx.tx, ctx, id);
  const row = await store.update(ctx.tx, id, { isShow });
  await writeOpLog(ctx.tx, ctx.actor, { action: `${store.name}.${isShow ? 'show' : 'hide'}`, targetType: store.name, targetId: id, hostId, before: { isShow: before.isShow }, after: { isShow } });
  return answer(row);
}

/** The host deletes a review (soft; the operation log keeps what it said). */
export async function deleteReview<R extends ReviewFields, A>(ctx: WriteContext, store: ReviewStore<R, A>, id: string): Promise<void> {
  const { row: e, hostId } = await store.load(ctx.tx, ctx, id);
  await store.update(ctx.tx, id, { deletedAt: new Date() });
  await writeOpLog(ctx.tx, ctx.actor, { action: `${store.name}.delete`, targetType: store.name, targetId: id, hostId, before: { authorName: e.authorName, rating: e.rating, content: e.content, reply: e.reply } });
}
