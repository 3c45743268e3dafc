import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { MAX_GIFTS, toPage, type LiveGift, type LiveGiftRecord, type LiveRoomKind, type Page, type PageRequest, liveGiftBody, liveGiftPatchBody, liveGiftNoticeBody } from '@pavilion/contract';
import type { z } from 'zod';
import type { UserPrincipal } from '../../auth/principal.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { member } from '../member/tables.ts';
import { liveGiftScope } from './scope.ts';
import { checkLiveOn, reachableRoom } from './service.ts';
import { liveGift, liveGiftSend, liveRoom } from './tables.ts';

type GiftRow = typeof liveGift.$inferSelect;

export const toGift = (r: GiftRow): LiveGift => ({ id: r.id, exhibitionId: r.exhibitionId, name: r.name, nameEn: r.nameEn, icon: r.icon, points: r.points, isShow: r.isShow, showIndex: r.showIndex });
const giftOrder = [asc(liveGift.showIndex), asc(liveGift.createdAt), asc(liveGift.id)];

/** The exhibition's catalogue (all, for the back office). */
export async function listGifts(db: Executor, p: UserPrincipal, exhibitionId: string): Promise<LiveGift[]> {
  await reachableExhibition(db, p, exhibitionId);
  const rows = await db
    .select()
    .from(liveGift)
    .where(and(liveGiftScope(p), eq(liveGift.exhibitionId, exhibitionId)))
    .orderBy(...giftOrder);
  return rows.map(toGift);
}

/** The gifts viewers may send in the exhibition's rooms. */
export async function shownGifts(db: Executor, exhibitionId: string): Promise<LiveGift[]> {
  const rows = await db
    .select()
    .from(liveGift)
    .where(and(eq(liveGift.exhibitionId, exhibitionId), isNull(liveGift.deletedAt), eq(liveGift.isShow, true)))
    .orderBy(...giftOrder);
  return rows.map(toGift);
}

async function reachableGift(tx: Executor, p: UserPrincipal, id: string) {
  const [row] = await tx
    .select()
    .from(liveGift)
    .where(and(liveGiftScope(p), eq(liveGift.id, id)))
    .limit(1);
  if (!row) throw notFound('liveGift');
  return row;
}

export async function createGift(ctx: WriteContext, body: z.infer<typeof liveGiftBody>): Promise<LiveGift> {
  const { tx, principal: p, actor } = ctx;
  const exh = await reachableExhibition(tx, p, body.exhibitionId);
  // Serialises additions to one catalogue, so the limit holds under concurrent calls.
  await tx.execute(sql`select 1 from exhibition where id = ${exh.id} for update`);
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(liveGift).where(and(eq(liveGift.exhibitionId, exh.id), isNull(liveGift.deletedAt)));
  if (n >= MAX_GIFTS) throw fieldError('exhibitionId', 'tooBig', { max: String(MAX_GIFTS) });
  const [row] = await tx
    .insert(liveGift)
    .values({ ...body, nameEn: body.nameEn || null, exhibitionId: exh.id })
    .returning();
  await writeOpLog(tx, actor, { action: 'liveGift.create', targetType: 'liveGift', targetId: row!.id, hostId: exh.hostId, after: toGift(row!) });
  return toGift(row!);
}

const hostOf = async (tx: Executor, p: UserPrincipal, exhibitionId: string) => (await reachableExhibition(tx, p, exhibitionId)).hostId;

export async function patchGift(ctx: WriteContext, id: string, body: z.infer<typeof liveGiftPatchBody>): Promise<LiveGift> {
  const { tx, principal: p, actor } = ctx;
  const before = await reachableGift(tx, p, id);
  const values = Object.fromEntries(Object.entries({ ...body, ...(body.nameEn !== undefined ? { nameEn: body.nameEn || null } : {}) }).filter(([, v]) => v !== undefined));
  if (!Object.keys(values).length) return toGift(before);
  const [row] = await tx.update(liveGift).set(values).where(eq(liveGift.id, id)).returning();
  await writeOpLog(tx, actor, { action: 'liveGift.update', targetType: 'liveGift', targetId: id, hostId: await hostOf(tx, p, before.exhibitionId), before: toGift(before), after: values });
  return toGift(row!);
}

/** Deletes a gift (soft): no longer offered; what was sent keeps its records. */
export async function deleteGift(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const before = await reachableGift(tx, p, id);
  await tx.update(liveGift).set({ deletedAt: new Date() }).where(eq(liveGift.id, id));
  await writeOpLog(tx, actor, { action: 'liveGift.delete', targetType: 'liveGift', targetId: id, hostId: await hostOf(tx, p, before.exhibitionId), before: toGift(before) });
}

export async function exhibitionOfGift(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ e: liveGift.exhibitionId }).from(liveGift).where(and(eq(liveGift.id, id), isNull(liveGift.deletedAt)));
  if (!row) throw notFound('liveGift');
  return row.e;
}

/** Switches a room's gifts on or off with the notice its viewers see; answers what to push to them. */
export async function setGiftSwitch(ctx: WriteContext, body: z.infer<typeof liveGiftNoticeBody>): Promise<{ enabled: boolean; notice: string | null }> {
  const { tx, principal: p, actor } = ctx;
  const room = await reachableRoom(tx, p, body.roomId);
  await checkLiveOn(tx, room.exhibitionId, room.kind as LiveRoomKind);
  const notice = body.notice === undefined ? room.giftNotice : body.notice || null;
  await tx.update(liveRoom).set({ giftEnabled: body.enabled, giftNotice: notice }).where(eq(liveRoom.id, room.id));
  await writeOpLog(tx, actor, { action: 'liveRoom.giftSwitch', targetType: 'liveRoom', targetId: room.id, hostId: room.hostId, before: { giftEnabled: room.giftEnabled, giftNotice: room.giftNotice }, after: { giftEnabled: body.enabled, giftNotice: notice } });
  return { enabled: body.enabled, notice };
}

/** Gifts a room received, newest first, with each sender's name in the exhibition. */
export async function giftRecordPage(db: Executor, p: UserPrincipal, roomId: string, q: PageRequest): Promise<Page<LiveGiftRecord>> {
  const room = await reachableRoom(db, p, roomId);
  const where = eq(liveGiftSend.roomId, room.id);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(liveGiftSend).where(where);
  if (!total) return toPage([], 0, q);
  const rows = await db
    .select({ send: liveGiftSend, giftName: liveGift.name, memberId: member.id, nickname: member.name })
    .from(liveGiftSend)
    .innerJoin(liveGift, eq(liveGift.id, liveGiftSend.giftId))
    .innerJoin(member, and(eq(member.userId, liveGiftSend.userId), eq(member.exhibitionId, room.exhibitionId)))
    .where(where)
    .orderBy(desc(liveGiftSend.createdAt), desc(liveGiftSend.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(
    rows.map((r) => ({ id: r.send.id, roomId: r.send.roomId, giftId: r.send.giftId, giftName: r.giftName, memberId: r.memberId, nickname: r.nickname, count: r.send.count, createAt: r.send.createdAt.toISOString() })),
    total,
    q,
  );
}
