import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, ErrorCode, REVIEWS_PER_MINUTE } from '@pavilion/contract';
import { exhibitorEvaluation } from '../src/modules/evaluation/tables.ts';
import { previewEvaluations } from '../src/modules/evaluation/service.ts';
import { operationLog } from '../src/oplog/tables.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf, newVisitor } from './activity-fixtures.ts';

let ctx: TestContext;
const get = () => ctx;
const exh = () => ctx.demo.exhibitionId;
let exhibitorId: string;
let exhibitor2Id: string;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (token: string | null, method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const call = async (as: Actor, method: Method, url: string, payload?: unknown) => send(await ctx.token(as), method, url, payload);
const reviewsUrl = (exhibitor: string, exhibition = exh()) => `/api/v1/expo/${exhibition}/exhibitors/${exhibitor}/reviews`;

async function insertReview(extra: Partial<typeof exhibitorEvaluation.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(exhibitorEvaluation)
    .values({ exhibitorId, exhibitionId: exh(), authorName: '访客甲', rating: 4, content: '服务很专业', ...extra })
    .returning();
  return row!;
}
const foreignReview = () => insertReview({ exhibitorId: ctx.other.exhibitorId, exhibitionId: ctx.other.exhibitionId });

beforeAll(async () => {
  ctx = await createTestContext();
  exhibitorId = await exhibitorIdOf(ctx, 'exhibitor');
  exhibitor2Id = await exhibitorIdOf(ctx, 'exhibitor2');
});
afterAll(() => ctx?.close());

describe('POST /api/v3/exhibitorevaluate/query', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/exhibitorevaluate/query', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/exhibitorevaluate/query', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});

describe('POST /api/v3/exhibitorevaluate', () => {
  const ids = { mine: '', foreign: '' };
  beforeAll(async () => {
    ids.mine = (await insertReview()).id;
    ids.foreign = (await insertReview({ exhibitorId: exhibitor2Id })).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/exhibitorevaluate', payload: { id: ids.mine, reply: '感谢您的评价' } }),
    allowed: ['exhibitor'],
    denied: ['host', 'admin', 'visitor'],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'POST', url: '/api/v3/exhibitorevaluate', payload: { id: ids.foreign, reply: 'x' } }) },
  });
});

describe('PUT /api/v3/exhibitorevaluate/show', () => {
  const ids = { mine: '', foreign: '' };
  beforeAll(async () => {
    ids.mine = (await insertReview()).id;
    ids.foreign = (await foreignReview()).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v3/exhibitorevaluate/show', payload: { id: ids.mine, isShow: false } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v3/exhibitorevaluate/show', payload: { id: ids.foreign, isShow: false } }) },
  });
});

describe('DELETE /api/v3/exhibitorevaluate', () => {
  const ids: string[] = [];
  let foreign = '';
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) ids.push((await insertReview()).id);
    foreign = (await foreignReview()).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/exhibitorevaluate?id=${ids.shift() ?? ''}` }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/exhibitorevaluate?id=${foreign}` }) },
  });
});

describe('GET /api/v1/evaluatetag', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v1/evaluatetag?exhibitionId=${c.demo.exhibitionId}` }),
    allowed: ['exhibitor', 'host', 'admin', 'visitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/evaluatetag?exhibitionId=${c.other.exhibitionId}` }) },
  });
});

describe('PUT /api/v1/evaluatetag', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'PUT', url: '/api/v1/evaluatetag', payload: { exhibitionId: c.demo.exhibitionId, tags: ['专业', '响应快', '产品好', '服务周到'] } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'PUT', url: '/api/v1/evaluatetag', payload: { exhibitionId: c.other.exhibitionId, tags: ['x'] } }) },
  });
});

describe('POST /api/v1/expo/:exhibitionId/exhibitors/:exhibitorId/reviews', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: reviewsUrl(exhibitorId), payload: { rating: 5, content: '很专业' } }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { as: 'visitor', request: (c) => ({ method: 'POST', url: reviewsUrl(c.other.exhibitorId, c.other.exhibitionId), payload: { rating: 5, content: '你好' } }) },
  });
});

describe('exhibitor reviews end to end', () => {
  it('a visitor reviews, rewrites, the exhibitor replies, the host hides: hidden for everyone but the author', async () => {
    await ctx.db.delete(exhibitorEvaluation).where(eq(exhibitorEvaluation.exhibitorId, exhibitor2Id)); // the security cases' rows
    const v = await newVisitor(ctx, { name: '王五' });
    const tags = json(await send(null, 'GET', `/api/v1/expo/${exh()}/evaluatetags`)).data.tags;
    expect(tags).toEqual(expect.arrayContaining(['专业', '响应快']));
    // A tag not on the list names the field.
    const bad = await send(v.token, 'POST', reviewsUrl(exhibitor2Id), { rating: 5, content: '好', tags: ['不存在'] });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ errors: [{ field: 'tags' }] });
    const first = json(await send(v.token, 'POST', reviewsUrl(exhibitor2Id), { rating: 3, content: '还行', tags: ['专业'] })).data;
    expect(first).toMatchObject({ rating: 3, authorName: '王五', mine: true, isShow: true });
    const reply = await call('exhibitor2', 'POST', '/api/v3/exhibitorevaluate', { id: first.id, reply: '谢谢支持' });
    expect(json(reply).data.reply).toBe('谢谢支持');
    // Writing again replaces the one review (same id) and drops the reply to the old text.
    const second = json(await send(v.token, 'POST', reviewsUrl(exhibitor2Id), { rating: 5, content: '回复很快，很专业', tags: ['专业', '响应快'] })).data;
    expect(second.id).toBe(first.id);
    expect(second.reply).toBeNull();
    await call('exhibitor2', 'POST', '/api/v3/exhibitorevaluate', { id: first.id, reply: '再次感谢' });
    let site = json(await send(null, 'GET', `${reviewsUrl(exhibitor2Id)}?t=1`)).data;
    expect(site).toMatchObject({ count: 1, average: 5, mine: null });
    expect(site.items[0]).toMatchObject({ content: '回复很快，很专业', reply: '再次感谢', tags: ['专业', '响应快'], mine: false });
    // The exhibitor's list holds only its own; the host filters by exhibitor and replied.
    const own = json(await call('exhibitor2', 'POST', '/api/v3/exhibitorevaluate/query', {})).data;
    expect(own.items.every((r: { exhibitorId: string }) => r.exhibitorId === exhibitor2Id)).toBe(true);
    const host = json(await call('host', 'POST', '/api/v3/exhibitorevaluate/query', { exhibitionId: exh(), exhibitorId: exhibitor2Id, replied: true, rating: 5 })).data;
    expect(host.items.map((r: { id: string }) => r.id)).toEqual([first.id]);
    // Hidden: gone from the site and its count, still the author's own.
    await call('host', 'PUT', '/api/v3/exhibitorevaluate/show', { id: first.id, isShow: false });
    site = json(await send(null, 'GET', `${reviewsUrl(exhibitor2Id)}?t=2`)).data;
    expect(site).toMatchObject({ count: 0, items: [] });
    const author = json(await send(v.token, 'GET', `${reviewsUrl(exhibitor2Id)}?t=3`)).data;
    expect(author.mine).toMatchObject({ id: first.id, isShow: false, mine: true });
    const logs = await ctx.db.select({ action: operationLog.action }).from(operationLog).where(eq(operationLog.targetId, first.id));
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['exhibitorEvaluation.reply', 'exhibitorEvaluation.hide']));
    // Deleted: gone for the exhibitor too.
    expect((await call('host', 'DELETE', `/api/v3/exhibitorevaluate?id=${first.id}`)).statusCode).toBe(200);
    expect((await call('exhibitor2', 'POST', '/api/v3/exhibitorevaluate', { id: first.id, reply: 'x' })).statusCode).toBe(404);
  });

  it('refuses a visitor not yet approved and more than the rate a minute, keeping one review', async () => {
    const pending = await newVisitor(ctx, { auditState: AuditState.Pending });
    expect((await send(pending.token, 'POST', reviewsUrl(exhibitorId), { rating: 5, content: '好' })).statusCode).toBe(403);
    const v = await newVisitor(ctx);
    const statuses: number[] = [];
    for (let i = 0; i <= REVIEWS_PER_MINUTE; i++) statuses.push((await send(v.token, 'POST', reviewsUrl(exhibitorId), { rating: 4, content: `第${i}次` })).statusCode);
    expect(statuses.slice(0, REVIEWS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses[REVIEWS_PER_MINUTE]).toBe(429);
    const rows = await ctx.db.select().from(exhibitorEvaluation).where(and(eq(exhibitorEvaluation.userId, v.userId), eq(exhibitorEvaluation.exhibitorId, exhibitorId)));
    expect(rows).toHaveLength(1);
  });

  it('refuses sensitive words in a review and in a reply, naming the field', async () => {
    expect((await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['赌博'] })).statusCode).toBe(200);
    const v = await newVisitor(ctx);
    const res = await send(v.token, 'POST', reviewsUrl(exhibitorId), { rating: 1, content: '这里有赌博' });
    expect(json(res)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'content' });
    const r = await insertReview();
    expect(json(await call('exhibitor', 'POST', '/api/v3/exhibitorevaluate', { id: r.id, reply: '赌博' }))).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'reply' });
  });

  it('keeps the tag list per exhibition, without duplicates, and validates each tag', async () => {
    const saved = json(await call('host', 'PUT', '/api/v1/evaluatetag', { exhibitionId: exh(), tags: ['专业', '专业', '产品好', '响应快', '服务周到'] })).data;
    expect(saved.tags).toEqual(['专业', '产品好', '响应快', '服务周到']);
    expect(json(await call('exhibitor', 'GET', `/api/v1/evaluatetag?exhibitionId=${exh()}`)).data.tags).toEqual(saved.tags);
    const long = await call('host', 'PUT', '/api/v1/evaluatetag', { exhibitionId: exh(), tags: ['x'.repeat(21)] });
    expect(long.statusCode).toBe(400);
    expect(json(long).code).toBe(ErrorCode.ValidationFailed);
  });

  it('answers 404 for an exhibitor not on the site and previews the newest shown reviews per exhibitor', async () => {
    expect((await send(null, 'GET', reviewsUrl(ctx.other.exhibitorId))).statusCode).toBe(404);
    const a = await insertReview({ content: '较早', createdAt: new Date('2026-01-01T00:00:00Z') });
    const b = await insertReview({ content: '最新', createdAt: new Date('2030-01-01T00:00:00Z') });
    await insertReview({ content: '隐藏', isShow: false, createdAt: new Date('2031-01-01T00:00:00Z') });
    const map = await previewEvaluations(ctx.db, [exhibitorId, ctx.other.exhibitorId], 2);
    expect(map.get(exhibitorId)?.[0]).toEqual({ id: b.id, content: '最新' });
    expect(map.get(exhibitorId)).toHaveLength(2);
    expect(map.get(exhibitorId)?.map((r) => r.id)).not.toContain(a.id);
  });
});
