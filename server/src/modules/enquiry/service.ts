import { and, count, desc, eq, gte, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  AuditState,
  ENQUIRIES_PER_WINDOW,
  ENQUIRY_WINDOW_SECONDS,
  ErrorCode,
  Role,
  toPage,
  type Enquiry,
  type EnquiryFilters,
  type EnquirySource,
  type EnquiryState,
  type MyEnquiry,
  type Page,
  type PageRequest,
} from '@pavilion/contract';
import { registerAuditType, submitForAudit } from '../../audit/audit.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { visitorMemberId } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import type { Deps } from '../../deps.ts';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.ts';
import type { SharedState } from '../../infra/kv.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { publicExhibitorRows } from '../expo/scope.ts';
import { livePushProduct, liveRoom } from '../live/tables.ts';
import { member } from '../member/tables.ts';
import { product } from '../product/tables.ts';
import { getExhibitionSettings, getExhibitorSettings } from '../settings/service.ts';
import { enquiryScope } from './scope.ts';
import { enquiry } from './tables.ts';

type EnquiryRow = typeof enquiry.$inferSelect;

/** Enquiries with their exhibitor's company and product names. */
const rows = (db: Executor) =>
  db
    .select({ e: enquiry, companyName: company.name, companyNameEn: company.nameEn, productName: product.name })
    .from(enquiry)
    .innerJoin(exhibitor, eq(exhibitor.id, enquiry.exhibitorId))
    .leftJoin(company, eq(company.id, exhibitor.companyId))
    .leftJoin(product, eq(product.id, enquiry.productId));
type Joined = Awaited<ReturnType<ReturnType<typeof rows>['where']>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toMine = ({ e, companyName, companyNameEn, productName }: Joined): MyEnquiry => ({
  id: e.id,
  exhibitorId: e.exhibitorId,
  companyName,
  companyNameEn,
  productId: e.productId,
  productName,
  liveRoomId: e.liveRoomId,
  source: e.source as EnquirySource,
  content: e.content,
  isSample: e.isSample,
  shareContact: e.shareContact,
  auditState: e.auditState as MyEnquiry['auditState'],
  state: e.state as EnquiryState,
  reply: e.reply,
  repliedAt: iso(e.repliedAt),
  createAt: e.createdAt.toISOString(),
});

/** The back office's view: the contact only when the visitor shared it, whoever reads. */
export const toEnquiry = (r: Joined): Enquiry => {
  const shared = r.e.shareContact;
  return {
    ...toMine(r),
    exhibitionId: r.e.exhibitionId,
    contactName: shared ? r.e.contactName : null,
    contactPhone: shared ? r.e.contactPhone : null,
    contactEmail: shared ? r.e.contactEmail : null,
    contactCompany: shared ? r.e.contactCompany : null,
    auditReason: r.e.auditReason,
  };
};

const noticeText = {
  'zh-CN': (v: { exhibition: string; sample: boolean }) => `【${v.exhibition}】您收到一条新的${v.sample ? '样品' : ''}询盘，请登录展商后台查看并回复。`,
  en: (v: { exhibition: string; sample: boolean }) => `[${v.exhibition}] You have a new enquiry${v.sample ? ' (sample request)' : ''}; sign in to your exhibitor area to read and answer it.`,
};

/** Tells the exhibitor's notice contacts of an approved enquiry, unless its setting `enabledEnquiryNotice` is off. */
async function notifyExhibitor(tx: Executor, deps: Pick<Deps, 'messenger'>, row: Pick<EnquiryRow, 'exhibitorId' | 'exhibitionId' | 'isSample'>): Promise<void> {
  const s = await getExhibitorSettings(tx, row.exhibitorId);
  if (!s.enabledEnquiryNotice || (!s.noticePhoneNumber && !s.noticeEmail)) return;
  const [exh] = await tx.select({ name: exhibition.name }).from(exhibition).where(eq(exhibition.id, row.exhibitionId));
  const body = noticeText['zh-CN']({ exhibition: exh?.name ?? '', sample: row.isSample });
  if (s.noticePhoneNumber) await deps.messenger.send(tx, { channel: 'sms', recipient: s.noticePhoneNumber, body });
  if (s.noticeEmail) await deps.messenger.send(tx, { channel: 'email', recipient: s.noticeEmail, subject: row.isSample ? '新的样品询盘' : '新的询盘', body: `${body}\n\n${noticeText.en({ exhibition: exh?.name ?? '', sample: row.isSample })}` });
}

/**
 * The approved-enquiry counters the rankings sort by (exhibitor `thinkCount`, product `enquiryCount`;
 * docs/ranking.md), moved in the transaction that approves or deletes an approved enquiry.
 */
async function countApproved(tx: Executor, row: { exhibitorId: string; productId: string | null }, by: 1 | -1) {
  await tx.update(exhibitor).set({ thinkCount: sql`greatest(${exhibitor.thinkCount} + ${by}, 0)` }).where(eq(exhibitor.id, row.exhibitorId));
  if (row.productId) await tx.update(product).set({ enquiryCount: sql`greatest(${product.enquiryCount} + ${by}, 0)` }).where(eq(product.id, row.productId));
}

/** Registers the audit type; an approval notifies the exhibitor, hence the app's messenger at plugin start. */
export function registerEnquiryAudit(deps: Pick<Deps, 'messenger'>) {
  registerAuditType({
    type: 'enquiry',
    table: enquiry,
    stateColumn: enquiry.auditState,
    reasonColumn: enquiry.auditReason,
    submitAtColumn: enquiry.submitAt,
    auditAtColumn: enquiry.auditAt,
    exhibitionIdColumn: enquiry.exhibitionId,
    exhibitorIdColumn: enquiry.exhibitorId,
    title: (row: EnquiryRow) => row.content.slice(0, 60),
    async onDecided(tx, row: EnquiryRow, decision) {
      if (!decision.approve) return;
      await countApproved(tx, row, 1);
      await notifyExhibitor(tx, deps, row);
    },
  });
}

/** Where a visitor's enquiry comes from, checked against the exhibition: the source and the ids kept. */
async function sourceOf(db: Executor, exhibitionId: string, body: { exhibitorId: string; productId?: string | undefined; liveRoomId?: string | undefined }) {
  const [ex] = await db.select({ id: exhibitor.id }).from(exhibitor).where(and(publicExhibitorRows(exhibitionId), eq(exhibitor.id, body.exhibitorId)));
  if (!ex) throw notFound('exhibitor');
  if (body.liveRoomId) {
    const [room] = await db
      .select({ exhibitorId: liveRoom.exhibitorId })
      .from(liveRoom)
      .where(and(eq(liveRoom.id, body.liveRoomId), eq(liveRoom.exhibitionId, exhibitionId), isNull(liveRoom.deletedAt), eq(liveRoom.auditState, AuditState.Approved)));
    if (!room) throw fieldError('liveRoomId', 'invalid');
    if (room.exhibitorId ? room.exhibitorId !== body.exhibitorId : !(await roomShowsExhibitor(db, body.liveRoomId, body.exhibitorId))) throw fieldError('exhibitorId', 'invalid');
  }
  if (body.productId) {
    const [p] = await db
      .select({ id: product.id })
      .from(product)
      .where(and(eq(product.id, body.productId), eq(product.exhibitorId, body.exhibitorId), eq(product.exhibitionId, exhibitionId), isNull(product.deletedAt), eq(product.auditState, AuditState.Approved)));
    if (!p) throw fieldError('productId', 'invalid');
  }
  const source: EnquirySource = body.productId ? 'product' : body.liveRoomId ? 'live' : 'booth';
  return { source, productId: body.productId ?? null, liveRoomId: body.liveRoomId ?? null };
}

/** A host's (or an activity's) room shows the exhibitor when one of its products is in the room's list. */
async function roomShowsExhibitor(db: Executor, roomId: string, exhibitorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: product.id })
    .from(livePushProduct)
    .innerJoin(product, eq(product.id, livePushProduct.productId))
    .where(and(eq(livePushProduct.roomId, roomId), eq(product.exhibitorId, exhibitorId), isNull(product.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/** The rate limit: ENQUIRIES_PER_WINDOW enquiries per visitor and exhibitor in ENQUIRY_WINDOW_SECONDS. */
async function enquiryLimit(shared: SharedState, userId: string, exhibitorId: string) {
  const r = await shared.hit(`enquiry:${userId}:${exhibitorId}`, ENQUIRIES_PER_WINDOW, ENQUIRY_WINDOW_SECONDS);
  if (!r.allowed) throw new AppError(ErrorCode.EnquiryTooFrequent, { seconds: r.retryAfter }, undefined, { 'retry-after': String(r.retryAfter) });
}

export type SendEnquiry = { exhibitorId: string; productId?: string | undefined; liveRoomId?: string | undefined; content: string; isSample: boolean; shareContact: boolean };

/**
 * A signed-in, approved visitor's enquiry (content already through the sensitive-word check). Approved at once unless
 * the exhibition's `enabledAuditAppointmentNewEnquiry` (`…Sample` for a sample request) asks the host to review it;
 * an approved one notifies the exhibitor.
 */
export async function sendEnquiry(ctx: WriteContext, deps: Pick<Deps, 'messenger' | 'shared'>, exhibitionId: string, body: SendEnquiry): Promise<MyEnquiry> {
  const { tx, principal: p, actor } = ctx;
  const memberId = visitorMemberId(p, exhibitionId);
  const [m] = await tx.select().from(member).where(eq(member.id, memberId));
  if (!m) throw notFound('member');
  if (m.auditState !== AuditState.Approved) throw forbidden();
  const src = await sourceOf(tx, exhibitionId, body);
  await enquiryLimit(deps.shared, p.userId, body.exhibitorId);
  const s = await getExhibitionSettings(tx, exhibitionId);
  const review = s.enabledAuditAppointmentNewEnquiry || (body.isSample && s.enabledAuditAppointmentSample);
  const now = new Date();
  const [row] = await tx
    .insert(enquiry)
    .values({
      exhibitionId,
      exhibitorId: body.exhibitorId,
      userId: p.userId,
      ...src,
      content: body.content,
      isSample: body.isSample,
      shareContact: body.shareContact,
      ...(body.shareContact ? { contactName: m.name, contactPhone: m.phoneNumber, contactEmail: m.email, contactCompany: m.company } : {}),
      auditState: review ? AuditState.Draft : AuditState.Approved,
      submitAt: now,
      auditAt: review ? null : now,
    })
    .returning();
  if (review) await submitForAudit(tx, actor, { type: 'enquiry', targetId: row!.id, exhibitionId, exhibitorId: body.exhibitorId });
  else {
    await countApproved(tx, row!, 1);
    await notifyExhibitor(tx, deps, row!);
  }
  const [joined] = await rows(tx).where(eq(enquiry.id, row!.id));
  return toMine(joined!);
}

/** The visitor's own enquiries in the exhibition, newest first. */
export async function myEnquiries(db: Executor, p: UserPrincipal, exhibitionId: string, q: PageRequest): Promise<Page<MyEnquiry>> {
  visitorMemberId(p, exhibitionId);
  const where = and(eq(enquiry.userId, p.userId), eq(enquiry.exhibitionId, exhibitionId), isNull(enquiry.deletedAt))!;
  const total = await db.$count(enquiry, where);
  if (!total) return toPage([], 0, q);
  const found = await rows(db)
    .where(where)
    .orderBy(desc(enquiry.createdAt), desc(enquiry.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(found.map(toMine), total, q);
}

/** The filters of the page and the export that need no principal (source, state, sample, keyword, dates). */
export function filterWhere(f: EnquiryFilters): SQL | undefined {
  const like = f.keyword ? containing(f.keyword) : null;
  return and(
    f.source ? eq(enquiry.source, f.source) : undefined,
    f.state ? eq(enquiry.state, f.state) : undefined,
    f.isSample !== undefined ? eq(enquiry.isSample, f.isSample) : undefined,
    like
      ? or(
          ilike(enquiry.content, like),
          and(eq(enquiry.shareContact, true), or(ilike(enquiry.contactName, like), ilike(enquiry.contactPhone, like), ilike(enquiry.contactEmail, like), ilike(enquiry.contactCompany, like))),
        )
      : undefined,
    f.createdFrom ? gte(enquiry.createdAt, new Date(f.createdFrom)) : undefined,
    f.createdTo ? lte(enquiry.createdAt, new Date(f.createdTo)) : undefined,
  );
}

/** The page's condition: the scope first, then the filters (an exhibitor's exhibitorId is always its own). */
export function enquiryWhere(p: UserPrincipal, f: EnquiryFilters): SQL {
  return and(
    enquiryScope(p),
    f.exhibitionId ? eq(enquiry.exhibitionId, f.exhibitionId) : undefined,
    f.exhibitorId && p.role !== Role.Exhibitor ? eq(enquiry.exhibitorId, f.exhibitorId) : undefined,
    filterWhere(f),
  )!;
}

export async function enquiryPage(db: Executor, p: UserPrincipal, q: EnquiryFilters & PageRequest): Promise<Page<Enquiry>> {
  const where = enquiryWhere(p, q);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(enquiry).where(where);
  if (!total) return toPage([], 0, q);
  const found = await rows(db)
    .where(where)
    .orderBy(desc(enquiry.createdAt), desc(enquiry.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(found.map(toEnquiry), total, q);
}

async function reachable(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await rows(db).where(and(enquiryScope(p), eq(enquiry.id, id)));
  if (!row) throw notFound('enquiry');
  return row;
}

/** One enquiry; the exhibitor opening a new one marks it read. */
export async function openEnquiry(ctx: WriteContext, id: string): Promise<Enquiry> {
  const row = await reachable(ctx.tx, ctx.principal, id);
  if (ctx.principal.role === Role.Exhibitor && row.e.state === 'new') {
    await ctx.tx.update(enquiry).set({ state: 'read' }).where(eq(enquiry.id, id));
    row.e.state = 'read';
  }
  return toEnquiry(row);
}

const hostOf = async (tx: Executor, exhibitionId: string) => (await tx.select({ hostId: exhibition.hostId }).from(exhibition).where(eq(exhibition.id, exhibitionId)))[0]?.hostId ?? null;

/** The exhibitor's answer (text already checked): `answered`, the visitor sees it in its enquiries. */
export async function replyEnquiry(ctx: WriteContext, id: string, reply: string): Promise<Enquiry> {
  const { tx, principal: p, actor } = ctx;
  const row = await reachable(tx, p, id);
  if (row.e.state === 'closed') throw new AppError(ErrorCode.EnquiryClosed);
  const now = new Date();
  await tx.update(enquiry).set({ state: 'answered', reply, repliedAt: now, repliedBy: p.userId }).where(eq(enquiry.id, id));
  await writeOpLog(tx, actor, { action: 'enquiry.reply', targetType: 'enquiry', targetId: id, hostId: await hostOf(tx, row.e.exhibitionId), before: { state: row.e.state, reply: row.e.reply }, after: { state: 'answered', reply } });
  return toEnquiry({ ...row, e: { ...row.e, state: 'answered', reply, repliedAt: now, repliedBy: p.userId } });
}

export async function closeEnquiry(ctx: WriteContext, id: string): Promise<Enquiry> {
  const { tx, principal: p, actor } = ctx;
  const row = await reachable(tx, p, id);
  await tx.update(enquiry).set({ state: 'closed' }).where(eq(enquiry.id, id));
  await writeOpLog(tx, actor, { action: 'enquiry.close', targetType: 'enquiry', targetId: id, hostId: await hostOf(tx, row.e.exhibitionId), before: { state: row.e.state }, after: { state: 'closed' } });
  return toEnquiry({ ...row, e: { ...row.e, state: 'closed' } });
}

/** The host's soft delete (kept for the record). */
export async function deleteEnquiry(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const row = await reachable(tx, p, id);
  await tx.update(enquiry).set({ deletedAt: new Date() }).where(eq(enquiry.id, id));
  if (row.e.auditState === AuditState.Approved) await countApproved(tx, row.e, -1);
  await writeOpLog(tx, actor, { action: 'enquiry.delete', targetType: 'enquiry', targetId: id, hostId: await hostOf(tx, row.e.exhibitionId), before: { content: row.e.content, state: row.e.state } });
}

/** The exhibition of an enquiry, for the feature gate (an unknown id is a 404, as its read would be). */
export async function exhibitionOfEnquiry(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ e: enquiry.exhibitionId }).from(enquiry).where(and(eq(enquiry.id, id), isNull(enquiry.deletedAt)));
  if (!row) throw notFound('enquiry');
  return row.e;
}
