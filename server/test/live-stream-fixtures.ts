import { eq } from 'drizzle-orm';
import { AuditState } from '@pavilion/contract';
import { exhibitorLiveLine } from '../src/modules/exhibitor/tables.ts';
import { liveLineExhibition, liveRoom } from '../src/modules/live/tables.ts';
import { newStreamKey } from '../src/modules/live/service.ts';
import type { TestContext } from './harness.ts';

let seq = 0;

/** A live room written directly (the rooms' CRUD is another part of the live module): approved, idle. */
export async function insertRoom(ctx: TestContext, values: Partial<typeof liveRoom.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(liveRoom)
    .values({
      exhibitionId: ctx.demo.exhibitionId,
      kind: values.exhibitorId ? 'exhibitor' : 'activity',
      title: `直播间 ${++seq}`,
      streamKey: newStreamKey(),
      auditState: AuditState.Approved,
      ...values,
    })
    .returning();
  return row!;
}

export async function setPool(ctx: TestContext, exhibitionId: string, lineCount: number, duration: number, usedSeconds = 0) {
  await ctx.db
    .insert(liveLineExhibition)
    .values({ exhibitionId, lineCount, duration, usedSeconds })
    .onConflictDoUpdate({ target: liveLineExhibition.exhibitionId, set: { lineCount, duration, usedSeconds } });
}

export async function setAllocation(ctx: TestContext, exhibitorId: string, lineCount: number, duration: number, usedSeconds = 0) {
  await ctx.db
    .insert(exhibitorLiveLine)
    .values({ exhibitorId, lineCount, duration, usedSeconds })
    .onConflictDoUpdate({ target: exhibitorLiveLine.exhibitorId, set: { lineCount, duration, usedSeconds } });
}

export async function roomOf(ctx: TestContext, id: string) {
  const [row] = await ctx.db.select().from(liveRoom).where(eq(liveRoom.id, id));
  return row!;
}

export async function usedSecondsOf(ctx: TestContext, exhibitorId: string) {
  const [row] = await ctx.db.select().from(exhibitorLiveLine).where(eq(exhibitorLiveLine.exhibitorId, exhibitorId));
  return row?.usedSeconds ?? 0;
}
