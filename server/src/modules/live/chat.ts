import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { LIVE_MESSAGE_BACKLOG, toPage, type LiveMessage, type LiveRoomKind, type LiveViewer, type Page, type PageRequest } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { member } from '../member/tables.ts';
import { liveRoomScope } from './scope.ts';
import { checkLiveOn, reachableRoom } from './service.ts';
import { liveMessage, liveRoom, liveViewer } from './tables.ts';

/** How the presenter's own messages are signed in the chat. */
export const PRESENTER_NICKNAME = '主播';

/** Messages with their room's title and the sender's member id in the room's exhibition. */
const messages = (db: Executor) =>
  db
    .select({ m: liveMessage, roomTitle: liveRoom.title, memberId: member.id })
    .from(liveMessage)
    .innerJoin(liveRoom, eq(liveRoom.id, liveMessage.roomId))
    .leftJoin(member, and(eq(member.userId, liveMessage.userId), eq(member.exhibitionId, liveRoom.exhibitionId)));
type MessageRow = Awaited<ReturnType<ReturnType<typeof messages>['where']>>[number];

export const toMessage = (r: MessageRow): LiveMessage => ({
  id: r.m.id,
  roomId: r.m.roomId,
  roomTitle: r.roomTitle,
  memberId: r.m.fromPresenter ? null : r.memberId,
  nickname: r.m.nickname,
  fromPresenter: r.m.fromPresenter,
  content: r.m.content,
  createAt: r.m.createdAt.toISOString(),
});

async function oneMessage(db: Executor, id: string): Promise<LiveMessage> {
  const [row] = await messages(db).where(eq(liveMessage.id, id));
  return toMessage(row!);
}

/** The back office's chat: messages of the rooms the principal reaches, newest first (deleted ones left out). */
export async function messagePage(db: Executor, p: UserPrincipal, f: { exhibitionId?: string | undefined; roomId?: string | undefined; keyword?: string | undefined }, q: PageRequest): Promise<Page<LiveMessage>> {
  if (f.roomId) await reachableRoom(db, p, f.roomId);
  const where = and(
    liveRoomScope(p),
    isNull(liveMessage.deletedAt),
    f.exhibitionId ? eq(liveRoom.exhibitionId, f.exhibitionId) : undefined,
    f.roomId ? eq(liveMessage.roomId, f.roomId) : undefined,
    f.keyword ? or(ilike(liveMessage.content, containing(f.keyword)), ilike(liveMessage.nickname, containing(f.keyword))) : undefined,
  )!;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(liveMessage).innerJoin(liveRoom, eq(liveRoom.id, liveMessage.roomId)).where(where);
  if (!total) return toPage([], 0, q);
  const rows = await messages(db)
    .where(where)
    .orderBy(desc(liveMessage.createdAt), desc(liveMessage.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows.map(toMessage), total, q);
}

/** The room's recent chat for a page that opens (oldest first, the last LIVE_MESSAGE_BACKLOG). */
export async function recentMessages(db: Executor, roomId: string): Promise<LiveMessage[]> {
  const rows = await messages(db)
    .where(and(eq(liveMessage.roomId, roomId), isNull(liveMessage.deletedAt)))
    .orderBy(desc(liveMessage.createdAt), desc(liveMessage.id))
    .limit(LIVE_MESSAGE_BACKLOG);
  return rows.reverse().map(toMessage);
}

/** The room's moderator deletes a message (kept for the record); answers its room for the event. */
export async function deleteMessage(ctx: WriteContext, id: string): Promise<{ roomId: string }> {
  const { tx, principal: p, actor } = ctx;
  const [row] = await tx
    .select({ m: liveMessage })
    .from(liveMessage)
    .innerJoin(liveRoom, eq(liveRoom.id, liveMessage.roomId))
    .where(and(liveRoomScope(p), eq(liveMessage.id, id), isNull(liveMessage.deletedAt)));
  if (!row) throw notFound('liveMessage');
  const room = await reachableRoom(tx, p, row.m.roomId);
  await tx.update(liveMessage).set({ deletedAt: new Date(), deletedBy: p.userId }).where(eq(liveMessage.id, id));
  await writeOpLog(tx, actor, { action: 'liveMessage.delete', targetType: 'liveMessage', targetId: id, hostId: room.hostId, before: { roomId: room.id, nickname: row.m.nickname, content: row.m.content } });
  return { roomId: room.id };
}

/** Mutes (or unmutes) a visitor of the room's exhibition in that room. */
export async function muteViewer(ctx: WriteContext, body: { roomId: string; memberId: string; muted: boolean }): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const room = await reachableRoom(tx, p, body.roomId);
  const [m] = await tx
    .select({ userId: member.userId })
    .from(member)
    .where(and(eq(member.id, body.memberId), eq(member.exhibitionId, room.exhibitionId)));
  if (!m) throw notFound('member');
  const mutedAt = body.muted ? new Date() : null;
  await tx
    .insert(liveViewer)
    .values({ roomId: room.id, userId: m.userId, visits: 0, mutedAt })
    .onConflictDoUpdate({ target: [liveViewer.roomId, liveViewer.userId], set: { mutedAt } });
  await writeOpLog(tx, actor, { action: body.muted ? 'liveRoom.mute' : 'liveRoom.unmute', targetType: 'liveRoom', targetId: room.id, hostId: room.hostId, after: { memberId: body.memberId } });
}

/** Writes a message of the room's chat and counts it (the caller publishes it once committed). */
export async function insertMessage(tx: Executor, roomId: string, values: { userId: string | null; nickname: string; fromPresenter: boolean; content: string }): Promise<LiveMessage> {
  const [row] = await tx
    .insert(liveMessage)
    .values({ roomId, ...values })
    .returning({ id: liveMessage.id });
  await tx
    .update(liveRoom)
    .set({ messageCount: sql`${liveRoom.messageCount} + 1` })
    .where(eq(liveRoom.id, roomId));
  return oneMessage(tx, row!.id);
}

/** The presenter's own message from the back office (text already through the sensitive-word check). */
export async function presenterMessage(ctx: WriteContext, roomId: string, content: string): Promise<LiveMessage> {
  const room = await reachableRoom(ctx.tx, ctx.principal, roomId);
  await checkLiveOn(ctx.tx, room.exhibitionId, room.kind as LiveRoomKind);
  return insertMessage(ctx.tx, room.id, { userId: ctx.principal.userId, nickname: PRESENTER_NICKNAME, fromPresenter: true, content });
}

/** Signed-in viewers of the rooms the principal reaches (`live-circusee`), most recent first. */
export async function viewerPage(db: Executor, p: UserPrincipal, f: { exhibitionId?: string | undefined; roomId?: string | undefined; keyword?: string | undefined }, q: PageRequest): Promise<Page<LiveViewer>> {
  if (f.roomId) await reachableRoom(db, p, f.roomId);
  const where = and(
    liveRoomScope(p),
    f.exhibitionId ? eq(liveRoom.exhibitionId, f.exhibitionId) : undefined,
    f.roomId ? eq(liveViewer.roomId, f.roomId) : undefined,
    f.keyword ? or(ilike(member.name, containing(f.keyword)), ilike(member.phoneNumber, containing(f.keyword)), ilike(member.company, containing(f.keyword))) : undefined,
  )!;
  const base = (db: Executor) =>
    db
      .select({ v: liveViewer, roomTitle: liveRoom.title, memberId: member.id, name: member.name, phone: member.phoneNumber, company: member.company })
      .from(liveViewer)
      .innerJoin(liveRoom, eq(liveRoom.id, liveViewer.roomId))
      .innerJoin(member, and(eq(member.userId, liveViewer.userId), eq(member.exhibitionId, liveRoom.exhibitionId)));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(liveViewer)
    .innerJoin(liveRoom, eq(liveRoom.id, liveViewer.roomId))
    .innerJoin(member, and(eq(member.userId, liveViewer.userId), eq(member.exhibitionId, liveRoom.exhibitionId)))
    .where(where);
  if (!total) return toPage([], 0, q);
  const rows = await base(db)
    .where(where)
    .orderBy(desc(liveViewer.lastAt), desc(liveViewer.userId))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(
    rows.map((r) => ({
      roomId: r.v.roomId,
      roomTitle: r.roomTitle,
      memberId: r.memberId,
      nickname: r.name,
      phone: r.phone,
      company: r.company,
      firstAt: r.v.firstAt.toISOString(),
      lastAt: r.v.lastAt.toISOString(),
      visits: r.v.visits,
      muted: r.v.mutedAt !== null,
    })),
    total,
    q,
  );
}

export async function exhibitionOfMessage(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ e: liveRoom.exhibitionId }).from(liveMessage).innerJoin(liveRoom, eq(liveRoom.id, liveMessage.roomId)).where(eq(liveMessage.id, id));
  if (!row) throw notFound('liveMessage');
  return row.e;
}
