import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, ErrorCode } from '@pavilion/contract';
import { livePushProduct } from '../src/modules/live/tables.ts';
import { createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf } from './activity-fixtures.ts';
import { caller, insertForeignRoom, insertProduct, insertRoom, listen, setSettings } from './live-fixtures.ts';

let ctx: TestContext;
const get = () => ctx;
const call = caller(get);
const P = '/api/v1/liveroom/backstage/livepushproduct';
const own = { exhibitorId: '', exhibitor2Id: '' };
let exRoom: { id: string };
let foreignRoom: { id: string };
let mine: { id: string };
let theirs: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  own.exhibitorId = await exhibitorIdOf(ctx, 'exhibitor');
  own.exhibitor2Id = await exhibitorIdOf(ctx, 'exhibitor2');
  await setSettings(ctx, { enabledSpecialLive: true });
  exRoom = await insertRoom(ctx, { exhibitorId: own.exhibitorId });
  foreignRoom = await insertForeignRoom(ctx);
  mine = await insertProduct(ctx, own.exhibitorId, { name: '云展台' });
  theirs = await insertProduct(ctx, own.exhibitor2Id, { name: '机器人' });
  await ctx.db.insert(livePushProduct).values({ roomId: exRoom.id, productId: mine.id });
});
afterAll(() => ctx?.close());

describe(`POST ${P}`, () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: P, payload: { roomId: exRoom.id, productIds: [mine.id] } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: P, payload: { roomId: foreignRoom.id, productIds: [mine.id] } }) },
  });
});

describe(`GET ${P}/list`, () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `${P}/list?roomId=${exRoom.id}` }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'GET', url: `${P}/list?roomId=${foreignRoom.id}` }) },
  });
});

describe(`DELETE ${P}`, () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) {
      const p = await insertProduct(ctx, own.exhibitorId);
      await ctx.db.insert(livePushProduct).values({ roomId: exRoom.id, productId: p.id, showIndex: 10 + i });
      ids.push(p.id);
    }
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `${P}?roomId=${exRoom.id}&productId=${ids.pop()}` }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `${P}?roomId=${foreignRoom.id}&productId=${mine.id}` }) },
  });
});

describe(`POST ${P}/push`, () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: `${P}/push`, payload: { roomId: exRoom.id, productId: mine.id } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: `${P}/push`, payload: { roomId: foreignRoom.id, productId: mine.id } }) },
  });
});

describe(`POST ${P}/push/cancel`, () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: `${P}/push/cancel`, payload: { roomId: exRoom.id, productId: mine.id } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: `${P}/push/cancel`, payload: { roomId: foreignRoom.id, productId: mine.id } }) },
  });
});

describe('which products a room may show', () => {
  it("takes only its own exhibitor's approved products into an exhibitor's room, any approved one of the exhibition into the host's", async () => {
    const room = await insertRoom(ctx, { exhibitorId: own.exhibitorId });
    const other = await call('exhibitor', 'POST', P, { roomId: room.id, productIds: [theirs.id] });
    expect(other.statusCode).toBe(404);
    const byHost = await call('host', 'POST', P, { roomId: room.id, productIds: [mine.id, theirs.id] });
    expect(byHost.statusCode).toBe(404);
    const pending = await insertProduct(ctx, own.exhibitorId, { auditState: AuditState.Pending });
    expect((await call('exhibitor', 'POST', P, { roomId: room.id, productIds: [pending.id] })).statusCode).toBe(404);
    const foreignProduct = await insertProduct(ctx, ctx.other.exhibitorId, { exhibitionId: ctx.other.exhibitionId });
    expect((await call('admin', 'POST', P, { roomId: room.id, productIds: [foreignProduct.id] })).statusCode).toBe(404);
    const added = await call('exhibitor', 'POST', P, { roomId: room.id, productIds: [mine.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect(json(added).data).toEqual([expect.objectContaining({ roomId: room.id, productId: mine.id, name: '云展台', picture: '/demo/products/cloud.svg', pushed: false })]);
    // Nothing changed by the refused calls: all or none.
    expect(json(await call('exhibitor', 'GET', `${P}/list?roomId=${room.id}`)).data).toHaveLength(1);

    const hostRoom = await insertRoom(ctx);
    const both = await call('host', 'POST', P, { roomId: hostRoom.id, productIds: [mine.id, theirs.id] });
    expect(json(both).data.map((p: { productId: string }) => p.productId)).toEqual([mine.id, theirs.id]);
    // The exhibitor never reaches the host's room.
    expect((await call('exhibitor', 'POST', P, { roomId: hostRoom.id, productIds: [mine.id] })).statusCode).toBe(404);
  });

  it('keeps at most 50 products in a room', async () => {
    const room = await insertRoom(ctx, { exhibitorId: own.exhibitor2Id });
    const many = [];
    for (let i = 0; i < 51; i++) many.push((await insertProduct(ctx, own.exhibitor2Id)).id);
    const res = await call('exhibitor2', 'POST', P, { roomId: room.id, productIds: many.slice(0, 50) });
    expect(res.statusCode, res.body).toBe(200);
    const over = await call('exhibitor2', 'POST', P, { roomId: room.id, productIds: [many[50]] });
    expect(over.statusCode).toBe(400);
    expect(json(over).field).toBe('productIds');
  });
});

describe('pushing', () => {
  it('pushes one product at a time, tells every viewer, and withdraws it on cancel or delete', async () => {
    const room = await insertRoom(ctx, { exhibitorId: own.exhibitorId });
    const [a, b] = [await insertProduct(ctx, own.exhibitorId, { name: '甲' }), await insertProduct(ctx, own.exhibitorId, { name: '乙' })];
    await call('exhibitor', 'POST', P, { roomId: room.id, productIds: [a.id, b.id] });
    const events = await listen(ctx, room.id);
    try {
      const first = await call('exhibitor', 'POST', `${P}/push`, { roomId: room.id, productId: a.id });
      expect(first.statusCode, first.body).toBe(200);
      expect(json(first).data).toMatchObject({ productId: a.id, pushed: true, pushedAt: expect.any(String) });
      await call('host', 'POST', `${P}/push`, { roomId: room.id, productId: b.id });
      const pushed = await ctx.db.select().from(livePushProduct).where(and(eq(livePushProduct.roomId, room.id), isNotNull(livePushProduct.pushedAt)));
      expect(pushed.map((p) => p.productId)).toEqual([b.id]);
      const list = json(await call('exhibitor', 'GET', `${P}/list?roomId=${room.id}`)).data;
      expect(list.map((p: { productId: string; pushed: boolean }) => [p.productId, p.pushed])).toEqual([
        [a.id, false],
        [b.id, true],
      ]);
      expect(json(await call('exhibitor', 'POST', `${P}/push/cancel`, { roomId: room.id, productId: a.id })).data).toBe(false);
      expect(json(await call('exhibitor', 'POST', `${P}/push/cancel`, { roomId: room.id, productId: b.id })).data).toBe(true);
      await call('exhibitor', 'POST', `${P}/push`, { roomId: room.id, productId: a.id });
      expect((await call('exhibitor', 'DELETE', `${P}?roomId=${room.id}&productId=${a.id}`)).statusCode).toBe(200);
      expect((await call('exhibitor', 'DELETE', `${P}?roomId=${room.id}&productId=${a.id}`)).statusCode).toBe(404);
      expect(events.got).toEqual([
        { type: 'push', product: expect.objectContaining({ productId: a.id, name: '甲', pushed: true }) },
        { type: 'push', product: expect.objectContaining({ productId: b.id, name: '乙', pushed: true }) },
        { type: 'pushCancel', productId: b.id },
        { type: 'push', product: expect.objectContaining({ productId: a.id }) },
        { type: 'pushCancel', productId: a.id },
      ]);
    } finally {
      await events.off();
    }
  });

  it('refuses pushing a product that is not in the list (404), and while the exhibition’s live is off (4095)', async () => {
    const room = await insertRoom(ctx, { exhibitorId: own.exhibitorId });
    expect((await call('exhibitor', 'POST', `${P}/push`, { roomId: room.id, productId: mine.id })).statusCode).toBe(404);
    await call('exhibitor', 'POST', P, { roomId: room.id, productIds: [mine.id] });
    try {
      await setSettings(ctx, { enabledExhibitorLive: false });
      expect(json(await call('exhibitor', 'POST', `${P}/push`, { roomId: room.id, productId: mine.id })).code).toBe(ErrorCode.LiveOff);
    } finally {
      await setSettings(ctx, { enabledExhibitorLive: true });
    }
  });

  it('reaches an open room page over HTTP (Server-Sent Events) within a second', async () => {
    const room = await insertRoom(ctx, { exhibitorId: own.exhibitorId });
    await call('exhibitor', 'POST', P, { roomId: room.id, productIds: [mine.id] });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    let text = '';
    const waitFor = async (pattern: RegExp, ms = 1000) => {
      const until = Date.now() + ms;
      while (!pattern.test(text)) {
        if (Date.now() > until) throw new Error(`no ${pattern} within ${ms} ms in: ${text}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const req = http.get({ host: '127.0.0.1', port, path: `/api/v1/expo/${ctx.demo.exhibitionId}/live/${room.id}/events` });
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject));
    try {
      expect(res.statusCode).toBe(200);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      await waitFor(/: connected/);
      expect((await call('exhibitor', 'POST', `${P}/push`, { roomId: room.id, productId: mine.id })).statusCode).toBe(200);
      await waitFor(/data: \{"type":"push"/);
      expect((await call('exhibitor', 'POST', `${P}/push/cancel`, { roomId: room.id, productId: mine.id })).statusCode).toBe(200);
      await waitFor(new RegExp(`data: \\{"type":"pushCancel","productId":"${mine.id}"\\}`));
    } finally {
      req.destroy();
    }
  });
});
