import { and, eq, isNull, sql } from 'drizzle-orm';
import { AuditState, type LiveRoomKind, type LiveStream } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { pullUrlsFor as signedPullUrls, pushUrlsFor, type Admission, type PublishGate } from '../../media/index.ts';
import { writeOpLog, type Actor } from '../../oplog/oplog.ts';
import { exhibitor, exhibitorLiveLine } from '../exhibitor/tables.ts';
import { getExhibitionSettings } from '../settings/service.ts';
import { publishRoomEvent } from './events.ts';
import { liveKindOn, newStreamKey, refreshExhibitorLive } from './service.ts';
import { liveLineExhibition, liveRoom } from './tables.ts';

/**
 * The stream of a live room (docs/live.md, "The stream"): its signed URLs, and the publish gate the ingest asks: which room a
 * stream key opens, whether its quota has a free line and minutes left, and the seconds it streamed.
 */

type Room = typeof liveRoom.$inferSelect;


/** Signed pull URLs of a room's stream, for the public room page while it is live. */
export const pullUrlsFor = (config: Deps['config'], streamKey: string) => signedPullUrls(config.media, streamKey);

export function streamOf(config: Deps['config'], room: Room, host: string): LiveStream {
  const push = pushUrlsFor(config.media, room.streamKey, host);
  const pull = pullUrlsFor(config, room.streamKey);
  return { roomId: room.id, ...push, flvUrl: pull.flvUrl, hlsUrl: pull.hlsUrl ?? '', liveState: room.liveState as LiveStream['liveState'] };
}

/** A new key: the old push URL stops working, and the publisher on it is cut. */
export async function regenerateKey(deps: Deps, tx: Executor, actor: Actor, room: Room): Promise<Room> {
  const [next] = await tx.update(liveRoom).set({ streamKey: newStreamKey(), updatedAt: new Date() }).where(eq(liveRoom.id, room.id)).returning();
  await writeOpLog(tx, actor, { action: 'liveroom.stream.regenerate', targetType: 'liveroom', targetId: room.id });
  deps.media.kick(room.streamKey);
  return next!;
}

export async function stopStream(deps: Deps, tx: Executor, actor: Actor, room: Room): Promise<boolean> {
  await writeOpLog(tx, actor, { action: 'liveroom.stream.stop', targetType: 'liveroom', targetId: room.id });
  return deps.media.kick(room.streamKey);
}

/* The quota a room streams on. */

type Quota = {
  /** Concurrent lines, and how many rooms of the same quota stream now (this one excluded). */
  lines: number;
  inUse: number;
  secondsLeft: number;
  /** Adds streamed seconds to the quota's row; answers the seconds left. */
  add(tx: Executor, seconds: number): Promise<number>;
};

const liveNow = sql`${liveRoom.liveState} = 'live' and ${liveRoom.deletedAt} is null`;

/** An exhibitor's room streams on the exhibitor's allocation; the host's and activities' on what the pool keeps back. */
async function quotaOf(tx: Executor, room: Room, lock: boolean): Promise<Quota> {
  if (room.exhibitorId) {
    const exhibitorId = room.exhibitorId;
    const q = tx.select().from(exhibitorLiveLine).where(eq(exhibitorLiveLine.exhibitorId, exhibitorId));
    const [line] = lock ? await q.for('update') : await q;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(liveRoom)
      .where(and(eq(liveRoom.exhibitorId, exhibitorId), liveNow, sql`${liveRoom.id} <> ${room.id}`));
    return {
      lines: line?.lineCount ?? 0,
      inUse: n,
      secondsLeft: (line?.duration ?? 0) * 60 - (line?.usedSeconds ?? 0),
      async add(t, seconds) {
        const [row] = await t
          .update(exhibitorLiveLine)
          .set({ usedSeconds: sql`${exhibitorLiveLine.usedSeconds} + ${seconds}` })
          .where(eq(exhibitorLiveLine.exhibitorId, exhibitorId))
          .returning();
        return row ? row.duration * 60 - row.usedSeconds : 0;
      },
    };
  }
  const exhibitionId = room.exhibitionId;
  const q = tx.select().from(liveLineExhibition).where(eq(liveLineExhibition.exhibitionId, exhibitionId));
  const [pool] = lock ? await q.for('update') : await q;
  const allocated = await allocatedOf(tx, exhibitionId);
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(liveRoom)
    .where(and(eq(liveRoom.exhibitionId, exhibitionId), isNull(liveRoom.exhibitorId), liveNow, sql`${liveRoom.id} <> ${room.id}`));
  const own = (duration: number) => (duration - allocated.duration) * 60;
  return {
    lines: (pool?.lineCount ?? 0) - allocated.lines,
    inUse: n,
    secondsLeft: own(pool?.duration ?? 0) - (pool?.usedSeconds ?? 0),
    async add(t, seconds) {
      const [row] = await t
        .update(liveLineExhibition)
        .set({ usedSeconds: sql`${liveLineExhibition.usedSeconds} + ${seconds}` })
        .where(eq(liveLineExhibition.exhibitionId, exhibitionId))
        .returning();
      return row ? own(row.duration) - row.usedSeconds : 0;
    },
  };
}

/** Lines and minutes the host allocated to the exhibition's exhibitors. */
export async function allocatedOf(tx: Executor, exhibitionId: string): Promise<{ lines: number; duration: number }> {
  const [row] = await tx
    .select({ lines: sql<number>`coalesce(sum(${exhibitorLiveLine.lineCount}), 0)::int`, duration: sql<number>`coalesce(sum(${exhibitorLiveLine.duration}), 0)::int` })
    .from(exhibitorLiveLine)
    .innerJoin(exhibitor, eq(exhibitor.id, exhibitorLiveLine.exhibitorId))
    .where(and(eq(exhibitor.exhibitionId, exhibitionId), isNull(exhibitor.deletedAt)));
  return row ?? { lines: 0, duration: 0 };
}

/** Why a room may not stream now, or null. */
async function refusal(tx: Executor, room: Room): Promise<string | null> {
  if (room.auditState !== AuditState.Approved) return 'room not approved';
  if (room.liveState === 'ended') return 'room ended';
  if (room.liveState === 'live') return 'room already live';
  if (room.exhibitorId) {
    const [ex] = await tx.select({ id: exhibitor.id }).from(exhibitor).where(and(eq(exhibitor.id, room.exhibitorId), isNull(exhibitor.deletedAt)));
    if (!ex) return 'exhibitor removed';
  }
  if (!liveKindOn(await getExhibitionSettings(tx, room.exhibitionId), room.kind as LiveRoomKind)) return `${room.kind} rooms are off for the exhibition`;
  return null;
}

const stateEvent = (room: Pick<Room, 'liveState' | 'liveStartedAt'>) => ({
  type: 'state' as const,
  liveState: room.liveState as 'idle' | 'live' | 'ended',
  liveStartedAt: room.liveStartedAt?.toISOString() ?? null,
});

async function admit(deps: Deps, streamKey: string): Promise<Admission> {
  const outcome = await deps.db.transaction(async (tx): Promise<{ room: Room } | { reason: string }> => {
    // The room's row lock orders two pushes of one key; the quota row's orders two rooms racing for its last line.
    const [room] = await tx.select().from(liveRoom).where(and(eq(liveRoom.streamKey, streamKey), isNull(liveRoom.deletedAt))).for('update');
    if (!room) return { reason: 'no room has this stream key' };
    const why = await refusal(tx, room);
    if (why) return { reason: why };
    const quota = await quotaOf(tx, room, true);
    if (quota.inUse >= quota.lines) return { reason: `all ${quota.lines} lines busy` };
    if (quota.secondsLeft <= 0) return { reason: 'minutes spent' };
    const [live] = await tx.update(liveRoom).set({ liveState: 'live', liveStartedAt: new Date(), updatedAt: new Date() }).where(eq(liveRoom.id, room.id)).returning();
    await refreshExhibitorLive(tx, room.exhibitorId);
    return { room: live! };
  });
  if ('reason' in outcome) return { ok: false, reason: outcome.reason };
  const roomId = outcome.room.id;
  await publishRoomEvent(deps.shared, roomId, stateEvent(outcome.room));

  /** Seconds onto the room and its quota in one transaction; the seconds the quota has left. */
  const add = (seconds: number, finish: boolean) =>
    deps.db.transaction(async (tx) => {
      const [room] = await tx
        .update(liveRoom)
        .set({
          streamedSeconds: sql`${liveRoom.streamedSeconds} + ${seconds}`,
          ...(finish ? { liveState: sql`case when ${liveRoom.liveState} = 'live' then 'idle' else ${liveRoom.liveState} end`, updatedAt: new Date() } : {}),
        })
        .where(eq(liveRoom.id, roomId))
        .returning();
      if (!room) return { left: 0, room: null };
      if (finish) await refreshExhibitorLive(tx, room.exhibitorId);
      const quota = await quotaOf(tx, room, false);
      return { left: seconds > 0 ? await quota.add(tx, seconds) : quota.secondsLeft, room };
    });
  return {
    ok: true,
    publication: {
      async count(seconds) {
        return (await add(seconds, false)).left > 0;
      },
      async end(seconds) {
        const { room } = await add(seconds, true);
        if (room) await publishRoomEvent(deps.shared, roomId, stateEvent(room));
      },
    },
  };
}

/** What the ingest asks (server/src/media); the live module's boot entry registers it. */
export const livePublishGate: PublishGate = {
  admit,
  async reset(deps) {
    await deps.db.transaction(async (tx) => {
      const stale = await tx.update(liveRoom).set({ liveState: 'idle', updatedAt: new Date() }).where(eq(liveRoom.liveState, 'live')).returning({ exhibitorId: liveRoom.exhibitorId });
      for (const exhibitorId of new Set(stale.map((r) => r.exhibitorId))) await refreshExhibitorLive(tx, exhibitorId);
    });
  },
};
