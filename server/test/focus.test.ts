import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, ErrorCode } from '@pavilion/contract';
import { focusApplication } from '../src/modules/focus/tables.ts';
import { product } from '../src/modules/product/tables.ts';
import { createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf } from './activity-fixtures.ts';
import { caller, insertProduct } from './live-fixtures.ts';
import { VERSION_IDS } from '../src/modules/version/seed.ts';

let ctx: TestContext;
const get = () => ctx;
const call = caller(get);
const exh = () => ctx.demo.exhibitionId;
let exhibitorId: string;
let exhibitor2Id: string;
const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const window = { startAt: at(-1), endAt: at(7) };

/** An application written directly (the other tenant's, or one the tests decide without the queue). */
async function insertFocus(values: Partial<typeof focusApplication.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(focusApplication)
    .values({ exhibitionId: exh(), exhibitorId, startAt: new Date(window.startAt), endAt: new Date(window.endAt), auditState: AuditState.Pending, ...values })
    .returning();
  return row!;
}
const apply = async (as: 'exhibitor' | 'exhibitor2' = 'exhibitor', body: object = {}) => json(await call(as, 'POST', '/api/v1/applyfocus', { ...window, reason: '新品', ...body })).data;

let foreign: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  exhibitorId = await exhibitorIdOf(ctx, 'exhibitor');
  exhibitor2Id = await exhibitorIdOf(ctx, 'exhibitor2');
  // The demo exhibition's version (professional) has no promotion feature; the flagship has every one.
  expect((await call('admin', 'PUT', '/api/v3/version/version-exhibition', { exhibitionId: exh(), versionId: VERSION_IDS.flagship })).statusCode).toBe(200);
  foreign = await insertFocus({ exhibitionId: ctx.other.exhibitionId, exhibitorId: ctx.other.exhibitorId });
});
afterAll(() => ctx?.close());

describe('POST /api/v1/applyfocus', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/applyfocus', payload: { ...window } }),
    allowed: ['exhibitor'],
    denied: ['host', 'admin'],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'POST', url: '/api/v1/applyfocus', payload: { ...window, productId: otherProduct.id } }) },
  });
  let otherProduct: { id: string };
  beforeAll(async () => {
    otherProduct = await insertProduct(ctx, exhibitor2Id);
  });

  it('checks the window (endAt after startAt, in the future) and names the fields', async () => {
    const missing = await call('exhibitor', 'POST', '/api/v1/applyfocus', {}, { 'accept-language': 'en' });
    expect((json(missing).errors as { field: string }[]).map((e) => e.field)).toEqual(expect.arrayContaining(['startAt', 'endAt']));
    const reversed = await call('exhibitor', 'POST', '/api/v1/applyfocus', { startAt: at(3), endAt: at(2) });
    expect(json(reversed).errors).toEqual([expect.objectContaining({ field: 'endAt' })]);
    const past = await call('exhibitor', 'POST', '/api/v1/applyfocus', { startAt: at(-3), endAt: at(-2) });
    expect(json(past).errors).toEqual([expect.objectContaining({ field: 'endAt' })]);
  });

  it('features itself or one of its own approved products; another’s or an unapproved product is a field error on productId', async () => {
    expect(await apply()).toMatchObject({ exhibitorId, productId: null, auditState: AuditState.Pending, reason: '新品' });
    const mine = await insertProduct(ctx, exhibitorId);
    expect(await apply('exhibitor', { productId: mine.id })).toMatchObject({ productId: mine.id, productName: mine.name });
    const draft = await insertProduct(ctx, exhibitorId, { auditState: AuditState.Pending });
    const res = await call('exhibitor', 'POST', '/api/v1/applyfocus', { ...window, productId: draft.id });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([expect.objectContaining({ field: 'productId' })]);
  });
});

describe('POST /api/v1/applyfocus/page', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/applyfocus/page', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/applyfocus/page', payload: { exhibitionId: c.other.exhibitionId } }) },
  });

  it('gives an exhibitor its own only, and filters by target and state for the host', async () => {
    await apply('exhibitor2');
    const own = json(await call('exhibitor', 'POST', '/api/v1/applyfocus/page', {})).data;
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((a: { exhibitorId: string }) => a.exhibitorId === exhibitorId)).toBe(true);
    const products = json(await call('host', 'POST', '/api/v1/applyfocus/page', { exhibitionId: exh(), target: 'product', auditState: 0 })).data;
    expect(products.items.every((a: { productId: string | null; auditState: number }) => a.productId && a.auditState === 0)).toBe(true);
  });
});

describe('PUT /api/v1/applyfocus/sort', () => {
  let one: { id: string };
  beforeAll(async () => {
    one = await insertFocus();
  });
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v1/applyfocus/sort', payload: { id: one.id, sort: 5 } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v1/applyfocus/sort', payload: { id: foreign.id, sort: 5 } }) },
  });
});

describe('DELETE /api/v1/applyfocus', () => {
  const pending: { id: string }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) pending.push(await apply());
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/applyfocus?id=${pending.shift()!.id}` }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: [],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'DELETE', url: `/api/v1/applyfocus?id=${foreign.id}` }) },
  });

  it('lets the exhibitor withdraw only a pending one (4192); the host revokes an approved one', async () => {
    const a = await apply();
    await call('host', 'POST', '/api/v1/applyfocus/audit', { ids: [a.id], auditState: 1 });
    expect(json(await call('exhibitor', 'DELETE', `/api/v1/applyfocus?id=${a.id}`)).code).toBe(ErrorCode.FocusApplicationState);
    expect((await call('host', 'DELETE', `/api/v1/applyfocus?id=${a.id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/applyfocus/audit and the site’s featured strip', () => {
  const toDecide: { id: string }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) toDecide.push(await apply('exhibitor2'));
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/applyfocus/audit', payload: { ids: [toDecide.shift()!.id], auditState: 2, reason: '不符合' } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v1/applyfocus/audit', payload: { ids: [foreign.id], auditState: 1 } }) },
  });

  it('shows approved applications whose window covers now, by sort; not pending, rejected, future or hidden ones', async () => {
    const p1 = await insertProduct(ctx, exhibitorId);
    const p2 = await insertProduct(ctx, exhibitorId);
    const hiddenProduct = await insertProduct(ctx, exhibitorId, { isShow: false });
    const ids: string[] = [];
    for (const body of [{ productId: p1.id }, { productId: p2.id }, {}, { productId: hiddenProduct.id }]) ids.push((await apply('exhibitor', body)).id);
    const pendingOne = await apply('exhibitor', { productId: (await insertProduct(ctx, exhibitorId)).id });
    const later = await apply('exhibitor', { productId: (await insertProduct(ctx, exhibitorId)).id, startAt: at(2), endAt: at(4) });
    const noReason = await call('host', 'POST', '/api/v1/applyfocus/audit', { ids, auditState: 2 });
    expect(json(noReason).errors).toEqual([expect.objectContaining({ field: 'reason' })]);
    expect(json(await call('host', 'POST', '/api/v1/applyfocus/audit', { ids: [...ids, later.id], auditState: 1 })).data.decided).toBe(5);
    await call('host', 'PUT', '/api/v1/applyfocus/sort', { id: ids[1], sort: 0 });
    await call('host', 'PUT', '/api/v1/applyfocus/sort', { id: ids[0], sort: 9 });
    const featured = json(await call(null, 'GET', `/api/v1/expo/${exh()}/featured`)).data;
    const productIds = featured.products.map((p: { id: string }) => p.id);
    expect(productIds.indexOf(p2.id)).toBeLessThan(productIds.indexOf(p1.id));
    expect(productIds).not.toContain(hiddenProduct.id);
    expect(productIds).not.toContain(pendingOne.productId);
    expect(productIds).not.toContain(later.productId);
    expect(featured.exhibitors.map((e: { id: string }) => e.id)).toContain(exhibitorId);
    expect(featured.products[0]).toMatchObject({ name: expect.any(String), exhibitorId, companyName: expect.any(String) });
    await ctx.db.update(product).set({ deletedAt: new Date() }).where(eq(product.id, p2.id));
    expect(json(await call(null, 'GET', `/api/v1/expo/${exh()}/featured`)).data.products.map((p: { id: string }) => p.id)).not.toContain(p2.id);
  });

  it('answers 4019 where the exhibition lacks the promotion feature', async () => {
    const res = await call(null, 'GET', `/api/v1/expo/${ctx.other.exhibitionId}/featured`);
    expect(json(res).code).toBe(ErrorCode.FeatureNotEnabled);
  });
});
