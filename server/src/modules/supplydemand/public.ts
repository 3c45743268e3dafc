import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  AuditState,
  ErrorCode,
  SUPPLY_DEMAND_COMMENTS_PER_MINUTE,
  SUPPLY_DEMAND_POSTS_PER_DAY,
  toPage,
  type ExpoSupplyDemand,
  type ExpoSupplyDemandBody,
  type ExpoSupplyDemandDetail,
  type ExpoSupplyDemandQuery,
  type Page,
  type SupplyDemandComment,
} from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { visitorMemberId } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { containing } from '../../db/like.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import type { SharedState } from '../../infra/kv.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { member } from '../member/tables.ts';
import { effectiveKeys } from '../version/service.ts';
import { checkSupplyDemandOn, createVisitorPost, recountComments, toComment, toSupplyDemand } from './service.ts';
import { notifyPostAuthor } from './notice.ts';
import { supplyDemand, supplyDemandComment } from './tables.ts';

/** The exhibition exists, runs the `business` feature (403 4019) and has `enabledSupplyDemand` on (403 4170). */
export async function boardExhibition(db: Executor, exhibitionId: string): Promise<void> {
  const [row] = await db.select({ id: exhibition.id }).from(exhibition).where(and(eq(exhibition.id, exhibitionId), isNull(exhibition.deletedAt)));
  if (!row) throw notFound('exhibition');
  if (!(await effectiveKeys(db, exhibitionId)).includes('business')) throw new AppError(ErrorCode.FeatureNotEnabled, { detail: 'business' });
  await checkSupplyDemandOn(db, exhibitionId);
}

/** What visitors see: approved, shown, not expired posts of the exhibition. */
const onBoard = (exhibitionId: string): SQL =>
  and(
    eq(supplyDemand.exhibitionId, exhibitionId),
    isNull(supplyDemand.deletedAt),
    eq(supplyDemand.isShow, true),
    eq(supplyDemand.auditState, AuditState.Approved),
    or(isNull(supplyDemand.validUntil), gt(supplyDemand.validUntil, sql`now()`)),
  )!;

const boardRows = (db: Executor) =>
  db
    .select({ post: supplyDemand, companyName: company.name, memberName: member.name })
    .from(supplyDemand)
    .leftJoin(exhibitor, eq(exhibitor.id, supplyDemand.exhibitorId))
    .leftJoin(company, eq(company.id, exhibitor.companyId))
    .leftJoin(member, and(isNull(supplyDemand.exhibitorId), eq(member.userId, supplyDemand.userId), eq(member.exhibitionId, supplyDemand.exhibitionId)));

const toCard = (r: Parameters<typeof toSupplyDemand>[0]): ExpoSupplyDemand => {
  const s = toSupplyDemand(r);
  return {
    id: s.id,
    kind: s.kind,
    author: s.author,
    authorName: s.authorName,
    companyName: s.companyName,
    exhibitorId: s.exhibitorId,
    title: s.title,
    description: s.description,
    images: s.images,
    contactName: s.contactName,
    contactPhone: s.contactPhone,
    contactEmail: s.contactEmail,
    validUntil: s.validUntil,
    viewCount: s.viewCount,
    commentCount: s.commentCount,
    createAt: s.createAt,
  };
};

export async function boardPage(db: Executor, exhibitionId: string, q: ExpoSupplyDemandQuery): Promise<Page<ExpoSupplyDemand>> {
  await boardExhibition(db, exhibitionId);
  const where = and(
    onBoard(exhibitionId),
    q.kind ? eq(supplyDemand.kind, q.kind) : undefined,
    q.keyword ? or(ilike(supplyDemand.title, containing(q.keyword)), ilike(supplyDemand.description, containing(q.keyword))) : undefined,
  )!;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(supplyDemand).where(where);
  if (!total) return toPage([], 0, q);
  const rows = await boardRows(db)
    .where(where)
    .orderBy(desc(supplyDemand.createdAt), desc(supplyDemand.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows.map(toCard), total, q);
}

async function boardPost(db: Executor, exhibitionId: string, id: string) {
  const [row] = await boardRows(db).where(and(onBoard(exhibitionId), eq(supplyDemand.id, id)));
  if (!row) throw notFound('supplyDemand');
  return row;
}

/** A post's page with its shown comments, oldest first; `count` adds one view. */
export async function boardDetail(db: Executor, exhibitionId: string, id: string, countView: boolean): Promise<ExpoSupplyDemandDetail> {
  await boardExhibition(db, exhibitionId);
  const row = await boardPost(db, exhibitionId, id);
  if (countView) {
    await db
      .update(supplyDemand)
      .set({ viewCount: sql`${supplyDemand.viewCount} + 1` })
      .where(eq(supplyDemand.id, id));
    row.post.viewCount += 1;
  }
  const cs = await db
    .select()
    .from(supplyDemandComment)
    .where(and(eq(supplyDemandComment.supplyDemandId, id), isNull(supplyDemandComment.deletedAt), eq(supplyDemandComment.isShow, true)))
    .orderBy(asc(supplyDemandComment.createdAt), asc(supplyDemandComment.id))
    .limit(200);
  return {
    ...toCard(row),
    comments: cs.map((c) => {
      const { isShow: _s, postTitle: _t, ...rest } = toComment(c, row.post.title);
      return rest;
    }),
  };
}

/** The visitor's registration in the exhibition, approved (403 otherwise). */
async function approvedVisitor(db: Executor, p: UserPrincipal, exhibitionId: string) {
  const memberId = visitorMemberId(p, exhibitionId);
  const [m] = await db.select({ id: member.id, name: member.name, auditState: member.auditState }).from(member).where(eq(member.id, memberId));
  if (!m) throw notFound('member');
  if (m.auditState !== AuditState.Approved) throw forbidden();
  return m;
}

/** A signed-in visitor's post: SUPPLY_DEMAND_POSTS_PER_DAY a day; audited like an exhibitor's. Text already checked. */
export async function visitorPost(ctx: WriteContext, shared: SharedState, exhibitionId: string, body: ExpoSupplyDemandBody): Promise<ExpoSupplyDemand & { auditState: AuditState }> {
  const { tx, principal: p } = ctx;
  await boardExhibition(tx, exhibitionId);
  await approvedVisitor(tx, p, exhibitionId);
  await enforceLimits(shared, [{ key: `supply-demand-post:${exhibitionId}:${p.userId}`, limit: SUPPLY_DEMAND_POSTS_PER_DAY, windowSeconds: 86_400 }]);
  const id = await createVisitorPost(ctx, exhibitionId, body);
  const [row] = await boardRows(tx).where(eq(supplyDemand.id, id));
  return { ...toCard(row!), auditState: row!.post.auditState as AuditState };
}

/** A signed-in visitor's comment on a post of the board, SUPPLY_DEMAND_COMMENTS_PER_MINUTE a minute. Text already checked. */
export async function visitorComment(ctx: WriteContext, deps: { shared: SharedState; messenger: Deps['messenger'] }, exhibitionId: string, postId: string, content: string): Promise<SupplyDemandComment> {
  const { tx, principal: p, actor } = ctx;
  await boardExhibition(tx, exhibitionId);
  const row = await boardPost(tx, exhibitionId, postId);
  const m = await approvedVisitor(tx, p, exhibitionId);
  await enforceLimits(deps.shared, [{ key: `supply-demand-comment:${p.userId}`, limit: SUPPLY_DEMAND_COMMENTS_PER_MINUTE, windowSeconds: 60 }]);
  const [c] = await tx.insert(supplyDemandComment).values({ supplyDemandId: postId, exhibitionId, userId: p.userId, authorName: m.name, content }).returning();
  await recountComments(tx, postId);
  const [exh] = await tx.select({ hostId: exhibition.hostId }).from(exhibition).where(eq(exhibition.id, exhibitionId));
  await writeOpLog(tx, actor, { action: 'supplyDemandComment.create', targetType: 'supplyDemandComment', targetId: c!.id, hostId: exh!.hostId, after: { supplyDemandId: postId, content } });
  await notifyPostAuthor(tx, deps.messenger, row.post, c!);
  return toComment(c!, row.post.title);
}
