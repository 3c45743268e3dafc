import { and, count, desc, eq, ilike, isNotNull, isNull, or } from 'drizzle-orm';
import { Role, type Page, type ProductEvaluation, type ProductEvaluationQuery } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { pageOf } from '../../db/page.ts';
import { notFound } from '../../http/errors.ts';
import { deleteReview, replyReview, showReview, type ReviewStore } from '../evaluation/moderation.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { productEvaluationScope } from './scope.ts';
import { product, productEvaluation } from './tables.ts';

type Row = typeof productEvaluation.$inferSelect;

/** `13800138000` → `138****8000`, `li@example.com` → `l*@example.com`: the exhibitor answers through the platform, it does not harvest contacts. */
function maskContact(value: string | null): string | null {
  if (!value) return value;
  const at = value.indexOf('@');
  if (at > 0) return value[0] + '*'.repeat(Math.max(1, at - 1)) + value.slice(at);
  const chars = [...value];
  if (chars.length <= 4) return '*'.repeat(chars.length);
  const keep = chars.length >= 11 ? 3 : 1;
  return chars.slice(0, keep).join('') + '*'.repeat(chars.length - keep - 4) + chars.slice(-4).join('');
}

const toEvaluation = (r: Row, productName: string, mask: boolean): ProductEvaluation => ({
  id: r.id,
  productId: r.productId,
  productName,
  exhibitorId: r.exhibitorId,
  exhibitionId: r.exhibitionId,
  authorName: r.authorName,
  authorContact: mask ? maskContact(r.authorContact) : r.authorContact,
  rating: r.rating,
  content: r.content,
  reply: r.reply,
  replyAt: r.replyAt?.toISOString() ?? null,
  isShow: r.isShow,
  createAt: r.createdAt.toISOString(),
});

const base = (db: Executor) =>
  db
    .select({ evaluation: productEvaluation, productName: product.name, hostId: exhibition.hostId })
    .from(productEvaluation)
    .innerJoin(product, eq(product.id, productEvaluation.productId))
    .innerJoin(exhibitor, eq(exhibitor.id, productEvaluation.exhibitorId))
    .innerJoin(exhibition, eq(exhibition.id, productEvaluation.exhibitionId));

export async function evaluationPage(db: Executor, p: UserPrincipal, q: ProductEvaluationQuery): Promise<Page<ProductEvaluation>> {
  const where = and(
    productEvaluationScope(p),
    isNull(product.deletedAt),
    q.exhibitionId ? eq(productEvaluation.exhibitionId, q.exhibitionId) : undefined,
    q.exhibitorId ? eq(productEvaluation.exhibitorId, q.exhibitorId) : undefined,
    q.productId ? eq(productEvaluation.productId, q.productId) : undefined,
    q.isShow !== undefined ? eq(productEvaluation.isShow, q.isShow) : undefined,
    q.replied === undefined ? undefined : q.replied ? isNotNull(productEvaluation.reply) : isNull(productEvaluation.reply),
    q.keyword ? or(ilike(productEvaluation.content, containing(q.keyword)), ilike(product.name, containing(q.keyword))) : undefined,
  );
  return pageOf(
    db.select({ total: count() }).from(productEvaluation).innerJoin(product, eq(product.id, productEvaluation.productId)).innerJoin(exhibitor, eq(exhibitor.id, productEvaluation.exhibitorId)).where(where),
    base(db).where(where).orderBy(desc(productEvaluation.createdAt), desc(productEvaluation.id)),
    q,
    (r) => toEvaluation(r.evaluation, r.productName, p.role === Role.Exhibitor),
  );
}

/** Product reviews for the shared moderation (reply, show, delete): contacts masked for the exhibitor. */
const store: ReviewStore<Row, ProductEvaluation> = {
  name: 'productEvaluation',
  load: async (db, ctx, id) => {
    const [row] = await base(db).where(and(productEvaluationScope(ctx.principal), isNull(product.deletedAt), eq(productEvaluation.id, id))).limit(1);
    if (!row) throw notFound('productEvaluation');
    return { row: row.evaluation, hostId: row.hostId, answer: (r) => toEvaluation(r, row.productName, ctx.principal.role === Role.Exhibitor) };
  },
  update: async (tx, id, change) => (await tx.update(productEvaluation).set(change).where(eq(productEvaluation.id, id)).returning())[0]!,
};
/** The exhibitor answers an evaluation of its own product; '' withdraws the answer. */
export const replyEvaluation = (ctx: WriteContext, id: string, reply: string) => replyReview(ctx, store, id, reply);
/** The host shows or hides an evaluation on the visitor site. */
export const showEvaluation = (ctx: WriteContext, id: string, isShow: boolean) => showReview(ctx, store, id, isShow);
/** The host deletes an evaluation (soft; the operation log keeps what it said). */
export const deleteEvaluation = (ctx: WriteContext, id: string) => deleteReview(ctx, store, id);

/** The exhibition a live evaluation belongs to (for the feature gate); one that does not exist is a 404. */
export async function exhibitionOfEvaluation(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: productEvaluation.exhibitionId }).from(productEvaluation).where(and(eq(productEvaluation.id, id), isNull(productEvaluation.deletedAt)));
  if (!row) throw notFound('productEvaluation');
  return row.exhibitionId;
}
