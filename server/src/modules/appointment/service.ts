import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  AuditState,
  ErrorCode,
  toPage,
  type Appointment,
  type AppointmentAuditBody,
  type AppointmentPatchBody,
  type AppointmentProposeBody,
  type AppointmentQuery,
  type AppointmentSlot,
  type AppointmentStaff,
  type AppointmentSlotCreateBody,
  type AppointmentSlotQuery,
  type AppointmentState,
  type ExpoAppointmentBody,
  type ExpoAppointmentSlot,
  type MyAppointment,
  type Page,
  MAX_SLOTS_PER_BATCH,
} from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitorScope, visitorMemberId } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, fieldError, forbidden, notFound, uniqueViolation } from '../../http/errors.ts';
import { iso } from '../../http/time.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { companyStaff } from '../company/staff-tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { member } from '../member/tables.ts';
import { getExhibitorSettings } from '../settings/service.ts';
import { appointmentById, appointmentScope, slotScope } from './scope.ts';
import { appointmentSlot, exhibitorAppointment } from './tables.ts';

type Row = typeof exhibitorAppointment.$inferSelect;
type Messenger = Deps['messenger'];

/** States that hold the slot (the partial unique index `exhibitor_appointment_slot_key`). */
const HOLDING: AppointmentState[] = ['pending', 'proposed', 'accepted'];

/** The two unique indexes as the caller's errors: a slot someone else holds, a staff member booked at that time. */
export function appointmentClash(err: unknown): unknown {
  const c = uniqueViolation(err);
  if (c === 'exhibitor_appointment_slot_key') return new AppError(ErrorCode.AppointmentSlotTaken);
  if (c === 'exhibitor_appointment_staff_key') return new AppError(ErrorCode.AppointmentStaffBusy);
  return err;
}

/* ---- reading ---- */

const columns = { a: exhibitorAppointment, companyName: company.name, staffName: companyStaff.name };
const joined = (db: Executor) =>
  db
    .select(columns)
    .from(exhibitorAppointment)
    .innerJoin(exhibitor, eq(exhibitor.id, exhibitorAppointment.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .leftJoin(companyStaff, eq(companyStaff.id, exhibitorAppointment.staffId));

const toAppointment = ({ a, companyName, staffName }: { a: Row; companyName: string | null; staffName: string | null }): Appointment => ({
  id: a.id,
  exhibitionId: a.exhibitionId,
  exhibitorId: a.exhibitorId,
  companyName,
  slotId: a.slotId,
  staffId: a.staffId,
  staffName,
  startAt: a.startAt.toISOString(),
  endAt: a.endAt.toISOString(),
  proposedStartAt: iso(a.proposedStartAt),
  proposedEndAt: iso(a.proposedEndAt),
  subject: a.subject,
  message: a.message,
  state: a.state as AppointmentState,
  declineReason: a.declineReason,
  shareContact: a.shareContact,
  // Contact stays with the visitor unless it chose to share it.
  contactName: a.shareContact ? a.contactName : null,
  contactPhone: a.shareContact ? a.contactPhone : null,
  contactEmail: a.shareContact ? a.contactEmail : null,
  contactCompany: a.shareContact ? a.contactCompany : null,
  decidedAt: iso(a.decidedAt),
  createAt: a.createdAt.toISOString(),
  updateAt: a.updatedAt.toISOString(),
});

/** The page's filters as a condition (the page and the export share it); scope is the caller's to add first. */
export const appointmentFilterWhere = (q: Omit<AppointmentQuery, 'pageIndex' | 'pageSize'>) =>
  and(
    q.exhibitionId ? eq(exhibitorAppointment.exhibitionId, q.exhibitionId) : undefined,
    q.exhibitorId ? eq(exhibitorAppointment.exhibitorId, q.exhibitorId) : undefined,
    q.state ? eq(exhibitorAppointment.state, q.state) : undefined,
    q.staffId ? eq(exhibitorAppointment.staffId, q.staffId) : undefined,
    q.from ? gte(exhibitorAppointment.startAt, new Date(q.from)) : undefined,
    q.to ? lte(exhibitorAppointment.startAt, new Date(q.to)) : undefined,
  );

export async function appointmentPage(db: Executor, p: UserPrincipal, q: Omit<AppointmentQuery, 'pageIndex' | 'pageSize'>, paging: { pageIndex: number; pageSize: number }): Promise<Page<Appointment>> {
  const where = and(appointmentScope(p), appointmentFilterWhere(q));
  const [total] = await db.select({ n: count() }).from(exhibitorAppointment).where(where);
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(exhibitorAppointment.startAt), desc(exhibitorAppointment.id))
    .limit(paging.pageSize)
    .offset((paging.pageIndex - 1) * paging.pageSize);
  return toPage(rows.map(toAppointment), total?.n ?? 0, paging);
}

export async function findAppointment(db: Executor, p: UserPrincipal, id: string): Promise<Appointment> {
  const [row] = await joined(db).where(appointmentById(p, id)).limit(1);
  if (!row) throw notFound('appointment');
  return toAppointment(row);
}

/** The record within the principal's reach, locked for the change. */
async function reachable(tx: Executor, p: UserPrincipal, id: string): Promise<Row> {
  const [row] = await tx.select().from(exhibitorAppointment).where(appointmentById(p, id)).for('update');
  if (!row) throw notFound('appointment');
  return row;
}

export async function exhibitionOfAppointment(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ e: exhibitorAppointment.exhibitionId }).from(exhibitorAppointment).where(and(eq(exhibitorAppointment.id, id), isNull(exhibitorAppointment.deletedAt)));
  if (!row) throw notFound('appointment');
  return row.e;
}

export async function exhibitionOfSlot(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ e: appointmentSlot.exhibitionId }).from(appointmentSlot).where(and(eq(appointmentSlot.id, id), isNull(appointmentSlot.deletedAt)));
  if (!row) throw notFound('slot');
  return row.e;
}

/** Accepted meetings per exhibitor (GraphQL `talkCount`), in one query. */
export async function appointmentCounts(db: Executor, exhibitorIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>(exhibitorIds.map((id) => [id, 0]));
  if (!exhibitorIds.length) return out;
  const rows = await db
    .select({ id: exhibitorAppointment.exhibitorId, n: count() })
    .from(exhibitorAppointment)
    .where(and(inArray(exhibitorAppointment.exhibitorId, exhibitorIds), eq(exhibitorAppointment.state, 'accepted'), isNull(exhibitorAppointment.deletedAt)))
    .groupBy(exhibitorAppointment.exhibitorId);
  for (const r of rows) out.set(r.id, r.n);
  return out;
}

/* ---- notices ---- */

type Lang = 'zh-CN' | 'en';
const fmt = (d: Date, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', { timeZone: 'Asia/Shanghai', dateStyle: 'medium', timeStyle: 'short' }).format(d);
const visitorText: Record<'accepted' | 'declined' | 'proposed' | 'cancelled', Record<Lang, (c: string, at: string) => string>> = {
  accepted: { 'zh-CN': (c, at) => `【Pavilion】${c} 已接受您的洽谈预约：${at}`, en: (c, at) => `[Pavilion] ${c} accepted your meeting request: ${at}` },
  declined: { 'zh-CN': (c, at) => `【Pavilion】${c} 未能接受您 ${at} 的洽谈预约`, en: (c, at) => `[Pavilion] ${c} declined your meeting request for ${at}` },
  proposed: { 'zh-CN': (c, at) => `【Pavilion】${c} 建议将洽谈改到 ${at}，请登录确认`, en: (c, at) => `[Pavilion] ${c} proposes to meet at ${at} instead; sign in to answer` },
  cancelled: { 'zh-CN': (c, at) => `【Pavilion】${c} 取消了 ${at} 的洽谈`, en: (c, at) => `[Pavilion] ${c} cancelled the meeting at ${at}` },
};

/** Tells the visitor (SMS to the registration's phone, in its language) of a decision; nothing without a phone. */
async function tellVisitor(tx: Executor, deps: Pick<Deps, 'messenger'>, a: Row, what: keyof typeof visitorText, at: Date) {
  const [m] = await tx
    .select({ phone: member.phoneNumber, lang: member.lang })
    .from(member)
    .where(and(eq(member.exhibitionId, a.exhibitionId), eq(member.userId, a.userId)))
    .limit(1);
  if (!m?.phone) return;
  const [c] = await tx.select({ name: company.name, nameEn: company.nameEn }).from(exhibitor).innerJoin(company, eq(company.id, exhibitor.companyId)).where(eq(exhibitor.id, a.exhibitorId));
  const lang: Lang = m.lang === 'en' ? 'en' : 'zh-CN';
  const name = (lang === 'en' ? c?.nameEn || c?.name : c?.name) ?? '';
  await deps.messenger.send(tx, { channel: 'sms', recipient: m.phone, body: visitorText[what][lang](name, fmt(at, lang)) });
}

/** Tells the exhibitor of a new request, unless it switched notices off: its notice phone (else the company's) and e-mail. */
async function tellExhibitor(tx: Executor, messenger: Messenger, a: Row) {
  const settings = await getExhibitorSettings(tx, a.exhibitorId);
  if (!settings.enabledEnquiryNotice) return;
  const [c] = await tx.select({ phone: company.phone }).from(exhibitor).innerJoin(company, eq(company.id, exhibitor.companyId)).where(eq(exhibitor.id, a.exhibitorId));
  const body = `【Pavilion】您收到一条新的洽谈预约：${a.subject}（${fmt(a.startAt, 'zh-CN')}），请登录展商后台处理`;
  const phone = settings.noticePhoneNumber || c?.phone;
  if (phone) await messenger.send(tx, { channel: 'sms', recipient: phone, body });
  if (settings.noticeEmail) await messenger.send(tx, { channel: 'email', recipient: settings.noticeEmail, subject: '新的洽谈预约 / New meeting request', body });
}

/* ---- the exhibitor's and host's decisions ---- */

const log = (ctx: WriteContext, action: string, before: Row, after?: Partial<Row>) =>
  writeOpLog(ctx.tx, ctx.actor, { action: `appointment.${action}`, targetType: 'appointment', targetId: before.id, before: { state: before.state, staffId: before.staffId, startAt: iso(before.startAt) }, after });

function inState(a: Row, ...states: AppointmentState[]) {
  if (!states.includes(a.state as AppointmentState)) throw new AppError(ErrorCode.AppointmentWrongState);
}

/** The staff member `staffId` of the exhibitor's company, else 404 naming the field. */
async function staffOf(tx: Executor, exhibitorId: string, staffId: string, field: string) {
  const [row] = await tx
    .select({ id: companyStaff.id })
    .from(companyStaff)
    .innerJoin(exhibitor, eq(exhibitor.companyId, companyStaff.companyId))
    .where(and(eq(exhibitor.id, exhibitorId), eq(companyStaff.id, staffId), isNull(companyStaff.deletedAt)))
    .limit(1);
  if (!row) throw fieldError(field, 'invalid');
  return row.id;
}

export async function decideAppointment(ctx: WriteContext, deps: Pick<Deps, 'messenger'>, body: AppointmentAuditBody): Promise<void> {
  const a = await reachable(ctx.tx, ctx.principal, body.id);
  inState(a, 'pending', 'proposed');
  const now = new Date();
  if (body.state === 'accepted') {
    let staffId = a.staffId;
    if (!staffId && a.slotId) [{ staffId = null } = { staffId: null }] = await ctx.tx.select({ staffId: appointmentSlot.staffId }).from(appointmentSlot).where(eq(appointmentSlot.id, a.slotId));
    if (!staffId) throw new AppError(ErrorCode.AppointmentNeedsStaff);
    const set = { state: 'accepted', staffId, proposedStartAt: null, proposedEndAt: null, declineReason: null, decidedAt: now, updatedAt: now };
    await ctx.tx.update(exhibitorAppointment).set(set).where(eq(exhibitorAppointment.id, a.id));
    await log(ctx, 'accept', a, { state: 'accepted', staffId });
    await tellVisitor(ctx.tx, deps, a, 'accepted', a.startAt);
  } else {
    await ctx.tx.update(exhibitorAppointment).set({ state: 'declined', declineReason: body.reason ?? null, decidedAt: now, updatedAt: now }).where(eq(exhibitorAppointment.id, a.id));
    await log(ctx, 'decline', a, { state: 'declined' });
    await tellVisitor(ctx.tx, deps, a, 'declined', a.startAt);
  }
}

export async function assignStaff(ctx: WriteContext, id: string, staffId: string): Promise<void> {
  const a = await reachable(ctx.tx, ctx.principal, id);
  inState(a, 'pending', 'proposed', 'accepted');
  await staffOf(ctx.tx, a.exhibitorId, staffId, 'companyUsersId');
  await ctx.tx.update(exhibitorAppointment).set({ staffId, updatedAt: new Date() }).where(eq(exhibitorAppointment.id, a.id));
  await log(ctx, 'assign', a, { staffId });
}

function checkSpan(start: Date, end: Date, field: string) {
  if (end <= start) throw fieldError(field, 'invalid');
}

export async function proposeTime(ctx: WriteContext, deps: Pick<Deps, 'messenger'>, id: string, body: AppointmentProposeBody): Promise<void> {
  const a = await reachable(ctx.tx, ctx.principal, id);
  inState(a, 'pending', 'proposed', 'accepted');
  const start = new Date(body.proposedStartAt);
  const end = new Date(body.proposedEndAt);
  checkSpan(start, end, 'proposedEndAt');
  if (start <= new Date()) throw fieldError('proposedStartAt', 'invalid');
  await ctx.tx
    .update(exhibitorAppointment)
    .set({ state: 'proposed', proposedStartAt: start, proposedEndAt: end, ...(body.message ? { declineReason: body.message } : {}), updatedAt: new Date() })
    .where(eq(exhibitorAppointment.id, a.id));
  await log(ctx, 'propose', a, { state: 'proposed', proposedStartAt: start });
  await tellVisitor(ctx.tx, deps, a, 'proposed', start);
}

export async function patchAppointment(ctx: WriteContext, id: string, body: AppointmentPatchBody): Promise<void> {
  const a = await reachable(ctx.tx, ctx.principal, id);
  inState(a, 'pending', 'proposed', 'accepted');
  const start = body.startAt ? new Date(body.startAt) : a.startAt;
  const end = body.endAt ? new Date(body.endAt) : a.endAt;
  checkSpan(start, end, 'endAt');
  const moved = start.getTime() !== a.startAt.getTime() || end.getTime() !== a.endAt.getTime();
  await ctx.tx
    .update(exhibitorAppointment)
    .set({
      ...(body.subject !== undefined ? { subject: body.subject } : {}),
      ...(body.message !== undefined ? { message: body.message || null } : {}),
      startAt: start,
      endAt: end,
      // A meeting moved off its offered time gives the time back.
      ...(moved ? { slotId: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(exhibitorAppointment.id, a.id));
  await log(ctx, 'update', a, { subject: body.subject ?? a.subject, startAt: start });
}

export async function removeAppointment(ctx: WriteContext, deps: Pick<Deps, 'messenger'>, id: string): Promise<void> {
  const a = await reachable(ctx.tx, ctx.principal, id);
  const now = new Date();
  await ctx.tx.update(exhibitorAppointment).set({ state: 'cancelled', deletedAt: now, updatedAt: now }).where(eq(exhibitorAppointment.id, a.id));
  await log(ctx, 'delete', a);
  if (HOLDING.includes(a.state as AppointmentState)) await tellVisitor(ctx.tx, deps, a, 'cancelled', a.startAt);
}

/** The staff of the exhibitor's company, who may take its meetings. */
export async function staffList(db: Executor, p: UserPrincipal, exhibitorId: string | undefined): Promise<AppointmentStaff[]> {
  const ex = await targetExhibitor(db, p, exhibitorId);
  return db
    .select({ id: companyStaff.id, name: companyStaff.name, position: companyStaff.position })
    .from(companyStaff)
    .innerJoin(exhibitor, eq(exhibitor.companyId, companyStaff.companyId))
    .where(and(eq(exhibitor.id, ex.id), isNull(companyStaff.deletedAt)))
    .orderBy(desc(companyStaff.isDefault), asc(companyStaff.name));
}

/* ---- slots ---- */

/** Whether a request holds the slot (the same condition as `exhibitor_appointment_slot_key`); named tables, as a one-table select leaves its columns unqualified. */
const heldSql = sql<boolean>`exists (select 1 from exhibitor_appointment h where h.slot_id = appointment_slot.id and h.state in ('pending', 'proposed', 'accepted') and h.deleted_at is null)`;

export async function slotPage(db: Executor, p: UserPrincipal, q: Omit<AppointmentSlotQuery, 'pageIndex' | 'pageSize'>, paging: { pageIndex: number; pageSize: number }): Promise<Page<AppointmentSlot>> {
  const where = and(
    slotScope(p),
    q.exhibitionId ? eq(appointmentSlot.exhibitionId, q.exhibitionId) : undefined,
    q.exhibitorId ? eq(appointmentSlot.exhibitorId, q.exhibitorId) : undefined,
    q.from ? gte(appointmentSlot.startAt, new Date(q.from)) : undefined,
    q.to ? lte(appointmentSlot.startAt, new Date(q.to)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(appointmentSlot).where(where);
  const rows = await db
    .select({ s: appointmentSlot, staffName: companyStaff.name, held: heldSql })
    .from(appointmentSlot)
    .leftJoin(companyStaff, eq(companyStaff.id, appointmentSlot.staffId))
    .where(where)
    .orderBy(asc(appointmentSlot.startAt), asc(appointmentSlot.id))
    .limit(paging.pageSize)
    .offset((paging.pageIndex - 1) * paging.pageSize);
  return toPage(
    rows.map(({ s, staffName, held }) => ({ id: s.id, exhibitionId: s.exhibitionId, exhibitorId: s.exhibitorId, staffId: s.staffId, staffName, startAt: s.startAt.toISOString(), endAt: s.endAt.toISOString(), held: Boolean(held) })),
    total?.n ?? 0,
    paging,
  );
}

/** The exhibitor a write is for: an exhibitor's own; a host names one of its exhibitions' (`exhibitorId`). */
async function targetExhibitor(tx: Executor, p: UserPrincipal, exhibitorId: string | undefined) {
  const id = p.exhibitorId ?? exhibitorId;
  if (!id) throw fieldError('exhibitorId', 'required');
  const [row] = await tx.select({ id: exhibitor.id, exhibitionId: exhibitor.exhibitionId }).from(exhibitor).where(and(exhibitorScope(p), eq(exhibitor.id, id))).limit(1);
  if (!row) throw notFound('exhibitor');
  return row;
}

/** The slots of a batch: `date` from `from` to `to`, one every `length` minutes that fits whole. */
export function slotTimes(body: Pick<AppointmentSlotCreateBody, 'date' | 'from' | 'to' | 'length' | 'utcOffset'>): { startAt: Date; endAt: Date }[] {
  const [y, m, d] = body.date.split('-').map(Number) as [number, number, number];
  const at = (hm: string) => {
    const [h, mi] = hm.split(':').map(Number) as [number, number];
    return Date.UTC(y, m - 1, d, h, mi) - body.utcOffset * 60_000;
  };
  const start = at(body.from);
  const end = at(body.to);
  const step = body.length * 60_000;
  const out: { startAt: Date; endAt: Date }[] = [];
  for (let t = start; t + step <= end; t += step) out.push({ startAt: new Date(t), endAt: new Date(t + step) });
  return out;
}

export async function createSlots(ctx: WriteContext, body: AppointmentSlotCreateBody, now = new Date()): Promise<AppointmentSlot[]> {
  const ex = await targetExhibitor(ctx.tx, ctx.principal, body.exhibitorId);
  if (body.staffId) await staffOf(ctx.tx, ex.id, body.staffId, 'staffId');
  const times = slotTimes(body);
  if (!times.length) throw fieldError('to', 'invalid');
  if (times.length > MAX_SLOTS_PER_BATCH) throw fieldError('length', 'invalid');
  if (times[0]!.startAt <= now) throw fieldError('date', 'invalid');
  const rows = await ctx.tx
    .insert(appointmentSlot)
    .values(times.map((t) => ({ exhibitorId: ex.id, exhibitionId: ex.exhibitionId, staffId: body.staffId ?? null, ...t })))
    .returning();
  await writeOpLog(ctx.tx, ctx.actor, { action: 'appointmentSlot.create', targetType: 'appointmentSlot', targetId: rows[0]!.id, after: { exhibitorId: ex.id, count: rows.length, from: iso(times[0]!.startAt) } });
  return rows.map((s) => ({ id: s.id, exhibitionId: s.exhibitionId, exhibitorId: s.exhibitorId, staffId: s.staffId, staffName: null, startAt: s.startAt.toISOString(), endAt: s.endAt.toISOString(), held: false }));
}

export async function deleteSlot(ctx: WriteContext, id: string): Promise<void> {
  const [s] = await ctx.tx.select({ id: appointmentSlot.id, held: heldSql }).from(appointmentSlot).where(and(slotScope(ctx.principal), eq(appointmentSlot.id, id))).for('update', { of: appointmentSlot });
  if (!s) throw notFound('slot');
  if (s.held) throw new AppError(ErrorCode.AppointmentSlotHeld);
  await ctx.tx.update(appointmentSlot).set({ deletedAt: new Date() }).where(eq(appointmentSlot.id, id));
  await writeOpLog(ctx.tx, ctx.actor, { action: 'appointmentSlot.delete', targetType: 'appointmentSlot', targetId: id });
}

/* ---- the visitor ---- */

/** A shown exhibitor of the exhibition, else 404 (the site does not show it). */
async function shownExhibitor(db: Executor, exhibitionId: string, exhibitorId: string) {
  const [row] = await db
    .select({ id: exhibitor.id })
    .from(exhibitor)
    .where(and(eq(exhibitor.id, exhibitorId), eq(exhibitor.exhibitionId, exhibitionId), isNull(exhibitor.deletedAt), eq(exhibitor.isShow, true), eq(exhibitor.auditState, AuditState.Approved)))
    .limit(1);
  if (!row) throw notFound('exhibitor');
}

/** Free future slots of a shown exhibitor that takes requests (none when it switched requests off). */
export async function freeSlots(db: Executor, exhibitionId: string, exhibitorId: string, now = new Date()): Promise<ExpoAppointmentSlot[]> {
  await shownExhibitor(db, exhibitionId, exhibitorId);
  if (!(await getExhibitorSettings(db, exhibitorId)).enabledAppointment) return [];
  const rows = await db
    .select({ id: appointmentSlot.id, startAt: appointmentSlot.startAt, endAt: appointmentSlot.endAt })
    .from(appointmentSlot)
    .where(and(eq(appointmentSlot.exhibitorId, exhibitorId), eq(appointmentSlot.exhibitionId, exhibitionId), isNull(appointmentSlot.deletedAt), gt(appointmentSlot.startAt, now), sql`not ${heldSql}`))
    .orderBy(asc(appointmentSlot.startAt))
    .limit(500);
  return rows.map((r) => ({ id: r.id, startAt: r.startAt.toISOString(), endAt: r.endAt.toISOString() }));
}

/** The visitor's approved registration (blacklisted or not approved: 403). */
async function approvedMember(db: Executor, p: UserPrincipal, exhibitionId: string) {
  const memberId = visitorMemberId(p, exhibitionId);
  const [m] = await db.select().from(member).where(eq(member.id, memberId)).limit(1);
  if (!m) throw notFound('member');
  if (m.blacklisted) throw new AppError(ErrorCode.Blacklisted);
  if (m.auditState !== AuditState.Approved) throw forbidden();
  return m;
}

export async function exhibitorOfSlot(db: Executor, exhibitionId: string, slotId: string): Promise<string> {
  const [s] = await db.select({ exhibitorId: appointmentSlot.exhibitorId }).from(appointmentSlot).where(and(eq(appointmentSlot.id, slotId), eq(appointmentSlot.exhibitionId, exhibitionId), isNull(appointmentSlot.deletedAt)));
  if (!s) throw fieldError('slotId', 'invalid', {}, ErrorCode.NotFound);
  return s.exhibitorId;
}

/**
 * A visitor's request for a slot. The slot's partial unique index decides between two at once: the second insert
 * fails and the caller answers 409 AppointmentSlotTaken. Runs in the caller's transaction.
 */
export async function requestAppointment(tx: Executor, messenger: Messenger, p: UserPrincipal, exhibitionId: string, body: ExpoAppointmentBody, now = new Date()): Promise<string> {
  const m = await approvedMember(tx, p, exhibitionId);
  const [s] = await tx.select().from(appointmentSlot).where(and(eq(appointmentSlot.id, body.slotId), eq(appointmentSlot.exhibitionId, exhibitionId), isNull(appointmentSlot.deletedAt)));
  if (!s) throw fieldError('slotId', 'invalid', {}, ErrorCode.NotFound);
  await shownExhibitor(tx, exhibitionId, s.exhibitorId);
  if (!(await getExhibitorSettings(tx, s.exhibitorId)).enabledAppointment) throw new AppError(ErrorCode.AppointmentsOff);
  if (s.startAt <= now) throw new AppError(ErrorCode.AppointmentSlotPast);
  const [row] = await tx
    .insert(exhibitorAppointment)
    .values({
      exhibitionId,
      exhibitorId: s.exhibitorId,
      userId: p.userId,
      slotId: s.id,
      staffId: s.staffId,
      startAt: s.startAt,
      endAt: s.endAt,
      subject: body.subject,
      message: body.message || null,
      shareContact: body.shareContact,
      contactName: m.name,
      contactPhone: m.phoneNumber,
      contactEmail: m.email,
      contactCompany: m.company,
    })
    .returning();
  await tellExhibitor(tx, messenger, row!);
  return row!.id;
}

const mineWhere = (p: UserPrincipal, exhibitionId: string, id?: string): SQL =>
  and(eq(exhibitorAppointment.userId, p.userId), eq(exhibitorAppointment.exhibitionId, exhibitionId), isNull(exhibitorAppointment.deletedAt), id ? eq(exhibitorAppointment.id, id) : undefined)!;

export async function myAppointments(db: Executor, p: UserPrincipal, exhibitionId: string, id?: string): Promise<MyAppointment[]> {
  visitorMemberId(p, exhibitionId);
  const rows = await db
    .select({ a: exhibitorAppointment, companyName: company.name, boothInfo: exhibitor.boothInfo })
    .from(exhibitorAppointment)
    .innerJoin(exhibitor, eq(exhibitor.id, exhibitorAppointment.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(mineWhere(p, exhibitionId, id))
    .orderBy(desc(exhibitorAppointment.startAt))
    .limit(200);
  return rows.map(({ a, companyName, boothInfo }) => ({
    id: a.id,
    exhibitorId: a.exhibitorId,
    companyName,
    boothInfo,
    startAt: a.startAt.toISOString(),
    endAt: a.endAt.toISOString(),
    proposedStartAt: iso(a.proposedStartAt),
    proposedEndAt: iso(a.proposedEndAt),
    subject: a.subject,
    message: a.message,
    state: a.state as AppointmentState,
    declineReason: a.declineReason,
    shareContact: a.shareContact,
    createAt: a.createdAt.toISOString(),
  }));
}

async function mine(tx: Executor, p: UserPrincipal, exhibitionId: string, id: string): Promise<Row> {
  visitorMemberId(p, exhibitionId);
  const [row] = await tx.select().from(exhibitorAppointment).where(mineWhere(p, exhibitionId, id)).for('update');
  if (!row) throw notFound('appointment');
  return row;
}

/** The visitor answers a proposal: yes moves the meeting there (accepted, off its slot), no declines it. */
export async function respondToProposal(tx: Executor, p: UserPrincipal, exhibitionId: string, id: string, accept: boolean): Promise<void> {
  const a = await mine(tx, p, exhibitionId, id);
  inState(a, 'proposed');
  const now = new Date();
  const set = accept
    ? { state: 'accepted', startAt: a.proposedStartAt!, endAt: a.proposedEndAt!, slotId: null, proposedStartAt: null, proposedEndAt: null, decidedAt: now, updatedAt: now }
    : { state: 'declined', proposedStartAt: null, proposedEndAt: null, decidedAt: now, updatedAt: now };
  await tx.update(exhibitorAppointment).set(set).where(eq(exhibitorAppointment.id, a.id));
}

export async function visitorCancel(tx: Executor, p: UserPrincipal, exhibitionId: string, id: string): Promise<void> {
  const a = await mine(tx, p, exhibitionId, id);
  inState(a, 'pending', 'proposed', 'accepted');
  await tx.update(exhibitorAppointment).set({ state: 'cancelled', updatedAt: new Date() }).where(eq(exhibitorAppointment.id, a.id));
}

/** What the ICS file of a meeting needs: the meeting, its exhibitor's company and booth. */
export async function icsSource(db: Executor, where: SQL) {
  const [row] = await db
    .select({ a: exhibitorAppointment, companyName: company.name, companyEmail: company.email, boothInfo: exhibitor.boothInfo, boothArea: exhibitor.boothArea, staffName: companyStaff.name })
    .from(exhibitorAppointment)
    .innerJoin(exhibitor, eq(exhibitor.id, exhibitorAppointment.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .leftJoin(companyStaff, eq(companyStaff.id, exhibitorAppointment.staffId))
    .where(where)
    .limit(1);
  if (!row) throw notFound('appointment');
  return row;
}
export const icsOfStaff = (p: UserPrincipal, id: string) => appointmentById(p, id);
export const icsOfVisitor = (p: UserPrincipal, exhibitionId: string, id: string) => {
  visitorMemberId(p, exhibitionId);
  return mineWhere(p, exhibitionId, id);
};
