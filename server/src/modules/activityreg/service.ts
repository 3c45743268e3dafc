import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  AuditState,
  ErrorCode,
  FormType,
  MAX_TICKET_TYPES,
  SettingType,
  toPage,
  validateFormAnswers,
  type ActivityReg,
  type ActivityTicketType,
  type MyActivityTicket,
  type Page,
  type RegStatus,
} from '@pavilion/contract';
import type { z } from 'zod';
import type { activityRegQuery, activityTicketTypeCreateBody, activityTicketTypePatchBody, publicRegisterBody } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { visitorMemberId } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { AppError, fieldError, forbidden, notFound, uniqueViolation } from '../../http/errors.ts';
import { iso, shownTime } from '../../http/time.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { readForm } from '../form/service.ts';
import { member } from '../member/tables.ts';
import { getExhibitionSettings, readSettingRow } from '../settings/service.ts';
import { activity, activityReg, activityTicketType } from '../activity/tables.ts';
import { publicActivityRows, toPublicActivity } from '../activity/public.ts';
import { liveTicketTypes, ticketTypesOf, toTicketType, type TicketTypeRow } from '../activity/ticket-types.ts';
import type { Lang } from '../../http/i18n.ts';
import { publicActivityRow, reachableActivity } from './scope.ts';

type RegRow = typeof activityReg.$inferSelect;

/* ---------------------------------------------------------------- ticket codes */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 128 random bits in RFC 4648 base32 without padding: 26 letters and digits, easy to type at a door. */
export function newTicketCode(): string {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}
/** What a scanner or a person typed: spaces and dashes dropped, case ignored. */
export const normaliseCode = (code: string) => code.replace(/[\s-]+/g, '').toUpperCase();

export const ticketQrSvg = (code: string) => QRCode.toString(code, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });

/* ---------------------------------------------------------------- ticket kinds */


export async function listTicketTypes(db: Executor, p: UserPrincipal, activityId: string): Promise<ActivityTicketType[]> {
  const a = await reachableActivity(db, p, activityId);
  return ticketTypesOf(db, a.id);
}

function checkSaleWindow(start: Date | null, end: Date | null) {
  if (start && end && end <= start) throw fieldError('saleEndAt', 'invalid');
}

async function ownTicketType(tx: Executor, p: UserPrincipal, id: string) {
  const [row] = await tx.select().from(activityTicketType).where(and(eq(activityTicketType.id, id), isNull(activityTicketType.deletedAt))).limit(1);
  if (!row) throw notFound('activityTicketType');
  return { row, activity: await reachableActivity(tx, p, row.activityId, { manage: true }) };
}

export async function createTicketType(ctx: WriteContext, body: z.infer<typeof activityTicketTypeCreateBody>): Promise<ActivityTicketType> {
  const { tx, principal, actor } = ctx;
  const a = await reachableActivity(tx, principal, body.activityId, { manage: true });
  const start = body.saleStartAt ? new Date(body.saleStartAt) : null;
  const end = body.saleEndAt ? new Date(body.saleEndAt) : null;
  checkSaleWindow(start, end);
  // The activity row is locked so that two creations cannot both pass the limit.
  await tx.select({ id: activity.id }).from(activity).where(eq(activity.id, a.id)).for('update');
  if ((await tx.$count(activityTicketType, liveTicketTypes(a.id))) >= MAX_TICKET_TYPES) throw fieldError('activityId', 'ticketTypeLimit', { max: String(MAX_TICKET_TYPES) });
  const [row] = await tx
    .insert(activityTicketType)
    .values({ activityId: a.id, name: body.name, nameEn: body.nameEn ?? null, quantity: body.quantity, saleStartAt: start, saleEndAt: end, showIndex: body.showIndex })
    .returning();
  await writeOpLog(tx, actor, { action: 'activityTicketType.create', targetType: 'activityTicketType', targetId: row!.id, hostId: a.hostId, after: toTicketType(row!) });
  return toTicketType(row!);
}

export async function patchTicketType(ctx: WriteContext, id: string, body: z.infer<typeof activityTicketTypePatchBody>): Promise<ActivityTicketType> {
  const { tx, principal, actor } = ctx;
  const { row: found, activity: a } = await ownTicketType(tx, principal, id);
  const [row] = await tx.select().from(activityTicketType).where(eq(activityTicketType.id, found.id)).for('update');
  const before = row!;
  const start = body.saleStartAt !== undefined ? (body.saleStartAt ? new Date(body.saleStartAt) : null) : before.saleStartAt;
  const end = body.saleEndAt !== undefined ? (body.saleEndAt ? new Date(body.saleEndAt) : null) : before.saleEndAt;
  checkSaleWindow(start, end);
  if (body.quantity !== undefined && body.quantity < before.taken) throw fieldError('quantity', 'tooSmall', { min: String(before.taken) });
  const [after] = await tx
    .update(activityTicketType)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.nameEn !== undefined ? { nameEn: body.nameEn ?? null } : {}),
      ...(body.quantity !== undefined ? { quantity: body.quantity } : {}),
      ...(body.showIndex !== undefined ? { showIndex: body.showIndex } : {}),
      saleStartAt: start,
      saleEndAt: end,
      updatedAt: new Date(),
    })
    .where(eq(activityTicketType.id, before.id))
    .returning();
  await writeOpLog(tx, actor, { action: 'activityTicketType.update', targetType: 'activityTicketType', targetId: id, hostId: a.hostId, before: toTicketType(before), after: toTicketType(after!) });
  return toTicketType(after!);
}

/** A kind that registrations hold (or wait for) stays: deleting it would leave tickets without their kind. */
export async function deleteTicketType(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal, actor } = ctx;
  const { row, activity: a } = await ownTicketType(tx, principal, id);
  const [used] = await tx.select({ n: count() }).from(activityReg).where(and(eq(activityReg.ticketTypeId, row.id), ne(activityReg.status, 'cancelled')));
  if (used && used.n > 0) throw fieldError('id', 'ticketTypeInUse', { count: String(used.n) }, ErrorCode.Conflict);
  await tx.update(activityTicketType).set({ deletedAt: new Date() }).where(eq(activityTicketType.id, row.id));
  await writeOpLog(tx, actor, { action: 'activityTicketType.delete', targetType: 'activityTicketType', targetId: id, hostId: a.hostId, before: toTicketType(row) });
}

/* ---------------------------------------------------------------- registrations */

const regColumns = { reg: activityReg, ticketTypeName: activityTicketType.name };
const toReg = (r: { reg: RegRow; ticketTypeName: string | null }): ActivityReg => ({
  id: r.reg.id,
  activityId: r.reg.activityId,
  exhibitionId: r.reg.exhibitionId,
  memberId: r.reg.memberId,
  ticketTypeId: r.reg.ticketTypeId,
  ticketTypeName: r.ticketTypeName,
  status: r.reg.status as RegStatus,
  name: r.reg.name,
  phoneNumber: r.reg.phoneNumber,
  email: r.reg.email,
  company: r.reg.company,
  answers: (r.reg.answers ?? {}) as Record<string, unknown>,
  ticketCode: r.reg.ticketCode,
  checkedInAt: iso(r.reg.checkedInAt),
  createAt: r.reg.createdAt.toISOString(),
});

async function readReg(db: Executor, id: string): Promise<ActivityReg> {
  const [row] = await db.select(regColumns).from(activityReg).leftJoin(activityTicketType, eq(activityTicketType.id, activityReg.ticketTypeId)).where(eq(activityReg.id, id));
  if (!row) throw notFound('activityReg');
  return toReg(row);
}

const activityFormKey = (activityId: string) => ({ type: SettingType.FormControl, scope: activityId, name: String(FormType.ActivityReg) });

/** The activity's registration form, when the host made one (form type ActivityReg, the activity as its item). */
export async function activityForm(db: Executor, activityId: string) {
  if (!(await readSettingRow(db, activityFormKey(activityId)))) return null;
  return readForm(db, activityId, FormType.ActivityReg);
}

const inWindow = (now: Date, start: Date | null, end: Date | null) => (!start || now >= start) && (!end || now <= end);

/**
 * A signed-in visitor registers (docs/activities.md "Registration and tickets"). The checks that need no lock come
 * first; the seat is taken in one transaction holding the activity row (and the ticket kind's) for update, so the
 * last seat goes to exactly one of two registrations at once.
 */
export async function register(
  db: Executor,
  p: UserPrincipal,
  exhibitionId: string,
  activityId: string,
  body: z.infer<typeof publicRegisterBody>,
  lang: Lang,
  now = new Date(),
): Promise<MyActivityTicket> {
  const memberId = visitorMemberId(p, exhibitionId);
  const [m] = await db.select().from(member).where(eq(member.id, memberId)).limit(1);
  if (!m) throw notFound('member');
  if (m.blacklisted) throw new AppError(ErrorCode.Blacklisted);
  if (m.auditState !== AuditState.Approved) throw forbidden();
  const { a, exhibitionEndAt } = await publicActivityRow(db, exhibitionId, activityId);
  if ((exhibitionEndAt && now > exhibitionEndAt) || now > a.endAt) throw new AppError(ErrorCode.ExhibitionOver);
  const settings = await getExhibitionSettings(db, exhibitionId);
  if (!settings.enabledActivityReg || !a.regEnabled || !inWindow(now, a.regStartAt, a.regEndAt)) throw new AppError(ErrorCode.FunctionNotOpen);

  const types = await db.select().from(activityTicketType).where(liveTicketTypes(a.id));
  let type: TicketTypeRow | null = null;
  if (body.ticketTypeId) {
    type = types.find((t) => t.id === body.ticketTypeId) ?? null;
    if (!type) throw fieldError('ticketTypeId', 'invalid');
    if (!inWindow(now, type.saleStartAt, type.saleEndAt)) throw fieldError('ticketTypeId', 'ticketNotOnSale');
  } else if (types.length) throw fieldError('ticketTypeId', 'required');

  let answers: Record<string, unknown> = {};
  const form = await activityForm(db, a.id);
  if (form) {
    const { values, errors } = validateFormAnswers(form.formItems, body.answers, { international: m.lang === 'en' });
    if (errors.length) throw new AppError(ErrorCode.ValidationFailed, {}, undefined, undefined, errors.map((e) => ({ field: e.name, issue: e.issue, params: { field: e.label } })));
    answers = values;
  }

  try {
    const regId = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(activity).where(eq(activity.id, a.id)).for('update');
      const [kind] = type ? await tx.select().from(activityTicketType).where(eq(activityTicketType.id, type.id)).for('update') : [null];
      const [mine] = await tx
        .select({ id: activityReg.id })
        .from(activityReg)
        .where(and(eq(activityReg.activityId, a.id), eq(activityReg.memberId, memberId), ne(activityReg.status, 'cancelled')))
        .limit(1);
      if (mine) throw new AppError(ErrorCode.AlreadyRegistered);
      const full = (locked!.capacity !== null && locked!.regCount >= locked!.capacity) || (kind ? kind.taken >= kind.quantity : false);
      if (full && !locked!.waitlist) throw new AppError(ErrorCode.ActivityFull);
      const status: RegStatus = full ? 'waiting' : 'registered';
      const [row] = await tx
        .insert(activityReg)
        .values({
          activityId: a.id,
          exhibitionId,
          memberId,
          userId: p.userId,
          ticketTypeId: type?.id ?? null,
          status,
          name: m.name,
          phoneNumber: m.phoneNumber,
          email: m.email,
          company: m.company,
          answers,
          ticketCode: full ? null : newTicketCode(),
        })
        .returning({ id: activityReg.id });
      if (full) await tx.update(activity).set({ waitCount: sql`${activity.waitCount} + 1` }).where(eq(activity.id, a.id));
      else {
        await tx.update(activity).set({ regCount: sql`${activity.regCount} + 1` }).where(eq(activity.id, a.id));
        if (kind) await tx.update(activityTicketType).set({ taken: sql`${activityTicketType.taken} + 1` }).where(eq(activityTicketType.id, kind.id));
      }
      return row!.id;
    });
    return (await myTickets(db, p, exhibitionId, lang, regId))[0]!;
  } catch (err) {
    if (uniqueViolation(err) === 'activity_reg_member_key') throw new AppError(ErrorCode.AlreadyRegistered);
    throw err;
  }
}

/**
 * Cancels a registration inside the caller's transaction: a held seat is given back (activity and ticket kind) and
 * the oldest waiting registration that fits the freed seat moves up with its ticket; a waiting one just leaves the
 * list. A cancelled one stays as it is. A checked-in ticket cannot be cancelled.
 */
export async function cancelInTx(tx: Executor, regId: string): Promise<{ before: RegRow; promoted: string | null }> {
  const [peek] = await tx.select({ activityId: activityReg.activityId }).from(activityReg).where(eq(activityReg.id, regId));
  if (!peek) throw notFound('activityReg');
  // Lock order as in register(): the activity first, then the rows under it.
  const [a] = await tx.select().from(activity).where(eq(activity.id, peek.activityId)).for('update');
  const [reg] = await tx.select().from(activityReg).where(eq(activityReg.id, regId)).for('update');
  if (reg!.status === 'cancelled') return { before: reg!, promoted: null };
  if (reg!.checkedInAt) throw new AppError(ErrorCode.AlreadyCheckedIn, { at: shownTime(reg!.checkedInAt) });
  await tx.update(activityReg).set({ status: 'cancelled', ticketCode: null, updatedAt: new Date() }).where(eq(activityReg.id, regId));
  if (reg!.status === 'waiting') {
    await tx.update(activity).set({ waitCount: sql`greatest(${activity.waitCount} - 1, 0)` }).where(eq(activity.id, a!.id));
    return { before: reg!, promoted: null };
  }
  await tx.update(activity).set({ regCount: sql`greatest(${activity.regCount} - 1, 0)` }).where(eq(activity.id, a!.id));
  if (reg!.ticketTypeId)
    await tx.update(activityTicketType).set({ taken: sql`greatest(${activityTicketType.taken} - 1, 0)` }).where(eq(activityTicketType.id, reg!.ticketTypeId));
  return { before: reg!, promoted: await promote(tx, a!.id) };
}

/** The oldest waiting registration whose kind (if any) has a free ticket takes the free seat. */
async function promote(tx: Executor, activityId: string): Promise<string | null> {
  const [a] = await tx.select().from(activity).where(eq(activity.id, activityId));
  if (!a || (a.capacity !== null && a.regCount >= a.capacity)) return null;
  const waiting = await tx
    .select({ id: activityReg.id, ticketTypeId: activityReg.ticketTypeId })
    .from(activityReg)
    .leftJoin(activityTicketType, eq(activityTicketType.id, activityReg.ticketTypeId))
    .where(
      and(
        eq(activityReg.activityId, activityId),
        eq(activityReg.status, 'waiting'),
        or(isNull(activityReg.ticketTypeId), sql`${activityTicketType.taken} < ${activityTicketType.quantity}`),
      ),
    )
    .orderBy(asc(activityReg.createdAt), asc(activityReg.id))
    .limit(1)
    .for('update', { of: activityReg });
  const next = waiting[0];
  if (!next) return null;
  await tx.update(activityReg).set({ status: 'registered', ticketCode: newTicketCode(), updatedAt: new Date() }).where(eq(activityReg.id, next.id));
  await tx.update(activity).set({ regCount: sql`${activity.regCount} + 1`, waitCount: sql`greatest(${activity.waitCount} - 1, 0)` }).where(eq(activity.id, activityId));
  if (next.ticketTypeId) await tx.update(activityTicketType).set({ taken: sql`${activityTicketType.taken} + 1` }).where(eq(activityTicketType.id, next.ticketTypeId));
  return next.id;
}

/** `PUT /api/v3/activityreg/cancel?id`: the host of the activity's exhibition. */
export async function hostCancel(ctx: WriteContext, id: string, reason: string | undefined): Promise<ActivityReg> {
  const { tx, principal, actor } = ctx;
  const [row] = await tx.select({ activityId: activityReg.activityId }).from(activityReg).where(eq(activityReg.id, id));
  if (!row) throw notFound('activityReg');
  const a = await reachableActivity(tx, principal, row.activityId, { manage: true });
  const { before, promoted } = await cancelInTx(tx, id);
  await writeOpLog(tx, actor, { action: 'activityReg.cancel', targetType: 'activityReg', targetId: id, hostId: a.hostId, before: { status: before.status }, after: { status: 'cancelled', reason: reason ?? null, promoted } });
  return readReg(tx, id);
}

/** `PUT …/my/tickets/{regId}/cancel`: the visitor its own (another's is not found). */
export async function visitorCancel(db: Executor, p: UserPrincipal, exhibitionId: string, regId: string, lang: Lang): Promise<MyActivityTicket> {
  const memberId = visitorMemberId(p, exhibitionId);
  const [row] = await db.select({ id: activityReg.id }).from(activityReg).where(and(eq(activityReg.id, regId), eq(activityReg.memberId, memberId), eq(activityReg.exhibitionId, exhibitionId)));
  if (!row) throw notFound('activityReg');
  await db.transaction((tx) => cancelInTx(tx, regId));
  return (await myTickets(db, p, exhibitionId, lang, regId))[0]!;
}

/** The visitor's registrations in the exhibition, newest first, each with its activity and (holding a seat) its QR. */
export async function myTickets(db: Executor, p: UserPrincipal, exhibitionId: string, lang: Lang, onlyId?: string): Promise<MyActivityTicket[]> {
  const memberId = visitorMemberId(p, exhibitionId);
  const regs = await db
    .select({ reg: activityReg, ticketTypeName: activityTicketType.name })
    .from(activityReg)
    .innerJoin(activity, and(eq(activity.id, activityReg.activityId), isNull(activity.deletedAt)))
    .leftJoin(activityTicketType, eq(activityTicketType.id, activityReg.ticketTypeId))
    .where(and(eq(activityReg.memberId, memberId), eq(activityReg.exhibitionId, exhibitionId), onlyId ? eq(activityReg.id, onlyId) : undefined))
    .orderBy(desc(activityReg.createdAt), desc(activityReg.id));
  const ids = [...new Set(regs.map((r) => r.reg.activityId))];
  const activities = new Map(ids.length ? (await publicActivityRows(db).where(inArray(activity.id, ids))).map((row) => [row.activity.id, row]) : []);
  const now = new Date();
  return Promise.all(
    regs.map(async (r) => ({
      id: r.reg.id,
      activity: toPublicActivity(activities.get(r.reg.activityId)!, lang, now),
      status: r.reg.status as RegStatus,
      ticketTypeName: r.ticketTypeName,
      ticketCode: r.reg.ticketCode,
      qrSvg: r.reg.ticketCode ? await ticketQrSvg(r.reg.ticketCode) : null,
      checkedInAt: iso(r.reg.checkedInAt),
      createAt: r.reg.createdAt.toISOString(),
    })),
  );
}

/** `POST /api/v3/activityreg/page`: the host of the exhibition, or the exhibitor owning the activity; oldest first. */
export async function regPage(db: Executor, p: UserPrincipal, q: z.infer<typeof activityRegQuery>): Promise<Page<ActivityReg>> {
  const a = await reachableActivity(db, p, q.activityId);
  const keyword = q.keyword ? containing(q.keyword) : null;
  const where = and(
    eq(activityReg.activityId, a.id),
    q.status ? eq(activityReg.status, q.status) : undefined,
    q.checkedIn === undefined ? undefined : q.checkedIn ? isNotNull(activityReg.checkedInAt) : isNull(activityReg.checkedInAt),
    keyword
      ? or(sql`${activityReg.name} ilike ${keyword}`, sql`${activityReg.phoneNumber} ilike ${keyword}`, sql`${activityReg.email} ilike ${keyword}`, sql`${activityReg.company} ilike ${keyword}`)
      : undefined,
  ) as SQL;
  const total = await db.$count(activityReg, where);
  const rows = await db
    .select(regColumns)
    .from(activityReg)
    .leftJoin(activityTicketType, eq(activityTicketType.id, activityReg.ticketTypeId))
    .where(where)
    .orderBy(asc(activityReg.createdAt), asc(activityReg.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows.map(toReg), total, q);
}

/**
 * `POST /api/v3/activityticket/checkin`: one conditional update, so of two scans at once exactly one sets the time;
 * the other reads it and answers 409 with it. A code of another activity, unknown, waiting or cancelled is 404.
 */
export async function checkIn(ctx: WriteContext, body: { activityId: string; code: string }): Promise<ActivityReg> {
  const { tx, principal, actor } = ctx;
  const a = await reachableActivity(tx, principal, body.activityId, { manage: true });
  const code = normaliseCode(body.code);
  const ours = and(eq(activityReg.activityId, a.id), eq(activityReg.ticketCode, code), eq(activityReg.status, 'registered'));
  const [done] = await tx
    .update(activityReg)
    .set({ checkedInAt: new Date(), checkedInBy: principal.userId, updatedAt: new Date() })
    .where(and(ours, isNull(activityReg.checkedInAt)))
    .returning({ id: activityReg.id });
  if (!done) {
    const [seen] = await tx.select({ at: activityReg.checkedInAt }).from(activityReg).where(ours);
    if (seen?.at) throw new AppError(ErrorCode.AlreadyCheckedIn, { at: shownTime(seen.at) });
    throw notFound('activityTicket');
  }
  await writeOpLog(tx, actor, { action: 'activityReg.checkin', targetType: 'activityReg', targetId: done.id, hostId: a.hostId });
  return readReg(tx, done.id);
}
