import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  AuditState,
  ErrorCode,
  LIVE_GIFTS_PER_MINUTE,
  LIVE_MESSAGES_PER_MINUTE,
  Role,
  liveRoomKinds,
  toPage,
  type ExpoLiveRoom,
  type ExpoLiveRoomCard,
  type LiveEvent,
  type LiveMessage,
  type LiveRoomKind,
  type Page,
} from '@pavilion/contract';
import type { Principal, UserPrincipal } from '../../auth/principal.ts';
import { visitorMemberId } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { iso } from '../../http/time.ts';
import type { SharedState } from '../../infra/kv.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { publicExhibitorRows } from '../expo/scope.ts';
import { member } from '../member/tables.ts';
import { getExhibitionSettings } from '../settings/service.ts';
import { effectiveKeys } from '../version/service.ts';
import { insertMessage, recentMessages } from './chat.ts';
import { shownGifts } from './gifts.ts';
import { onlineCount, onlineCounts } from './online.ts';
import { roomProducts } from './products.ts';
import { liveGift, liveGiftSend, liveRoom, liveViewer } from './tables.ts';
import { liveKindOn, type LiveRoomRow } from './service.ts';
import { pullUrlsFor } from './stream.ts';
import type { Deps } from '../../deps.ts';

/** The stream's signed pull addresses for a viewer, only while the room is live. */
export function roomPullUrls(config: Deps['config'], room: Pick<LiveRoomRow, 'liveState' | 'streamKey'>): { flvUrl: string | null; hlsUrl: string | null } {
  if (room.liveState !== 'live') return { flvUrl: null, hlsUrl: null };
  return pullUrlsFor(config, room.streamKey);
}

/** The room kinds the exhibition's toggles leave on (none while `enabledLive` is off). */
async function kindsOn(db: Executor, exhibitionId: string): Promise<LiveRoomKind[]> {
  const s = await getExhibitionSettings(db, exhibitionId);
  return liveRoomKinds.filter((kind) => liveKindOn(s, kind));
}

/** The exhibition exists and runs the `live` feature (403 4019 otherwise), and the kinds visitors may see. */
async function liveExhibition(db: Executor, exhibitionId: string): Promise<LiveRoomKind[]> {
  const [row] = await db.select({ id: exhibition.id }).from(exhibition).where(and(eq(exhibition.id, exhibitionId), isNull(exhibition.deletedAt)));
  if (!row) throw notFound('exhibition');
  if (!(await effectiveKeys(db, exhibitionId)).includes('live')) throw new AppError(ErrorCode.FeatureNotEnabled, { detail: 'live' });
  return kindsOn(db, exhibitionId);
}

/**
 * What visitors see: shown, approved rooms of the exhibition (an exhibitor's only while the exhibitor is on the
 * visitor site), of the kinds its toggles leave on.
 */
export const publicRooms = (exhibitionId: string, kinds: LiveRoomKind[]): SQL =>
  and(
    eq(liveRoom.exhibitionId, exhibitionId),
    isNull(liveRoom.deletedAt),
    eq(liveRoom.isShow, true),
    eq(liveRoom.auditState, AuditState.Approved),
    kinds.length ? inArray(liveRoom.kind, kinds) : sql`false`,
    or(isNull(liveRoom.exhibitorId), sql`${liveRoom.exhibitorId} in (select ${exhibitor.id} from ${exhibitor} where ${publicExhibitorRows(exhibitionId)})`),
  )!;

const cards = (db: Executor) =>
  db
    .select({ room: liveRoom, companyName: company.name })
    .from(liveRoom)
    .leftJoin(exhibitor, eq(exhibitor.id, liveRoom.exhibitorId))
    .leftJoin(company, eq(company.id, exhibitor.companyId));

const toCard = (r: LiveRoomRow, companyName: string | null, online: number): ExpoLiveRoomCard => ({
  id: r.id,
  kind: r.kind as LiveRoomKind,
  exhibitorId: r.exhibitorId,
  companyName,
  activityId: r.activityId,
  title: r.title,
  titleEn: r.titleEn,
  cover: r.cover,
  liveState: r.liveState as ExpoLiveRoomCard['liveState'],
  planStartAt: iso(r.planStartAt),
  onlineCount: online,
  viewCount: r.viewCount,
});

/** The live hall: live rooms first, then planned ones by their start, then the rest in the host's order. */
export async function expoRoomPage(db: Executor, shared: SharedState, exhibitionId: string, q: { pageIndex: number; pageSize: number; exhibitorId?: string | undefined }): Promise<Page<ExpoLiveRoomCard>> {
  const kinds = await liveExhibition(db, exhibitionId);
  const where = and(publicRooms(exhibitionId, kinds), q.exhibitorId ? eq(liveRoom.exhibitorId, q.exhibitorId) : undefined)!;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(liveRoom).where(where);
  if (!total) return toPage([], 0, q);
  const rows = await cards(db)
    .where(where)
    .orderBy(sql`case ${liveRoom.liveState} when 'live' then 0 when 'idle' then 1 else 2 end`, sql`${liveRoom.planStartAt} asc nulls last`, asc(liveRoom.showIndex), asc(liveRoom.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  const online = await onlineCounts(
    shared,
    rows.map((r) => r.room.id),
  );
  return toPage(
    rows.map((r) => toCard(r.room, r.companyName, online.get(r.room.id) ?? 0)),
    total,
    q,
  );
}

/** A room visitors may see, or 404 (LiveOff when the exhibition switched its kind off). */
export async function publicRoom(db: Executor, exhibitionId: string, roomId: string) {
  const kinds = await liveExhibition(db, exhibitionId);
  const [row] = await cards(db).where(and(publicRooms(exhibitionId, ['host', 'exhibitor', 'activity']), eq(liveRoom.id, roomId)));
  if (!row) throw notFound('liveRoom');
  if (!kinds.includes(row.room.kind as LiveRoomKind)) throw new AppError(ErrorCode.LiveOff);
  return row;
}

/** The room page: the card, introduction, pull URLs while live, gifts, and the products with the pushed one. */
export async function expoRoom(db: Executor, shared: SharedState, config: Deps['config'], exhibitionId: string, roomId: string): Promise<ExpoLiveRoom> {
  const { room, companyName } = await publicRoom(db, exhibitionId, roomId);
  const products = await roomProducts(db, room.id);
  return {
    ...toCard(room, companyName, await onlineCount(shared, room.id)),
    introduction: room.introduction,
    ...roomPullUrls(config, room),
    giftEnabled: room.giftEnabled,
    giftNotice: room.giftNotice,
    gifts: room.giftEnabled ? await shownGifts(db, exhibitionId) : [],
    pushed: products.find((x) => x.pushed) ?? null,
    products,
  };
}

export async function expoMessages(db: Executor, exhibitionId: string, roomId: string): Promise<LiveMessage[]> {
  const { room } = await publicRoom(db, exhibitionId, roomId);
  return recentMessages(db, room.id);
}

/** The signed-in, approved visitor of this exhibition posting or sending (the guard already refused blacklisted ones). */
async function visitorOf(db: Executor, p: UserPrincipal, exhibitionId: string) {
  const memberId = visitorMemberId(p, exhibitionId);
  const [m] = await db.select({ id: member.id, name: member.name, auditState: member.auditState }).from(member).where(eq(member.id, memberId));
  if (!m) throw notFound('member');
  if (m.auditState !== AuditState.Approved) throw forbidden();
  return m;
}

/** A visitor's chat message: not muted in the room, LIVE_MESSAGES_PER_MINUTE a minute, text already checked. */
export async function postMessage(db: Executor, shared: SharedState, p: UserPrincipal, exhibitionId: string, roomId: string, content: string): Promise<LiveMessage> {
  const { room } = await publicRoom(db, exhibitionId, roomId);
  const m = await visitorOf(db, p, exhibitionId);
  const [v] = await db
    .select({ mutedAt: liveViewer.mutedAt })
    .from(liveViewer)
    .where(and(eq(liveViewer.roomId, room.id), eq(liveViewer.userId, p.userId)));
  if (v?.mutedAt) throw new AppError(ErrorCode.LiveMuted);
  await enforceLimits(shared, [{ key: `live-message:${room.id}:${p.userId}`, limit: LIVE_MESSAGES_PER_MINUTE, windowSeconds: 60 }]);
  return db.transaction((tx) => insertMessage(tx, room.id, { userId: p.userId, nickname: m.name, fromPresenter: false, content }));
}

/** A visitor's gifts: the room's gifts on, a shown gift of the exhibition, LIVE_GIFTS_PER_MINUTE sends a minute. */
export async function sendGift(db: Executor, shared: SharedState, p: UserPrincipal, exhibitionId: string, roomId: string, body: { giftId: string; count: number }): Promise<Extract<LiveEvent, { type: 'gift' }>> {
  const { room } = await publicRoom(db, exhibitionId, roomId);
  const m = await visitorOf(db, p, exhibitionId);
  if (!room.giftEnabled) throw new AppError(ErrorCode.LiveGiftsOff);
  const [gift] = await db
    .select()
    .from(liveGift)
    .where(and(eq(liveGift.id, body.giftId), eq(liveGift.exhibitionId, exhibitionId), isNull(liveGift.deletedAt), eq(liveGift.isShow, true)));
  if (!gift) throw notFound('liveGift');
  await enforceLimits(shared, [{ key: `live-gift:${room.id}:${p.userId}`, limit: LIVE_GIFTS_PER_MINUTE, windowSeconds: 60 }]);
  await db.transaction(async (tx) => {
    await tx.insert(liveGiftSend).values({ roomId: room.id, giftId: gift.id, userId: p.userId, count: body.count });
    await tx
      .update(liveRoom)
      .set({ giftCount: sql`${liveRoom.giftCount} + ${body.count}` })
      .where(eq(liveRoom.id, room.id));
  });
  return { type: 'gift', giftId: gift.id, giftName: gift.name, icon: gift.icon, nickname: m.name, count: body.count };
}

/**
 * A signed-in visitor of this exhibition opening the room's events: one viewer row per visitor and room (visits and
 * the room's views counted). Anyone else (anonymous, another exhibition's token, staff) is not recorded.
 */
export async function recordViewer(db: Executor, p: Principal | null | undefined, exhibitionId: string, roomId: string): Promise<void> {
  if (!p || p.kind !== 'user' || p.role !== Role.Visitor || !p.memberId || p.exhibitionId !== exhibitionId) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(liveViewer)
      .values({ roomId, userId: p.userId })
      .onConflictDoUpdate({ target: [liveViewer.roomId, liveViewer.userId], set: { visits: sql`${liveViewer.visits} + 1`, lastAt: new Date() } });
    await tx
      .update(liveRoom)
      .set({ viewCount: sql`${liveRoom.viewCount} + 1` })
      .where(eq(liveRoom.id, roomId));
  });
}
