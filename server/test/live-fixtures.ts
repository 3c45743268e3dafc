import { newStreamKey } from '../src/modules/live/service.ts';
import { and, eq } from 'drizzle-orm';
import { AuditState } from '@pavilion/contract';
import { expect } from 'vitest';
import { liveRoom } from '../src/modules/live/tables.ts';
import { liveRoomChannel } from '../src/modules/live/events.ts';
import { product } from '../src/modules/product/tables.ts';
import { bearer, type Actor, type TestContext } from './harness.ts';

let seq = 0;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call as one of the test actors (or anonymous). */
export const caller =
  (get: () => TestContext) =>
  async (as: Actor | null, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const ctx = get();
    return ctx.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...(as ? bearer(await ctx.token(as)) : {}), ...headers } });
  };

/** A room written directly: the host's own of the demo exhibition, approved and shown, unless told otherwise. */
export async function insertRoom(ctx: TestContext, values: Partial<typeof liveRoom.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(liveRoom)
    .values({
      exhibitionId: ctx.demo.exhibitionId,
      kind: values.exhibitorId ? 'exhibitor' : 'host',
      title: `直播间 ${++seq}`,
      streamKey: newStreamKey(),
      auditState: AuditState.Approved,
      ...values,
    })
    .returning();
  return row!;
}

/** The other tenant's exhibitor room. */
export const insertForeignRoom = (ctx: TestContext, values: Partial<typeof liveRoom.$inferInsert> = {}) =>
  insertRoom(ctx, { exhibitionId: ctx.other.exhibitionId, exhibitorId: ctx.other.exhibitorId, ...values });

/** An approved, shown product of an exhibitor (the demo exhibition unless told). */
export async function insertProduct(ctx: TestContext, exhibitorId: string, values: Partial<typeof product.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(product)
    .values({ exhibitorId, exhibitionId: ctx.demo.exhibitionId, name: `产品 ${++seq}`, pictures: ['/demo/products/cloud.svg'], auditState: AuditState.Approved, ...values })
    .returning();
  return row!;
}

/** Sets the demo exhibition's configuration keys as its host. */
export async function setSettings(ctx: TestContext, patch: object, exhibitionId = ctx.demo.exhibitionId) {
  const res = await caller(() => ctx)('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${exhibitionId}`, patch);
  expect(res.statusCode, res.body).toBe(200);
}

/** Everything published to a room's channel, parsed, as an SSE subscriber on any instance receives it. */
export async function listen(ctx: TestContext, roomId: string) {
  const got: Record<string, unknown>[] = [];
  const off = await ctx.shared.subscribe(liveRoomChannel(roomId), (m) => got.push(JSON.parse(m) as Record<string, unknown>));
  return { got, off };
}

export async function roomRow(ctx: TestContext, id: string) {
  const [row] = await ctx.db.select().from(liveRoom).where(and(eq(liveRoom.id, id)));
  return row!;
}
