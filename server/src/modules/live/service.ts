import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  AuditState,
  ErrorCode,
  LiveApplyState,
  Role,
  toPage,
  type LiveEvent,
  type LiveRoom,
  type LiveRoomCreateBody,
  type LiveRoomKind,
  type LiveRoomPatchBody,
  type LiveRoomQuery,
  type Page,
  type ExhibitionSettings,
} from '@pavilion/contract';
import { markDraft, registerAuditType } from '../../audit/audit.ts';
import { auditedOf } from '../../audit/columns.ts';
import { afterOwnerSave } from '../../audit/owner-save.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.ts';
import { iso } from '../../http/time.ts';
import type { SharedState } from '../../infra/kv.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { reachableActivity } from '../activityreg/scope.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { loadExhibitor } from '../exhibitor/service.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { getExhibitionSettings } from '../settings/service.ts';
import { onlineCounts } from './online.ts';
import { liveRoomScope, roomById } from './scope.ts';
import { liveRoom } from './tables.ts';

export type LiveRoomRow = typeof liveRoom.$inferSelect;

/** What the audit queue shows of a submitted room (the content an exhibitor's change sends back to audit). */
const snapshotOf = (r: LiveRoomRow) => ({
  title: r.title,
  titleEn: r.titleEn,
  cover: r.cover,
  introduction: r.introduction,
  planStartAt: iso(r.planStartAt),
  planEndAt: iso(r.planEndAt),
});

registerAuditType({
  type: 'liveroom',
  table: liveRoom,
  stateColumn: liveRoom.auditState,
  reasonColumn: liveRoom.auditReason,
  submitAtColumn: liveRoom.submitAt,
  auditAtColumn: liveRoom.auditAt,
  exhibitionIdColumn: liveRoom.exhibitionId,
  exhibitorIdColumn: liveRoom.exhibitorId,
  autoAudit: 'enabledAutoAuditLive',
  title: (row: LiveRoomRow) => row.title,
  snapshot: snapshotOf,
  onDecided: (tx, row: LiveRoomRow) => refreshExhibitorLive(tx, row.exhibitorId),
});

/** A random stream key: 128 bits, hex. It is part of the push URL, so it is never shown to visitors. */
/** A room's stream key: 144 random bits, URL-safe (it stands in the push and pull paths). */
export const newStreamKey = () => randomBytes(18).toString('base64url');

/**
 * The exhibition's live toggles: `enabledLive` off refuses every room; an exhibitor's room needs
 * `enabledExhibitorLive`, the host's and an activity's `enabledSpecialLive` (403 LiveOff).
 */
/** Whether the exhibition's toggles leave a room kind on. */
export const liveKindOn = (s: Pick<ExhibitionSettings, 'enabledLive' | 'enabledExhibitorLive' | 'enabledSpecialLive'>, kind: LiveRoomKind) =>
  s.enabledLive && (kind === 'exhibitor' ? s.enabledExhibitorLive : s.enabledSpecialLive);

export async function checkLiveOn(db: Executor, exhibitionId: string, kind: LiveRoomKind): Promise<void> {
  if (!liveKindOn(await getExhibitionSettings(db, exhibitionId), kind)) throw new AppError(ErrorCode.LiveOff);
}

/**
 * `exhibitor.live_count` (shown, approved rooms) and `is_living` (one of its rooms streams now), what the GraphQL preview
 * and exhibitor lists show; recounted in the transaction of every change that can move them.
 */
export async function refreshExhibitorLive(tx: Executor, exhibitorId: string | null): Promise<void> {
  if (!exhibitorId) return;
  const mine = sql`${liveRoom.exhibitorId} = ${exhibitorId} and ${liveRoom.deletedAt} is null`;
  await tx
    .update(exhibitor)
    .set({
      liveCount: sql`(select count(*)::int from ${liveRoom} where ${mine} and ${liveRoom.isShow} and ${liveRoom.auditState} = ${AuditState.Approved})`,
      isLiving: sql`exists (select 1 from ${liveRoom} where ${mine} and ${liveRoom.liveState} = 'live')`,
    })
    .where(eq(exhibitor.id, exhibitorId));
}

export const toLiveRoom = (r: LiveRoomRow, companyName: string | null, online: number): LiveRoom => ({
  id: r.id,
  exhibitionId: r.exhibitionId,
  exhibitorId: r.exhibitorId,
  companyName,
  activityId: r.activityId,
  kind: r.kind as LiveRoomKind,
  ...snapshotOf(r),
  liveState: r.liveState as LiveRoom['liveState'],
  liveStartedAt: iso(r.liveStartedAt),
  streamedSeconds: r.streamedSeconds,
  giftEnabled: r.giftEnabled,
  giftNotice: r.giftNotice,
  viewCount: r.viewCount,
  onlineCount: online,
  giftCount: r.giftCount,
  messageCount: r.messageCount,
  isShow: r.isShow,
  showIndex: r.showIndex,
  ...auditedOf(r),
  createAt: r.createdAt.toISOString(),
  updateAt: r.updatedAt.toISOString(),
});

/** Rooms with their exhibitor's company name and their exhibition's host. */
const withCompany = (db: Executor) =>
  db
    .select({ room: liveRoom, companyName: company.name, hostId: exhibition.hostId })
    .from(liveRoom)
    .innerJoin(exhibition, and(eq(exhibition.id, liveRoom.exhibitionId), isNull(exhibition.deletedAt)))
    .leftJoin(exhibitor, eq(exhibitor.id, liveRoom.exhibitorId))
    .leftJoin(company, eq(company.id, exhibitor.companyId));

export type ReachedRoom = LiveRoomRow & { hostId: string; companyName: string | null };

/** The room the principal reaches, or 404 (another tenant's is not found). */
export async function reachableRoom(db: Executor, p: UserPrincipal, id: string): Promise<ReachedRoom> {
  const [row] = await withCompany(db).where(roomById(p, id)).limit(1);
  if (!row) throw notFound('liveRoom');
  return { ...row.room, hostId: row.hostId, companyName: row.companyName };
}

async function answer(db: Executor, shared: SharedState, rows: { room: LiveRoomRow; companyName: string | null }[]): Promise<LiveRoom[]> {
  const online = await onlineCounts(
    shared,
    rows.map((r) => r.room.id),
  );
  return rows.map((r) => toLiveRoom(r.room, r.companyName, online.get(r.room.id) ?? 0));
}

export async function findRoom(db: Executor, shared: SharedState, p: UserPrincipal, id: string): Promise<LiveRoom> {
  const r = await reachableRoom(db, p, id);
  return (await answer(db, shared, [{ room: r, companyName: r.companyName }]))[0]!;
}

export type LiveRoomFilter = Omit<LiveRoomQuery, 'pageIndex' | 'pageSize'>;

export async function roomPage(db: Executor, shared: SharedState, p: UserPrincipal, f: LiveRoomFilter, q: { pageIndex: number; pageSize: number }): Promise<Page<LiveRoom>> {
  const where = and(
    liveRoomScope(p),
    f.exhibitionId ? eq(liveRoom.exhibitionId, f.exhibitionId) : undefined,
    f.exhibitorId ? eq(liveRoom.exhibitorId, f.exhibitorId) : undefined,
    f.kind ? eq(liveRoom.kind, f.kind) : undefined,
    f.keyword ? or(ilike(liveRoom.title, containing(f.keyword)), ilike(liveRoom.titleEn, containing(f.keyword))) : undefined,
    f.liveState ? eq(liveRoom.liveState, f.liveState) : undefined,
    f.auditState !== undefined ? eq(liveRoom.auditState, f.auditState) : undefined,
  )!;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(liveRoom).where(where);
  if (!total) return toPage([], 0, q);
  const rows = await withCompany(db)
    .where(where)
    .orderBy(sql`${liveRoom.liveState} = 'live' desc`, asc(liveRoom.showIndex), desc(liveRoom.createdAt), asc(liveRoom.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(await answer(db, shared, rows), total, q);
}

/** Rooms by ids within the scope (the audit call's answer). */
export async function roomsByIds(db: Executor, shared: SharedState, p: UserPrincipal, ids: readonly string[]): Promise<LiveRoom[]> {
  if (!ids.length) return [];
  const rows = await withCompany(db).where(and(liveRoomScope(p), inArray(liveRoom.id, [...ids])));
  return answer(db, shared, rows);
}

/** The audit call's tenancy check: every id a room the principal reaches (404 otherwise). */
export async function checkReachableRooms(tx: Executor, p: UserPrincipal, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: liveRoom.id })
    .from(liveRoom)
    .where(and(liveRoomScope(p), inArray(liveRoom.id, unique)));
  if (rows.length !== unique.length) throw notFound('liveRoom');
}

/** After a save of content: the host's own room is approved as it stands; an exhibitor's goes through the shared audit. */
async function afterRoomSave(ctx: WriteContext, row: LiveRoomRow) {
  if (row.exhibitorId && row.kind === 'exhibitor') {
    await afterOwnerSave(ctx, { type: 'liveroom', targetId: row.id, exhibitionId: row.exhibitionId, exhibitorId: row.exhibitorId, title: row.title });
  } else if (row.auditState !== AuditState.Approved) {
    const now = new Date();
    await ctx.tx.update(liveRoom).set({ auditState: AuditState.Approved, auditReason: null, submitAt: now, auditAt: now }).where(eq(liveRoom.id, row.id));
  }
  await refreshExhibitorLive(ctx.tx, row.exhibitorId);
}

/** Where a new room goes: the exhibitor's own exhibition, or an exhibition (and one of its exhibitors) the host reaches. */
async function placeOf(tx: Executor, p: UserPrincipal, body: LiveRoomCreateBody) {
  if (p.role === Role.Exhibitor) {
    if (!p.exhibitorId || p.exhibitionId !== body.exhibitionId || (body.exhibitorId && body.exhibitorId !== p.exhibitorId)) throw notFound('exhibitor');
    const own = await loadExhibitor(tx, p, p.exhibitorId);
    return { exhibitionId: own.exhibitor.exhibitionId, exhibitorId: own.exhibitor.id as string | null, hostId: own.hostId };
  }
  const exh = await reachableExhibition(tx, p, body.exhibitionId);
  if (!body.exhibitorId) return { exhibitionId: exh.id, exhibitorId: null, hostId: exh.hostId };
  const target = await loadExhibitor(tx, p, body.exhibitorId);
  if (target.exhibitor.exhibitionId !== exh.id) throw notFound('exhibitor');
  return { exhibitionId: exh.id, exhibitorId: target.exhibitor.id as string | null, hostId: exh.hostId };
}

const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

type Content = Omit<LiveRoomPatchBody, 'giftEnabled' | 'liveState'>;
const CONTENT_KEYS = ['title', 'titleEn', 'cover', 'introduction', 'planStartAt', 'planEndAt'] as const;

function columnsOf(body: Content & { giftEnabled?: boolean | undefined }): Partial<typeof liveRoom.$inferInsert> {
  const out: Partial<typeof liveRoom.$inferInsert> = {};
  if (body.title !== undefined) out.title = body.title;
  if (body.titleEn !== undefined) out.titleEn = body.titleEn || null;
  if (body.cover !== undefined) out.cover = body.cover || null;
  if (body.introduction !== undefined) out.introduction = body.introduction;
  if (body.planStartAt !== undefined) out.planStartAt = toDate(body.planStartAt);
  if (body.planEndAt !== undefined) out.planEndAt = toDate(body.planEndAt);
  if (body.isShow !== undefined) out.isShow = body.isShow;
  if (body.showIndex !== undefined) out.showIndex = body.showIndex;
  if (body.giftEnabled !== undefined) out.giftEnabled = body.giftEnabled;
  return out;
}

const checkPlan = (start: Date | null | undefined, end: Date | null | undefined) => {
  if (start && end && end <= start) throw fieldError('planEndAt', 'afterStart');
};

export async function createRoom(ctx: WriteContext, shared: SharedState, body: LiveRoomCreateBody): Promise<LiveRoom> {
  const { tx, principal: p, actor } = ctx;
  const place = await placeOf(tx, p, body);
  const kind: LiveRoomKind = place.exhibitorId ? 'exhibitor' : 'host';
  await checkLiveOn(tx, place.exhibitionId, kind);
  const content = columnsOf(body);
  checkPlan(content.planStartAt, content.planEndAt);
  const [row] = await tx
    .insert(liveRoom)
    .values({ ...content, title: body.title, exhibitionId: place.exhibitionId, exhibitorId: place.exhibitorId, kind, streamKey: newStreamKey() })
    .returning();
  await writeOpLog(tx, actor, { action: 'liveRoom.create', targetType: 'liveRoom', targetId: row!.id, hostId: place.hostId, after: { kind, ...snapshotOf(row!) } });
  await afterRoomSave(ctx, row!);
  return findRoom(tx, shared, p, row!.id);
}

/** What a change announces to the room's viewers once committed. */
export type RoomChange = { room: LiveRoom; events: LiveEvent[] };

export async function updateRoom(ctx: WriteContext, shared: SharedState, id: string, body: LiveRoomPatchBody): Promise<RoomChange> {
  const { tx, principal: p, actor } = ctx;
  const before = await reachableRoom(tx, p, id);
  await checkLiveOn(tx, before.exhibitionId, before.kind as LiveRoomKind);
  if (body.liveState !== undefined && p.role === Role.Exhibitor) throw forbidden();
  const content = columnsOf(body);
  if (body.liveState !== undefined && body.liveState !== before.liveState) content.liveState = body.liveState;
  checkPlan(content.planStartAt === undefined ? before.planStartAt : content.planStartAt, content.planEndAt === undefined ? before.planEndAt : content.planEndAt);
  const changed = (Object.keys(content) as (keyof LiveRoomRow)[]).filter((k) => {
    const a = before[k];
    const b = (content as Record<string, unknown>)[k];
    return a instanceof Date || b instanceof Date ? (a as Date | null)?.getTime() !== (b as Date | null)?.getTime() : a !== b;
  });
  if (!changed.length) return { room: await findRoom(tx, shared, p, id), events: [] };
  const [row] = await tx.update(liveRoom).set(content).where(eq(liveRoom.id, id)).returning();
  await writeOpLog(tx, actor, {
    action: 'liveRoom.update',
    targetType: 'liveRoom',
    targetId: id,
    hostId: before.hostId,
    before: Object.fromEntries(changed.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(changed.map((k) => [k, (content as Record<string, unknown>)[k] ?? null])),
  });
  // Title, cover, introduction or plan are what the host approved; gifts, showing and the state are not.
  if (changed.some((k) => (CONTENT_KEYS as readonly string[]).includes(k))) await afterRoomSave(ctx, row!);
  else await refreshExhibitorLive(tx, row!.exhibitorId);
  const events: LiveEvent[] = [];
  if (changed.includes('giftEnabled')) events.push({ type: 'giftSwitch', enabled: row!.giftEnabled, notice: row!.giftNotice });
  if (changed.includes('liveState')) events.push({ type: 'state', liveState: row!.liveState as LiveRoom['liveState'], liveStartedAt: iso(row!.liveStartedAt) });
  return { room: await findRoom(tx, shared, p, id), events };
}

/** Deletes a room (soft); a pending one leaves the host's queue. */
export async function deleteRoom(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const room = await reachableRoom(tx, p, id);
  if (room.auditState === AuditState.Pending) await markDraft(tx, 'liveroom', id);
  await tx.update(liveRoom).set({ deletedAt: new Date() }).where(eq(liveRoom.id, id));
  await writeOpLog(tx, actor, { action: 'liveRoom.delete', targetType: 'liveRoom', targetId: id, hostId: room.hostId, before: snapshotOf(room) });
  await refreshExhibitorLive(tx, room.exhibitorId);
}

/**
 * The room of an activity whose live application is approved, created on first read (kind `activity`, the activity's
 * title and exhibitor, approved with the application). 409 while the activity has no approved application.
 */
export async function activityRoom(ctx: WriteContext, shared: SharedState, activityId: string): Promise<LiveRoom> {
  const { tx, principal: p, actor } = ctx;
  const a = await reachableActivity(tx, p, activityId);
  if (a.liveApplyState !== LiveApplyState.Approved) throw fieldError('activityId', 'liveNotApproved', {}, ErrorCode.Conflict);
  const existing = await tx
    .select({ id: liveRoom.id })
    .from(liveRoom)
    .where(and(eq(liveRoom.activityId, a.id), isNull(liveRoom.deletedAt)))
    .limit(1);
  if (existing[0]) return findRoom(tx, shared, p, existing[0].id);
  await checkLiveOn(tx, a.exhibitionId, 'activity');
  const now = new Date();
  const [row] = await tx
    .insert(liveRoom)
    .values({
      exhibitionId: a.exhibitionId,
      exhibitorId: a.exhibitorId,
      activityId: a.id,
      kind: 'activity',
      title: a.title,
      titleEn: a.titleEn,
      cover: a.cover,
      planStartAt: a.startAt,
      planEndAt: a.endAt,
      streamKey: newStreamKey(),
      auditState: AuditState.Approved,
      submitAt: now,
      auditAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    // A simultaneous first read created it.
    const [other] = await tx.select({ id: liveRoom.id }).from(liveRoom).where(and(eq(liveRoom.activityId, a.id), isNull(liveRoom.deletedAt)));
    return findRoom(tx, shared, p, other!.id);
  }
  await writeOpLog(tx, actor, { action: 'liveRoom.create', targetType: 'liveRoom', targetId: row.id, hostId: a.hostId, after: { kind: 'activity', activityId: a.id, ...snapshotOf(row) } });
  await refreshExhibitorLive(tx, row.exhibitorId);
  return findRoom(tx, shared, p, row.id);
}

/** The exhibition of a room (for the feature gate); one that does not exist is a 404. */
export async function exhibitionOfRoom(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: liveRoom.exhibitionId }).from(liveRoom).where(and(eq(liveRoom.id, id), isNull(liveRoom.deletedAt)));
  if (!row) throw notFound('liveRoom');
  return row.exhibitionId;
}
