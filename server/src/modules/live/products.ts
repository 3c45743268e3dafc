import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { AuditState, MAX_ROOM_PRODUCTS, type LivePushProduct } from '@pavilion/contract';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { iso } from '../../http/time.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { product } from '../product/tables.ts';
import { checkLiveOn, reachableRoom, type ReachedRoom } from './service.ts';
import { livePushProduct } from './tables.ts';
import type { LiveRoomKind } from '@pavilion/contract';
import type { UserPrincipal } from '../../auth/principal.ts';

/**
 * Products a room may show (docs/live.md "Pushed products"): approved, not deleted, of the room's exhibition; an
 * exhibitor's room (or an exhibitor's activity room) only its exhibitor's own, the host's room any of the exhibition.
 */
const allowedProducts = (room: ReachedRoom) =>
  and(eq(product.exhibitionId, room.exhibitionId), isNull(product.deletedAt), eq(product.auditState, AuditState.Approved), room.exhibitorId ? eq(product.exhibitorId, room.exhibitorId) : undefined)!;

const listed = (db: Executor) =>
  db
    .select({ item: livePushProduct, name: product.name, nameEn: product.nameEn, pictures: product.pictures })
    .from(livePushProduct)
    .innerJoin(product, and(eq(product.id, livePushProduct.productId), isNull(product.deletedAt)));
type ListedRow = Awaited<ReturnType<ReturnType<typeof listed>['where']>>[number];

export const toPushProduct = (r: ListedRow): LivePushProduct => ({
  roomId: r.item.roomId,
  productId: r.item.productId,
  name: r.name,
  nameEn: r.nameEn,
  picture: r.pictures[0] ?? null,
  price: null,
  showIndex: r.item.showIndex,
  pushed: r.item.pushedAt !== null,
  pushedAt: iso(r.item.pushedAt),
});

/** A room's list in its order (the pushed one among them). */
export async function roomProducts(db: Executor, roomId: string): Promise<LivePushProduct[]> {
  const rows = await listed(db)
    .where(eq(livePushProduct.roomId, roomId))
    .orderBy(asc(livePushProduct.showIndex), asc(livePushProduct.createdAt), asc(livePushProduct.productId));
  return rows.map(toPushProduct);
}

export async function listRoomProducts(db: Executor, p: UserPrincipal, roomId: string): Promise<LivePushProduct[]> {
  const room = await reachableRoom(db, p, roomId);
  return roomProducts(db, room.id);
}

/** The room, reached and with its kind switched on (pushing is a live action). */
async function liveRoomOf(ctx: WriteContext, roomId: string) {
  const room = await reachableRoom(ctx.tx, ctx.principal, roomId);
  await checkLiveOn(ctx.tx, room.exhibitionId, room.kind as LiveRoomKind);
  return room;
}

/** Adds products to the end of the room's list (ones already there stay where they are); at most MAX_ROOM_PRODUCTS. */
export async function addRoomProducts(ctx: WriteContext, roomId: string, productIds: string[]): Promise<LivePushProduct[]> {
  const room = await liveRoomOf(ctx, roomId);
  const ids = [...new Set(productIds)];
  const ok = await ctx.tx
    .select({ id: product.id })
    .from(product)
    .where(and(allowedProducts(room), inArray(product.id, ids)));
  if (ok.length !== ids.length) throw notFound('product');
  // Serialises adds to one room, so the limit holds under concurrent calls.
  await ctx.tx.execute(sql`select 1 from live_room where id = ${room.id} for update`);
  const present = await ctx.tx.select({ productId: livePushProduct.productId, showIndex: livePushProduct.showIndex }).from(livePushProduct).where(eq(livePushProduct.roomId, room.id));
  const fresh = ids.filter((id) => !present.some((x) => x.productId === id));
  if (present.length + fresh.length > MAX_ROOM_PRODUCTS) throw fieldError('productIds', 'tooBig', { max: String(MAX_ROOM_PRODUCTS) });
  if (fresh.length) {
    const start = Math.max(0, ...present.map((x) => x.showIndex + 1));
    await ctx.tx.insert(livePushProduct).values(fresh.map((productId, i) => ({ roomId: room.id, productId, showIndex: start + i })));
    await writeOpLog(ctx.tx, ctx.actor, { action: 'liveRoom.addProducts', targetType: 'liveRoom', targetId: room.id, hostId: room.hostId, after: { productIds: fresh } });
  }
  return roomProducts(ctx.tx, room.id);
}

async function listedItem(tx: Executor, roomId: string, productId: string) {
  const [row] = await listed(tx).where(and(eq(livePushProduct.roomId, roomId), eq(livePushProduct.productId, productId)));
  if (!row) throw notFound('product');
  return row;
}

/** Removes a product from the list; a pushed one is withdrawn from viewers' screens too (answers whether it was pushed). */
export async function removeRoomProduct(ctx: WriteContext, roomId: string, productId: string): Promise<{ wasPushed: boolean }> {
  const room = await reachableRoom(ctx.tx, ctx.principal, roomId);
  const row = await listedItem(ctx.tx, room.id, productId);
  await ctx.tx.delete(livePushProduct).where(and(eq(livePushProduct.roomId, room.id), eq(livePushProduct.productId, productId)));
  await writeOpLog(ctx.tx, ctx.actor, { action: 'liveRoom.removeProduct', targetType: 'liveRoom', targetId: room.id, hostId: room.hostId, before: { productId, pushed: row.item.pushedAt !== null } });
  return { wasPushed: row.item.pushedAt !== null };
}

/** Pushes one product of the list to every viewer's screen: it becomes the room's only pushed product. */
export async function pushProduct(ctx: WriteContext, roomId: string, productId: string): Promise<LivePushProduct> {
  const room = await liveRoomOf(ctx, roomId);
  await listedItem(ctx.tx, room.id, productId);
  // The product must still be one the room may show (it may have been rejected since it was added).
  const [still] = await ctx.tx.select({ id: product.id }).from(product).where(and(allowedProducts(room), eq(product.id, productId)));
  if (!still) throw notFound('product');
  await ctx.tx.update(livePushProduct).set({ pushedAt: null }).where(and(eq(livePushProduct.roomId, room.id), isNotNull(livePushProduct.pushedAt)));
  await ctx.tx.update(livePushProduct).set({ pushedAt: new Date() }).where(and(eq(livePushProduct.roomId, room.id), eq(livePushProduct.productId, productId)));
  await writeOpLog(ctx.tx, ctx.actor, { action: 'liveRoom.push', targetType: 'liveRoom', targetId: room.id, hostId: room.hostId, after: { productId } });
  return toPushProduct(await listedItem(ctx.tx, room.id, productId));
}

/** Withdraws the pushed product (404 when it is not in the list; nothing to do when it is not pushed). */
export async function cancelPush(ctx: WriteContext, roomId: string, productId: string): Promise<{ wasPushed: boolean }> {
  const room = await reachableRoom(ctx.tx, ctx.principal, roomId);
  const row = await listedItem(ctx.tx, room.id, productId);
  if (row.item.pushedAt === null) return { wasPushed: false };
  await ctx.tx.update(livePushProduct).set({ pushedAt: null }).where(and(eq(livePushProduct.roomId, room.id), eq(livePushProduct.productId, productId)));
  await writeOpLog(ctx.tx, ctx.actor, { action: 'liveRoom.pushCancel', targetType: 'liveRoom', targetId: room.id, hostId: room.hostId, before: { productId } });
  return { wasPushed: true };
}

/** The exhibition of a room's list entry, for the feature gate (the room's). */
export { exhibitionOfRoom } from './service.ts';
