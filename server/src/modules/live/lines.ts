import { and, asc, eq, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  toPage,
  type LiveLineExhibition,
  type LiveLineExhibitor,
  type Page,
} from '@pavilion/contract';
import type { z } from 'zod';
import type { liveLineAllocationBody, liveLineExhibitionAddBody, liveLineExhibitionPageQuery, liveLineExhibitorAddBody, liveLineExhibitorPageQuery } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitionScope, exhibitorScope, reachableExhibition } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company, exhibition } from '../../core/tables.ts';
import { exhibitor, exhibitorLiveLine } from '../exhibitor/tables.ts';
import { allocatedOf } from './stream.ts';
import { liveLineExhibition, liveRoom } from './tables.ts';

/**
 * Live lines (docs/live.md, "The stream"): the administrator grants an exhibition a pool of concurrent lines and minutes; the
 * host allocates part of it to exhibitors; the host's own rooms stream on the rest. The ingest enforces them (stream.ts).
 */

/** Minutes as the pages show them: a started minute counts. */
const minutes = (seconds: number) => Math.ceil(seconds / 60);

const liveRooms = (where: SQL) => sql<number>`(select count(*)::int from ${liveRoom} where ${liveRoom.liveState} = 'live' and ${liveRoom.deletedAt} is null and ${where})`;

const beyond = (field: 'lineCount' | 'duration', available: number) =>
  new AppError(ErrorCode.LiveQuotaExceeded, { available }, undefined, undefined, [{ field, issue: ErrorCode.LiveQuotaExceeded, params: { available: String(available) } }]);

/** The pool's row, created empty when the exhibition has none; locked for the rest of the transaction. */
async function lockedPool(tx: Executor, exhibitionId: string) {
  await tx.insert(liveLineExhibition).values({ exhibitionId }).onConflictDoNothing();
  const [pool] = await tx.select().from(liveLineExhibition).where(eq(liveLineExhibition.exhibitionId, exhibitionId)).for('update');
  return pool!;
}

export async function exhibitionLine(db: Executor, p: UserPrincipal, exhibitionId: string): Promise<LiveLineExhibition> {
  const ex = await reachableExhibition(db, p, exhibitionId);
  const [pool] = await db.select().from(liveLineExhibition).where(eq(liveLineExhibition.exhibitionId, ex.id));
  const allocated = await allocatedOf(db, ex.id);
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(liveRoom)
    .where(and(eq(liveRoom.exhibitionId, ex.id), eq(liveRoom.liveState, 'live'), sql`${liveRoom.deletedAt} is null`));
  return {
    exhibitionId: ex.id,
    exhibitionName: ex.name,
    lineCount: pool?.lineCount ?? 0,
    duration: pool?.duration ?? 0,
    allocatedLines: allocated.lines,
    allocatedDuration: allocated.duration,
    usedDuration: minutes(pool?.usedSeconds ?? 0),
    linesInUse: n,
    updateAt: pool?.updatedAt.toISOString() ?? null,
  };
}

/** The administrator adds to (or takes back from) a pool; never below what is allocated and what the host's rooms used. */
export async function grantLines(ctx: WriteContext, body: z.infer<typeof liveLineExhibitionAddBody>): Promise<string> {
  const ex = await reachableExhibition(ctx.tx, ctx.principal, body.exhibitionId);
  const pool = await lockedPool(ctx.tx, ex.id);
  const allocated = await allocatedOf(ctx.tx, ex.id);
  const lineCount = pool.lineCount + body.lineCount;
  const duration = pool.duration + body.duration;
  if (lineCount < allocated.lines) throw fieldError('lineCount', 'tooSmall', { min: String(allocated.lines - pool.lineCount) });
  const floor = allocated.duration + minutes(pool.usedSeconds);
  if (duration < floor) throw fieldError('duration', 'tooSmall', { min: String(floor - pool.duration) });
  await ctx.tx.update(liveLineExhibition).set({ lineCount, duration, updatedAt: new Date() }).where(eq(liveLineExhibition.exhibitionId, ex.id));
  await writeOpLog(ctx.tx, ctx.actor, { action: 'liveline.grant', targetType: 'exhibition', targetId: ex.id, hostId: ex.hostId, before: { lineCount: pool.lineCount, duration: pool.duration }, after: { lineCount, duration } });
  return ex.id;
}

async function reachableExhibitorRow(db: Executor, p: UserPrincipal, exhibitorId: string) {
  const [row] = await db.select().from(exhibitor).where(and(eq(exhibitor.id, exhibitorId), exhibitorScope(p))).limit(1);
  if (!row) throw notFound('exhibitor');
  return row;
}

/** The host sets an exhibitor's lines and minutes, within what the pool has not given to others (nor the host's rooms used). */
export async function allocateLines(ctx: WriteContext, body: z.infer<typeof liveLineAllocationBody>): Promise<string> {
  const ex = await reachableExhibition(ctx.tx, ctx.principal, body.exhibitionId);
  const target = await reachableExhibitorRow(ctx.tx, ctx.principal, body.exhibitorId);
  if (target.exhibitionId !== ex.id) throw notFound('exhibitor');
  return setAllocation(ctx, ex, target.id, body.lineCount, body.duration);
}

/** The host adds to (or takes back from) an exhibitor's allocation. */
export async function addExhibitorLines(ctx: WriteContext, body: z.infer<typeof liveLineExhibitorAddBody>): Promise<string> {
  const target = await reachableExhibitorRow(ctx.tx, ctx.principal, body.exhibitorId);
  const ex = await reachableExhibition(ctx.tx, ctx.principal, target.exhibitionId);
  const [current] = await ctx.tx.select().from(exhibitorLiveLine).where(eq(exhibitorLiveLine.exhibitorId, target.id));
  const lineCount = (current?.lineCount ?? 0) + body.lineCount;
  const duration = (current?.duration ?? 0) + body.duration;
  if (lineCount < 0) throw fieldError('lineCount', 'tooSmall', { min: String(-(current?.lineCount ?? 0)) });
  if (duration < 0) throw fieldError('duration', 'tooSmall', { min: String(-(current?.duration ?? 0)) });
  return setAllocation(ctx, ex, target.id, lineCount, duration);
}

async function setAllocation(ctx: WriteContext, ex: { id: string; hostId: string }, exhibitorId: string, lineCount: number, duration: number): Promise<string> {
  // The pool's lock orders two allocations of one exhibition, so together they never pass it.
  const pool = await lockedPool(ctx.tx, ex.id);
  const allocated = await allocatedOf(ctx.tx, ex.id);
  const [current] = await ctx.tx.select().from(exhibitorLiveLine).where(eq(exhibitorLiveLine.exhibitorId, exhibitorId));
  const freeLines = pool.lineCount - (allocated.lines - (current?.lineCount ?? 0));
  const freeMinutes = pool.duration - (allocated.duration - (current?.duration ?? 0)) - minutes(pool.usedSeconds);
  if (lineCount > freeLines) throw beyond('lineCount', Math.max(0, freeLines));
  if (duration > freeMinutes) throw beyond('duration', Math.max(0, freeMinutes));
  await ctx.tx
    .insert(exhibitorLiveLine)
    .values({ exhibitorId, lineCount, duration })
    .onConflictDoUpdate({ target: exhibitorLiveLine.exhibitorId, set: { lineCount, duration, updatedAt: new Date() } });
  await writeOpLog(ctx.tx, ctx.actor, {
    action: 'liveline.allocate',
    targetType: 'exhibitor',
    targetId: exhibitorId,
    hostId: ex.hostId,
    before: current ? { lineCount: current.lineCount, duration: current.duration } : null,
    after: { lineCount, duration },
  });
  return exhibitorId;
}

const exhibitorLineColumns = {
  exhibitorId: exhibitor.id,
  exhibitionId: exhibitor.exhibitionId,
  companyName: company.name,
  lineCount: sql<number>`coalesce(${exhibitorLiveLine.lineCount}, 0)`,
  duration: sql<number>`coalesce(${exhibitorLiveLine.duration}, 0)`,
  usedSeconds: sql<number>`coalesce(${exhibitorLiveLine.usedSeconds}, 0)`,
  linesInUse: liveRooms(sql`${liveRoom.exhibitorId} = ${exhibitor.id}`),
  updatedAt: exhibitorLiveLine.updatedAt,
};

type ExhibitorLineRow = { exhibitorId: string; exhibitionId: string; companyName: string; lineCount: number; duration: number; usedSeconds: number; linesInUse: number; updatedAt: Date | null };
const toExhibitorLine = (r: ExhibitorLineRow): LiveLineExhibitor => ({
  exhibitorId: r.exhibitorId,
  exhibitionId: r.exhibitionId,
  companyName: r.companyName,
  lineCount: r.lineCount,
  duration: r.duration,
  usedDuration: minutes(r.usedSeconds),
  linesInUse: r.linesInUse,
  updateAt: r.updatedAt?.toISOString() ?? null,
});

const exhibitorLines = (db: Executor, where: SQL) =>
  db
    .select(exhibitorLineColumns)
    .from(exhibitor)
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .leftJoin(exhibitorLiveLine, eq(exhibitorLiveLine.exhibitorId, exhibitor.id))
    .where(where);

export async function exhibitorLine(db: Executor, p: UserPrincipal, exhibitorId: string): Promise<LiveLineExhibitor> {
  const [row] = await exhibitorLines(db, and(eq(exhibitor.id, exhibitorId), exhibitorScope(p))!).limit(1);
  if (!row) throw notFound('exhibitor');
  return toExhibitorLine(row);
}

/** The exhibitors of an exhibition with their allocation, minutes used and lines streaming now. */
export async function exhibitorLinePage(db: Executor, p: UserPrincipal, q: z.infer<typeof liveLineExhibitorPageQuery>): Promise<Page<LiveLineExhibitor>> {
  const ex = await reachableExhibition(db, p, q.exhibitionId);
  const where = and(eq(exhibitor.exhibitionId, ex.id), exhibitorScope(p), q.keyword ? ilike(company.name, containing(q.keyword)) : undefined)!;
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(exhibitor).innerJoin(company, eq(company.id, exhibitor.companyId)).where(where);
  const rows = await exhibitorLines(db, where)
    .orderBy(sql`coalesce(${exhibitorLiveLine.lineCount}, 0) desc`, asc(company.name), asc(exhibitor.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows.map(toExhibitorLine), n, q);
}

/** Exhibitions with their pools: the administrator's all, a host's own. */
export async function exhibitionLinePage(db: Executor, p: UserPrincipal, q: z.infer<typeof liveLineExhibitionPageQuery>): Promise<Page<LiveLineExhibition>> {
  const where = and(
    exhibitionScope(p),
    q.keyword ? ilike(exhibition.name, containing(q.keyword)) : undefined,
    q.hostId ? eq(exhibition.hostId, q.hostId) : undefined,
  )!;
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(exhibition).where(where);
  const allocatedSum = (column: AnyColumn) =>
    sql<number>`(select coalesce(sum(${column}), 0)::int from ${exhibitorLiveLine} join ${exhibitor} on ${exhibitor.id} = ${exhibitorLiveLine.exhibitorId} where ${exhibitor.exhibitionId} = ${exhibition.id} and ${exhibitor.deletedAt} is null)`;
  const rows = await db
    .select({
      exhibitionId: exhibition.id,
      exhibitionName: exhibition.name,
      lineCount: sql<number>`coalesce(${liveLineExhibition.lineCount}, 0)`,
      duration: sql<number>`coalesce(${liveLineExhibition.duration}, 0)`,
      usedSeconds: sql<number>`coalesce(${liveLineExhibition.usedSeconds}, 0)`,
      allocatedLines: allocatedSum(exhibitorLiveLine.lineCount),
      allocatedDuration: allocatedSum(exhibitorLiveLine.duration),
      linesInUse: liveRooms(sql`${liveRoom.exhibitionId} = ${exhibition.id}`),
      updatedAt: liveLineExhibition.updatedAt,
    })
    .from(exhibition)
    .leftJoin(liveLineExhibition, eq(liveLineExhibition.exhibitionId, exhibition.id))
    .where(where)
    .orderBy(sql`${exhibition.createdAt} desc`, asc(exhibition.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(
    rows.map(({ usedSeconds, updatedAt, ...r }) => ({ ...r, usedDuration: minutes(usedSeconds), updateAt: updatedAt?.toISOString() ?? null })),
    n,
    q,
  );
}
