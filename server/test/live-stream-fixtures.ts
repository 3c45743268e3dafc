import { eq } from 'drizzle-orm';
import { exhibitorLiveLine } from '../src/modules/exhibitor/tables.ts';
import { liveLineExhibition, liveRoom } from '../src/modules/live/tables.ts';
import type { TestContext } from './harness.ts';

export { insertRoom } from './live-fixtures.ts';

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
