import { and, avg, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  AuditState,
  REVIEWS_PER_MINUTE,
  type EvaluateTagList,
  type ExhibitorEvaluation,
  type ExhibitorEvaluationQuery,
  type ExpoExhibitorReview,
  type ExpoExhibitorReviewPage,
  type Page,
} from '@pavilion/contract';
import type { Principal, UserPrincipal } from '../../auth/principal.ts';
import { reachableExhibition, visitorMemberId } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import { company, exhibitor } from '../../core/tables.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { pageOf } from '../../db/page.ts';
import { fieldError, forbidden, notFound } from '../../http/errors.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import type { SharedState } from '../../infra/kv.ts';
import { exhibition } from '../exhibition/tables.ts';
import { writableExhibition } from '../exhibition/service.ts';
import { publicExhibitors } from '../expo/scope.ts';
import { member } from '../member/tables.ts';
import { getExhibitionSettings, saveSettings } from '../settings/service.ts';
import { deleteReview, replyReview, showReview, type ReviewStore } from './moderation.ts';
import { exhibitorEvaluationScope } from './scope.ts';
import { exhibitorEvaluation } from './tables.ts';

type Row = typeof exhibitorEvaluation.$inferSelect;

const toEvaluation = (r: Row, exhibitorName: string): ExhibitorEvaluation => ({
  id: r.id,
  exhibitorId: r.exhibitorId,
  exhibitionId: r.exhibitionId,
  exhibitorName,
  authorName: r.authorName,
  rating: r.rating,
  content: r.content,
  tags: r.tags,
  reply: r.reply,
  replyAt: r.replyAt?.toISOString() ?? null,
  isShow: r.isShow,
  createAt: r.createdAt.toISOString(),
});

const base = (db: Executor) =>
  db
    .select({ evaluation: exhibitorEvaluation, exhibitorName: company.name, hostId: exhibition.hostId })
    .from(exhibitorEvaluation)
    .innerJoin(exhibitor, eq(exhibitor.id, exhibitorEvaluation.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .innerJoin(exhibition, eq(exhibition.id, exhibitorEvaluation.exhibitionId));

/** The exhibitor's reviews of itself, the host's of its exhibitions', newest first. */
export async function evaluationPage(db: Executor, p: UserPrincipal, q: ExhibitorEvaluationQuery): Promise<Page<ExhibitorEvaluation>> {
  const e = exhibitorEvaluation;
  const where = and(
    exhibitorEvaluationScope(p),
    q.exhibitionId ? eq(e.exhibitionId, q.exhibitionId) : undefined,
    q.exhibitorId ? eq(e.exhibitorId, q.exhibitorId) : undefined,
    q.isShow !== undefined ? eq(e.isShow, q.isShow) : undefined,
    q.replied === undefined ? undefined : q.replied ? isNotNull(e.reply) : isNull(e.reply),
    q.rating ? eq(e.rating, q.rating) : undefined,
    q.keyword ? or(ilike(e.content, containing(q.keyword)), ilike(e.authorName, containing(q.keyword))) : undefined,
  );
  return pageOf(
    db.select({ total: count() }).from(e).innerJoin(exhibitor, eq(exhibitor.id, e.exhibitorId)).where(where),
    base(db).where(where).orderBy(desc(e.createdAt), desc(e.id)),
    q,
    (r) => toEvaluation(r.evaluation, r.exhibitorName),
  );
}

/** Exhibitor reviews for the shared moderation (reply, show, delete). */
const store: ReviewStore<Row, ExhibitorEvaluation> = {
  name: 'exhibitorEvaluation',
  load: async (db, ctx, id) => {
    const [row] = await base(db).where(and(exhibitorEvaluationScope(ctx.principal), eq(exhibitorEvaluation.id, id))).limit(1);
    if (!row) throw notFound('exhibitorEvaluation');
    return { row: row.evaluation, hostId: row.hostId, answer: (r) => toEvaluation(r, row.exhibitorName) };
  },
  update: async (tx, id, change) => (await tx.update(exhibitorEvaluation).set(change).where(eq(exhibitorEvaluation.id, id)).returning())[0]!,
};
export const replyEvaluation = (ctx: WriteContext, id: string, reply: string) => replyReview(ctx, store, id, reply);
export const showEvaluation = (ctx: WriteContext, id: string, isShow: boolean) => showReview(ctx, store, id, isShow);
export const deleteEvaluation = (ctx: WriteContext, id: string) => deleteReview(ctx, store, id);

/** The exhibition a live review belongs to (for the feature gate); one that does not exist is a 404. */
export async function exhibitionOfEvaluation(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: exhibitorEvaluation.exhibitionId }).from(exhibitorEvaluation).where(and(eq(exhibitorEvaluation.id, id), isNull(exhibitorEvaluation.deletedAt)));
  if (!row) throw notFound('exhibitorEvaluation');
  return row.exhibitionId;
}

/* Evaluation tags: a key of the exhibition's settings (cached reads). */

export async function evaluateTags(db: Executor, p: UserPrincipal, exhibitionId: string): Promise<EvaluateTagList> {
  await reachableExhibition(db, p, exhibitionId);
  return publicEvaluateTags(db, exhibitionId);
}

export async function publicEvaluateTags(db: Executor, exhibitionId: string): Promise<EvaluateTagList> {
  return { exhibitionId, tags: (await getExhibitionSettings(db, exhibitionId)).evaluateTags };
}

/** The host replaces the tag list (duplicates dropped, order kept); reviews keep the tags they were written with. */
export async function saveEvaluateTags(ctx: WriteContext, exhibitionId: string, tags: string[]): Promise<EvaluateTagList> {
  const exh = await writableExhibition(ctx.tx, ctx.principal, exhibitionId);
  const unique = [...new Set(tags)];
  await saveSettings(ctx.tx, ctx.actor, 'exhibition', { exhibitionId, hostId: exh.hostId }, (stored) => ({ ...(stored as object), evaluateTags: unique }), {
    after: { evaluateTags: unique },
    logBefore: (stored) => ({ evaluateTags: stored?.evaluateTags ?? [] }),
  });
  return { exhibitionId, tags: unique };
}

/* The visitor site. */

async function publicExhibitor(db: Executor, exhibitionId: string, exhibitorId: string) {
  const [row] = await db
    .select({ id: exhibitor.id })
    .from(exhibitor)
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(and(publicExhibitors(exhibitionId), eq(exhibitor.id, exhibitorId)));
  if (!row) throw notFound('exhibitor');
}

const toExpoReview = (r: Row, userId: string | null): ExpoExhibitorReview => ({
  id: r.id,
  authorName: r.authorName,
  rating: r.rating,
  content: r.content,
  tags: r.tags,
  reply: r.reply,
  replyAt: r.replyAt?.toISOString() ?? null,
  createAt: r.createdAt.toISOString(),
  mine: userId !== null && r.userId === userId,
  isShow: r.isShow,
});

/**
 * A signed-in, approved visitor's review of a shown exhibitor: one per visitor and exhibitor, writing again replaces
 * the text, stars and tags and drops the exhibitor's reply (it answered the old text); the host's hiding stands.
 * Tags must be on the exhibition's list; the text is already through the sensitive-word check.
 */
export async function writeReview(
  db: Executor,
  shared: SharedState,
  p: UserPrincipal,
  exhibitionId: string,
  exhibitorId: string,
  body: { rating: number; content: string; tags: string[] },
): Promise<ExpoExhibitorReview> {
  const memberId = visitorMemberId(p, exhibitionId);
  await publicExhibitor(db, exhibitionId, exhibitorId);
  const [m] = await db.select({ name: member.name, auditState: member.auditState }).from(member).where(eq(member.id, memberId));
  if (!m) throw notFound('member');
  if (m.auditState !== AuditState.Approved) throw forbidden();
  const allowed = new Set((await getExhibitionSettings(db, exhibitionId)).evaluateTags);
  const tags = [...new Set(body.tags)];
  if (tags.some((t) => !allowed.has(t))) throw fieldError('tags', 'invalid');
  await enforceLimits(shared, [{ key: `exhibitor-review:${p.userId}`, limit: REVIEWS_PER_MINUTE, windowSeconds: 60 }]);
  const e = exhibitorEvaluation;
  const values = { rating: body.rating, content: body.content, tags, authorName: m.name };
  const [row] = await db
    .insert(e)
    .values({ exhibitorId, exhibitionId, userId: p.userId, ...values })
    .onConflictDoUpdate({
      target: [e.userId, e.exhibitorId],
      targetWhere: sql`${e.userId} is not null and ${e.deletedAt} is null`,
      set: { ...values, reply: null, replyAt: null, createdAt: new Date() },
    })
    .returning();
  return toExpoReview(row!, p.userId);
}

/**
 * The booth's reviews for anyone: the shown ones, newest first, with their average and count; a signed-in visitor
 * also gets its own review as `mine`, even while the host hides it from everyone else.
 */
export async function publicReviews(
  db: Executor,
  principal: Principal | null | undefined,
  exhibitionId: string,
  exhibitorId: string,
  q: { pageIndex: number; pageSize: number },
): Promise<ExpoExhibitorReviewPage> {
  await publicExhibitor(db, exhibitionId, exhibitorId);
  const e = exhibitorEvaluation;
  const shown = and(eq(e.exhibitorId, exhibitorId), eq(e.exhibitionId, exhibitionId), isNull(e.deletedAt), eq(e.isShow, true));
  const [stats] = await db.select({ count: count(), average: avg(e.rating) }).from(e).where(shown);
  const total = stats?.count ?? 0;
  const rows = total
    ? await db
        .select()
        .from(e)
        .where(shown)
        .orderBy(desc(e.createdAt), desc(e.id))
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize)
    : [];
  const userId = principal?.kind === 'user' && principal.exhibitionId === exhibitionId ? principal.userId : null;
  const [mine] = userId ? await db.select().from(e).where(and(eq(e.exhibitorId, exhibitorId), eq(e.userId, userId), isNull(e.deletedAt))) : [];
  return {
    average: Math.round(Number(stats?.average ?? 0) * 10) / 10,
    count: total,
    tags: (await getExhibitionSettings(db, exhibitionId)).evaluateTags,
    mine: mine ? toExpoReview(mine, userId) : null,
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    totalCount: total,
    items: rows.map((r) => toExpoReview(r, userId)),
  };
}

/**
 * The newest shown reviews of each exhibitor, `n` apiece, in one query (GraphQL `newestEvaluates`; the integrator
 * wires it). Exhibitors without any are absent from the map.
 */
export async function previewEvaluations(db: Executor, exhibitorIds: string[], n: number): Promise<Map<string, { id: string; content: string }[]>> {
  const out = new Map<string, { id: string; content: string }[]>();
  if (!exhibitorIds.length || n < 1) return out;
  const e = exhibitorEvaluation;
  const ranked = db
    .select({ id: e.id, content: e.content, exhibitorId: e.exhibitorId, rank: sql<number>`row_number() over (partition by ${e.exhibitorId} order by ${e.createdAt} desc, ${e.id} desc)`.as('rank') })
    .from(e)
    .where(and(inArray(e.exhibitorId, exhibitorIds), isNull(e.deletedAt), eq(e.isShow, true)))
    .as('ranked');
  const rows = await db.select().from(ranked).where(sql`${ranked.rank} <= ${n}`).orderBy(ranked.exhibitorId, ranked.rank);
  for (const r of rows) {
    const list = out.get(r.exhibitorId) ?? [];
    list.push({ id: r.id, content: r.content });
    out.set(r.exhibitorId, list);
  }
  return out;
}
