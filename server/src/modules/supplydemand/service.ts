import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  AuditState,
  ErrorCode,
  Role,
  toPage,
  type Page,
  type PageRequest,
  type SupplyDemand,
  type SupplyDemandComment,
  type SupplyDemandCommentQuery,
  type SupplyDemandCreateBody,
  type SupplyDemandKind,
  type SupplyDemandPatchBody,
  type SupplyDemandQuery,
} from '@pavilion/contract';
import { decide, markDraft, registerAuditType, submitForAudit } from '../../audit/audit.ts';
import { auditedOf } from '../../audit/columns.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { iso } from '../../http/time.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { loadExhibitor } from '../exhibitor/service.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { member } from '../member/tables.ts';
import { getExhibitionSettings } from '../settings/service.ts';
import { postById, supplyDemandScope } from './scope.ts';
import { supplyDemand, supplyDemandComment } from './tables.ts';

export type PostRow = typeof supplyDemand.$inferSelect;
type CommentRow = typeof supplyDemandComment.$inferSelect;

/** What the audit queue shows of a submitted post. */
const snapshotOf = (r: PostRow) => ({
  kind: r.kind,
  title: r.title,
  description: r.description,
  images: r.images,
  contactName: r.contactName,
  contactPhone: r.contactPhone,
  contactEmail: r.contactEmail,
  validUntil: iso(r.validUntil),
});

registerAuditType({
  type: 'supplydemand',
  table: supplyDemand,
  stateColumn: supplyDemand.auditState,
  reasonColumn: supplyDemand.auditReason,
  submitAtColumn: supplyDemand.submitAt,
  auditAtColumn: supplyDemand.auditAt,
  exhibitionIdColumn: supplyDemand.exhibitionId,
  exhibitorIdColumn: supplyDemand.exhibitorId,
  autoAudit: 'enabledAutoAuditSupplyDemand',
  title: (row: PostRow) => row.title,
  snapshot: snapshotOf,
});

/** The exhibition's `enabledSupplyDemand` toggle: off refuses every write of posts and comments (403 4170). */
export async function checkSupplyDemandOn(db: Executor, exhibitionId: string): Promise<void> {
  if (!(await getExhibitionSettings(db, exhibitionId)).enabledSupplyDemand) throw new AppError(ErrorCode.SupplyDemandOff);
}

/**
 * Who wrote a post: an exhibitor (`exhibitorId`), a visitor (`userId` without exhibitor), else the host (its posts keep
 * no user: the operation log names who wrote them).
 */
const authorOf = (r: Pick<PostRow, 'exhibitorId' | 'userId'>): SupplyDemand['author'] => (r.exhibitorId ? 'exhibitor' : r.userId ? 'visitor' : 'host');

/** Posts with the exhibitor's company and the visitor's registered name. */
const posts = (db: Executor) =>
  db
    .select({ post: supplyDemand, companyName: company.name, memberName: member.name, hostId: exhibition.hostId })
    .from(supplyDemand)
    .innerJoin(exhibition, and(eq(exhibition.id, supplyDemand.exhibitionId), isNull(exhibition.deletedAt)))
    .leftJoin(exhibitor, eq(exhibitor.id, supplyDemand.exhibitorId))
    .leftJoin(company, eq(company.id, exhibitor.companyId))
    .leftJoin(member, and(isNull(supplyDemand.exhibitorId), eq(member.userId, supplyDemand.userId), eq(member.exhibitionId, supplyDemand.exhibitionId)));
type JoinedPost = { post: PostRow; companyName: string | null; memberName: string | null };

export const toSupplyDemand = ({ post: r, companyName, memberName }: JoinedPost): SupplyDemand => {
  const author = authorOf(r);
  return {
    id: r.id,
    exhibitionId: r.exhibitionId,
    exhibitorId: r.exhibitorId,
    companyName,
    author,
    authorName: author === 'exhibitor' ? companyName : author === 'visitor' ? memberName : null,
    ...snapshotOf(r),
    kind: r.kind as SupplyDemandKind,
    isShow: r.isShow,
    viewCount: r.viewCount,
    commentCount: r.commentCount,
    ...auditedOf(r),
    createAt: r.createdAt.toISOString(),
    updateAt: r.updatedAt.toISOString(),
  };
};

export type ReachedPost = PostRow & { hostId: string };

/** The post the principal reaches, or 404 (another tenant's, another exhibitor's, is not found). */
export async function reachablePost(db: Executor, p: UserPrincipal, id: string): Promise<ReachedPost> {
  const [row] = await posts(db).where(postById(p, id)).limit(1);
  if (!row) throw notFound('supplyDemand');
  return { ...row.post, hostId: row.hostId };
}

export async function findPost(db: Executor, p: UserPrincipal, id: string): Promise<SupplyDemand> {
  const [row] = await posts(db).where(postById(p, id)).limit(1);
  if (!row) throw notFound('supplyDemand');
  return toSupplyDemand(row);
}

export type PostFilter = Omit<SupplyDemandQuery, 'pageIndex' | 'pageSize'>;

export const postWhere = (p: UserPrincipal, f: PostFilter): SQL =>
  and(
    supplyDemandScope(p),
    f.exhibitionId ? eq(supplyDemand.exhibitionId, f.exhibitionId) : undefined,
    f.exhibitorId ? eq(supplyDemand.exhibitorId, f.exhibitorId) : undefined,
    f.kind ? eq(supplyDemand.kind, f.kind) : undefined,
    f.auditState !== undefined ? eq(supplyDemand.auditState, f.auditState) : undefined,
    f.isShow !== undefined ? eq(supplyDemand.isShow, f.isShow) : undefined,
    f.keyword ? or(ilike(supplyDemand.title, containing(f.keyword)), ilike(supplyDemand.description, containing(f.keyword))) : undefined,
  )!;

export async function postPage(db: Executor, p: UserPrincipal, f: PostFilter, q: PageRequest): Promise<Page<SupplyDemand>> {
  const where = postWhere(p, f);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(supplyDemand).where(where);
  if (!total) return toPage([], 0, q);
  const rows = await posts(db)
    .where(where)
    .orderBy(desc(supplyDemand.createdAt), desc(supplyDemand.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows.map(toSupplyDemand), total, q);
}

export async function postsByIds(db: Executor, p: UserPrincipal, ids: readonly string[]): Promise<SupplyDemand[]> {
  if (!ids.length) return [];
  return (await posts(db).where(and(supplyDemandScope(p), inArray(supplyDemand.id, [...ids])))).map(toSupplyDemand);
}

const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

function columnsOf(body: SupplyDemandPatchBody): Partial<typeof supplyDemand.$inferInsert> {
  const out: Partial<typeof supplyDemand.$inferInsert> = {};
  if (body.kind !== undefined) out.kind = body.kind;
  if (body.title !== undefined) out.title = body.title;
  if (body.description !== undefined) out.description = body.description;
  if (body.images !== undefined) out.images = body.images;
  if (body.contactName !== undefined) out.contactName = body.contactName || null;
  if (body.contactPhone !== undefined) out.contactPhone = body.contactPhone || null;
  if (body.contactEmail !== undefined) out.contactEmail = body.contactEmail || null;
  if (body.validUntil !== undefined) out.validUntil = toDate(body.validUntil);
  return out;
}

/**
 * After content was saved. The host's own save is final (approved at once). An exhibitor's or a visitor's goes to the
 * host's queue while the exhibition's `enabledAuditAppointmentSupplyDemand` switch is on (approved at once under
 * `enabledAutoAuditSupplyDemand`); with the switch off it is published as written.
 */
export async function afterPostSave(ctx: WriteContext, row: PostRow): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const settings = await getExhibitionSettings(tx, row.exhibitionId);
  const byOwner = p.role === Role.Exhibitor || p.role === Role.Visitor;
  if (byOwner && settings.enabledAuditAppointmentSupplyDemand) {
    await submitForAudit(tx, actor, { type: 'supplydemand', targetId: row.id, exhibitionId: row.exhibitionId, exhibitorId: row.exhibitorId, title: row.title });
    return;
  }
  if (row.auditState === AuditState.Pending) {
    // A host's edit of a queued post decides it, so the queue and the history show who approved it.
    await decide(tx, actor, { type: 'supplydemand', ids: [row.id], approve: true });
    return;
  }
  const now = new Date();
  await tx.update(supplyDemand).set({ auditState: AuditState.Approved, auditReason: null, submitAt: now, auditAt: now }).where(eq(supplyDemand.id, row.id));
}

/** Where a new back-office post goes: the exhibitor's own exhibition, or an exhibition the host reaches. */
async function placeOf(tx: Executor, p: UserPrincipal, exhibitionId: string | undefined) {
  if (p.role === Role.Exhibitor) {
    if (!p.exhibitorId || (exhibitionId && exhibitionId !== p.exhibitionId)) throw notFound('exhibitor');
    const own = await loadExhibitor(tx, p, p.exhibitorId);
    return { exhibitionId: own.exhibitor.exhibitionId, exhibitorId: own.exhibitor.id as string | null, userId: p.userId as string | null, hostId: own.hostId };
  }
  if (!exhibitionId) throw notFound('exhibition');
  const exh = await reachableExhibition(tx, p, exhibitionId);
  return { exhibitionId: exh.id, exhibitorId: null, userId: null, hostId: exh.hostId };
}

export async function createPost(ctx: WriteContext, body: SupplyDemandCreateBody): Promise<SupplyDemand> {
  const { tx, principal: p, actor } = ctx;
  const place = await placeOf(tx, p, body.exhibitionId);
  await checkSupplyDemandOn(tx, place.exhibitionId);
  const [row] = await tx
    .insert(supplyDemand)
    .values({ ...columnsOf(body), kind: body.kind, title: body.title, description: body.description, exhibitionId: place.exhibitionId, exhibitorId: place.exhibitorId, userId: place.userId })
    .returning();
  await writeOpLog(tx, actor, { action: 'supplyDemand.create', targetType: 'supplyDemand', targetId: row!.id, hostId: place.hostId, after: snapshotOf(row!) });
  await afterPostSave(ctx, row!);
  return findPost(tx, p, row!.id);
}

/** A visitor's post on the site: audited like an exhibitor's. The text was checked before. */
export async function createVisitorPost(ctx: WriteContext, exhibitionId: string, body: SupplyDemandCreateBody): Promise<string> {
  const { tx, actor } = ctx;
  const [exh] = await tx.select({ hostId: exhibition.hostId }).from(exhibition).where(eq(exhibition.id, exhibitionId));
  const [row] = await tx
    .insert(supplyDemand)
    .values({ ...columnsOf(body), kind: body.kind, title: body.title, description: body.description, exhibitionId, exhibitorId: null, userId: ctx.principal.userId })
    .returning();
  await writeOpLog(tx, actor, { action: 'supplyDemand.create', targetType: 'supplyDemand', targetId: row!.id, hostId: exh!.hostId, after: snapshotOf(row!) });
  await afterPostSave(ctx, row!);
  return row!.id;
}

export async function updatePost(ctx: WriteContext, id: string, body: SupplyDemandPatchBody): Promise<SupplyDemand> {
  const { tx, principal: p, actor } = ctx;
  const before = await reachablePost(tx, p, id);
  await checkSupplyDemandOn(tx, before.exhibitionId);
  const content = columnsOf(body);
  const changed = (Object.keys(content) as (keyof PostRow)[]).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify((content as Record<string, unknown>)[k] ?? null));
  if (!changed.length) return findPost(tx, p, id);
  const [row] = await tx.update(supplyDemand).set(content).where(eq(supplyDemand.id, id)).returning();
  await writeOpLog(tx, actor, {
    action: 'supplyDemand.update',
    targetType: 'supplyDemand',
    targetId: id,
    hostId: before.hostId,
    before: Object.fromEntries(changed.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(changed.map((k) => [k, (content as Record<string, unknown>)[k] ?? null])),
  });
  await afterPostSave(ctx, row!);
  return findPost(tx, p, id);
}

export async function showPost(ctx: WriteContext, id: string, isShow: boolean): Promise<SupplyDemand> {
  const { tx, principal: p, actor } = ctx;
  const before = await reachablePost(tx, p, id);
  if (before.isShow !== isShow) {
    await tx.update(supplyDemand).set({ isShow }).where(eq(supplyDemand.id, id));
    await writeOpLog(tx, actor, { action: 'supplyDemand.show', targetType: 'supplyDemand', targetId: id, hostId: before.hostId, before: { isShow: before.isShow }, after: { isShow } });
  }
  return findPost(tx, p, id);
}

/** Deletes a post (soft); a pending one leaves the queue. */
export async function deletePost(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const post = await reachablePost(tx, p, id);
  if (post.auditState === AuditState.Pending) await markDraft(tx, 'supplydemand', id);
  await tx.update(supplyDemand).set({ deletedAt: new Date() }).where(eq(supplyDemand.id, id));
  await writeOpLog(tx, actor, { action: 'supplyDemand.delete', targetType: 'supplyDemand', targetId: id, hostId: post.hostId, before: snapshotOf(post) });
}

/** The audit call's tenancy check: every id a post the principal reaches (404 otherwise). */
export async function checkReachablePosts(tx: Executor, p: UserPrincipal, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: supplyDemand.id })
    .from(supplyDemand)
    .where(and(supplyDemandScope(p), inArray(supplyDemand.id, unique)));
  if (rows.length !== unique.length) throw notFound('supplyDemand');
}

/** The exhibition of a post (for the feature gate); an unknown one is a 404. */
export async function exhibitionOfPost(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: supplyDemand.exhibitionId }).from(supplyDemand).where(and(eq(supplyDemand.id, id), isNull(supplyDemand.deletedAt)));
  if (!row) throw notFound('supplyDemand');
  return row.exhibitionId;
}

/* ---- comments ---- */

/** `comment_count`: the post's shown comments, recounted in the transaction of every change. */
export async function recountComments(tx: Executor, postId: string): Promise<void> {
  await tx
    .update(supplyDemand)
    .set({
      commentCount: sql`(select count(*)::int from ${supplyDemandComment} where ${supplyDemandComment.supplyDemandId} = ${postId} and ${supplyDemandComment.deletedAt} is null and ${supplyDemandComment.isShow})`,
    })
    .where(eq(supplyDemand.id, postId));
}

export const toComment = (c: CommentRow, postTitle: string): SupplyDemandComment => ({
  id: c.id,
  supplyDemandId: c.supplyDemandId,
  postTitle,
  author: c.exhibitorId ? 'exhibitor' : 'visitor',
  authorName: c.authorName,
  content: c.content,
  isShow: c.isShow,
  createAt: c.createdAt.toISOString(),
});

const comments = (db: Executor) =>
  db.select({ c: supplyDemandComment, postTitle: supplyDemand.title }).from(supplyDemandComment).innerJoin(supplyDemand, eq(supplyDemand.id, supplyDemandComment.supplyDemandId));

/** Comments on the posts the principal reaches: a host's exhibitions', an exhibitor's own posts'. */
export async function commentPage(db: Executor, p: UserPrincipal, f: Omit<SupplyDemandCommentQuery, 'pageIndex' | 'pageSize'>, q: PageRequest): Promise<Page<SupplyDemandComment>> {
  if (f.supplyDemandId) await reachablePost(db, p, f.supplyDemandId);
  const where = and(
    supplyDemandScope(p),
    isNull(supplyDemandComment.deletedAt),
    f.exhibitionId ? eq(supplyDemand.exhibitionId, f.exhibitionId) : undefined,
    f.supplyDemandId ? eq(supplyDemandComment.supplyDemandId, f.supplyDemandId) : undefined,
    f.isShow !== undefined ? eq(supplyDemandComment.isShow, f.isShow) : undefined,
    f.keyword ? or(ilike(supplyDemandComment.content, containing(f.keyword)), ilike(supplyDemandComment.authorName, containing(f.keyword))) : undefined,
  )!;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(supplyDemandComment)
    .innerJoin(supplyDemand, eq(supplyDemand.id, supplyDemandComment.supplyDemandId))
    .where(where);
  if (!total) return toPage([], 0, q);
  const rows = await comments(db)
    .where(where)
    .orderBy(desc(supplyDemandComment.createdAt), desc(supplyDemandComment.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(
    rows.map((r) => toComment(r.c, r.postTitle)),
    total,
    q,
  );
}

async function reachableComment(tx: Executor, p: UserPrincipal, id: string) {
  const [row] = await comments(tx).where(and(supplyDemandScope(p), eq(supplyDemandComment.id, id), isNull(supplyDemandComment.deletedAt)));
  if (!row) throw notFound('supplyDemandComment');
  const [exh] = await tx.select({ hostId: exhibition.hostId }).from(exhibition).where(eq(exhibition.id, row.c.exhibitionId));
  return { ...row, hostId: exh!.hostId };
}

/** The exhibition of a comment (for the feature gate). */
export async function exhibitionOfComment(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: supplyDemandComment.exhibitionId }).from(supplyDemandComment).where(and(eq(supplyDemandComment.id, id), isNull(supplyDemandComment.deletedAt)));
  if (!row) throw notFound('supplyDemandComment');
  return row.exhibitionId;
}

/** The exhibitor answers on one of its own posts, signed with its company's name. The text was checked before. */
export async function exhibitorComment(ctx: WriteContext, postId: string, content: string): Promise<SupplyDemandComment> {
  const { tx, principal: p, actor } = ctx;
  const [row] = await posts(tx).where(postById(p, postId)).limit(1);
  if (!row || !row.post.exhibitorId) throw notFound('supplyDemand');
  await checkSupplyDemandOn(tx, row.post.exhibitionId);
  const [c] = await tx
    .insert(supplyDemandComment)
    .values({ supplyDemandId: postId, exhibitionId: row.post.exhibitionId, exhibitorId: row.post.exhibitorId, userId: p.userId, authorName: row.companyName ?? '', content })
    .returning();
  await recountComments(tx, postId);
  await writeOpLog(tx, actor, { action: 'supplyDemandComment.create', targetType: 'supplyDemandComment', targetId: c!.id, hostId: row.hostId, after: { supplyDemandId: postId, content } });
  return toComment(c!, row.post.title);
}

export async function showComment(ctx: WriteContext, id: string, isShow: boolean): Promise<SupplyDemandComment> {
  const { tx, principal: p, actor } = ctx;
  const row = await reachableComment(tx, p, id);
  if (row.c.isShow !== isShow) {
    await tx.update(supplyDemandComment).set({ isShow }).where(eq(supplyDemandComment.id, id));
    await recountComments(tx, row.c.supplyDemandId);
    await writeOpLog(tx, actor, { action: 'supplyDemandComment.show', targetType: 'supplyDemandComment', targetId: id, hostId: row.hostId, before: { isShow: row.c.isShow }, after: { isShow } });
  }
  return toComment({ ...row.c, isShow }, row.postTitle);
}

export async function deleteComment(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const row = await reachableComment(tx, p, id);
  await tx.update(supplyDemandComment).set({ deletedAt: new Date() }).where(eq(supplyDemandComment.id, id));
  await recountComments(tx, row.c.supplyDemandId);
  await writeOpLog(tx, actor, { action: 'supplyDemandComment.delete', targetType: 'supplyDemandComment', targetId: id, hostId: row.hostId, before: { content: row.c.content, authorName: row.c.authorName } });
}
