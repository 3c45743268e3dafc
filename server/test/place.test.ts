import { AuditState } from '@pavilion/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, type Actor, type TestContext, ownPassword } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const get = () => ctx;
const own = { exhibitorId: '', exhibitor2Id: '', exhibitor3Id: '' };
const NONE = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'POST' | 'PUT';
const send = (token: string, method: Method, url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const call = async (as: Actor, method: Method, url: string, payload?: unknown, lang?: string) => send(await ctx.token(as), method, url, payload, lang);
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const settings = (patch: object) => call('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, patch);

const standard = { boothType: 'standard', siteManager: '王磊', siteManagerPhone: '13900001111', powerKw: 3, remark: '3 月 1 日 8:00 进场布展' };
const raw = {
  boothType: 'raw',
  contractorName: '杭州博览搭建工程有限公司',
  contractorContact: '李工',
  contractorPhone: '13800002222',
  siteManager: '王磊',
  siteManagerPhone: '+8613900001111',
  powerKw: 15.5,
  remark: '需吊点 4 个，撤展 3 月 5 日 18:00 后',
  drawings: [{ url: '/uploads/2026/design-a.pdf', name: '效果图.pdf' }],
};

/** A new approved exhibitor of the demo exhibition with its own login, signed in. */
async function signedInExhibitor(boothInfo: string | null = null) {
  const userName = unique('pl-');
  const companyName = unique('搭建测试公司');
  const created = json(
    await call('host', 'POST', '/api/v1/exhibitor/create', { exhibitionId: ctx.demo.exhibitionId, company: { name: companyName }, boothInfo, boothArea: boothInfo ? '36' : null, account: { userName, password: 'Password-123' } }),
  ).data;
  const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName, password: 'Password-123', exhibitionId: ctx.demo.exhibitionId } });
  await ownPassword(ctx, login, 'Password-123');
  return { token: json(login).data.tokenInfo.access_token as string, exhibitorId: created.id as string, companyName };
}
/** Build-up data an exhibitor submitted (pending): its record id. */
async function pendingPlace() {
  const ex = await signedInExhibitor();
  return json(await send(ex.token, 'PUT', '/api/v3/exhibitorplace', standard)).data.place.id as string;
}

beforeAll(async () => {
  ctx = await createTestContext();
  own.exhibitorId = json(await call('exhibitor', 'GET', '/api/v1/account/me')).data.exhibitorId;
  own.exhibitor2Id = json(await call('exhibitor2', 'GET', '/api/v1/account/me')).data.exhibitorId;
  own.exhibitor3Id = ctx.other.exhibitorId;
});
afterAll(() => ctx.close());

describe('GET /api/v3/exhibitorplace', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/exhibitorplace?exhibitorId=${own.exhibitorId}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v3/exhibitorplace?exhibitorId=${own.exhibitor3Id}` }) },
  });
  it('answers another exhibitor of the same exhibition 404 too', async () => {
    expect((await call('exhibitor2', 'GET', `/api/v3/exhibitorplace?exhibitorId=${own.exhibitorId}`)).statusCode).toBe(404);
  });
  it('asks a host for the exhibitor (400 naming exhibitorId)', async () => {
    const res = await call('host', 'GET', '/api/v3/exhibitorplace');
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('exhibitorId');
  });
});

describe('PUT /api/v3/exhibitorplace', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v3/exhibitorplace?exhibitorId=${own.exhibitor2Id}&isHost=false`, payload: standard }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/v3/exhibitorplace?exhibitorId=${own.exhibitor3Id}&isHost=true`, payload: standard }) },
  });
  it("answers an exhibitor naming another exhibitor's record 404", async () => {
    expect((await call('exhibitor', 'PUT', `/api/v3/exhibitorplace?exhibitorId=${own.exhibitor2Id}`, standard)).statusCode).toBe(404);
  });
  it('refuses an exhibitor claiming to be the host (isHost=true) with 403', async () => {
    const res = await call('exhibitor', 'PUT', '/api/v3/exhibitorplace?isHost=true', standard);
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/v3/exhibitorplace/query', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/exhibitorplace/query', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/exhibitorplace/query', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});

describe('POST /api/v3/exhibitorplace/audit', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push(await pendingPlace());
    foreign = json(await call('exhibitor3', 'PUT', '/api/v3/exhibitorplace', standard)).data.place.id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/exhibitorplace/audit', payload: { ids: [ids.shift() ?? NONE], approve: true } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/exhibitorplace/audit', payload: { ids: [foreign], approve: true } }) },
  });
});

describe('build-up data and its audit', () => {
  it('starts empty with the booth assigned on the exhibitor record', async () => {
    const ex = await signedInExhibitor('A1-08,A1-09');
    const data = json(await send(ex.token, 'GET', '/api/v3/exhibitorplace')).data;
    expect(data).toMatchObject({ exhibitorId: ex.exhibitorId, companyName: ex.companyName, boothInfo: 'A1-08,A1-09', boothArea: '36', place: null });
  });

  it('submits the exhibitor’s data for audit; approval, a change re-enters review, rejection with its reason', async () => {
    const ex = await signedInExhibitor('B2-01');
    const saved = json(await send(ex.token, 'PUT', '/api/v3/exhibitorplace', raw));
    expect(saved.success).toBe(true);
    expect(saved.data.place).toMatchObject({ boothType: 'raw', contractorPhone: '13800002222', powerKw: 15.5, drawings: raw.drawings, auditState: AuditState.Pending, auditReason: null });
    const placeId = saved.data.place.id as string;

    const queue = json(await call('host', 'POST', '/api/Audit/GetAuditList', { type: 'place', exhibitionId: ctx.demo.exhibitionId, state: 0 })).data.items;
    expect(queue.find((i: { targetId: string }) => i.targetId === placeId)).toMatchObject({ type: 'place', title: ex.companyName, exhibitorId: ex.exhibitorId });

    const approved = await call('host', 'POST', '/api/v3/exhibitorplace/audit', { ids: [placeId], approve: true });
    expect(json(approved).data.decided).toBe(1);
    expect(json(await send(ex.token, 'GET', '/api/v3/exhibitorplace')).data.place.auditState).toBe(AuditState.Approved);

    // Saved unchanged: still approved. Changed: back to the host.
    expect(json(await send(ex.token, 'PUT', '/api/v3/exhibitorplace', raw)).data.place.auditState).toBe(AuditState.Approved);
    expect(json(await send(ex.token, 'PUT', '/api/v3/exhibitorplace', { ...raw, powerKw: 20 })).data.place.auditState).toBe(AuditState.Pending);

    const noReason = await call('host', 'POST', '/api/v3/exhibitorplace/audit', { ids: [placeId], approve: false });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).field).toBe('reason');
    await call('host', 'POST', '/api/v3/exhibitorplace/audit', { ids: [placeId], approve: false, reason: '用电量超出展馆单点上限，请分路申请' });
    const rejected = json(await send(ex.token, 'GET', '/api/v3/exhibitorplace')).data.place;
    expect(rejected).toMatchObject({ auditState: AuditState.Rejected, auditReason: '用电量超出展馆单点上限，请分路申请' });
    const again = await call('host', 'POST', '/api/v3/exhibitorplace/audit', { ids: [placeId], approve: true });
    expect(again.statusCode).toBe(409);

    expect(json(await send(ex.token, 'PUT', '/api/v3/exhibitorplace', { ...raw, powerKw: 12 })).data.place).toMatchObject({ auditState: AuditState.Pending, auditReason: null });

    const log = json(await call('host', 'POST', '/api/v3/operationlog/query', { targetId: placeId })).data.items as { action: string }[];
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['exhibitorPlace.create', 'exhibitorPlace.update', 'audit.approve', 'audit.reject']));
  });

  it('makes the host’s edit (isHost=true) final at once, and clears absent fields', async () => {
    const ex = await signedInExhibitor();
    await send(ex.token, 'PUT', '/api/v3/exhibitorplace', raw);
    const res = await call('host', 'PUT', `/api/v3/exhibitorplace?exhibitorId=${ex.exhibitorId}&isHost=true`, { boothType: 'standard', siteManager: '赵敏' });
    expect(json(res).data.place).toMatchObject({ boothType: 'standard', siteManager: '赵敏', contractorName: null, drawings: [], auditState: AuditState.Approved });
  });

  it('approves at once when the exhibition audits exhibitor data automatically (enabledAutoAuditExhibitor)', async () => {
    const ex = await signedInExhibitor();
    await settings({ enabledAutoAuditExhibitor: true });
    try {
      const place = json(await send(ex.token, 'PUT', '/api/v3/exhibitorplace', standard)).data.place;
      expect(place.auditState).toBe(AuditState.Approved);
      const history = json(await call('host', 'POST', '/api/Audit/GetAuditList', { type: 'place', exhibitorId: ex.exhibitorId })).data.items;
      expect(history[0]).toMatchObject({ state: AuditState.Approved, auto: true });
    } finally {
      await settings({ enabledAutoAuditExhibitor: false });
    }
  });

  it('answers a bad phone number 400 naming the field, in the caller’s language', async () => {
    const res = await call('exhibitor', 'PUT', '/api/v3/exhibitorplace', { ...raw, contractorPhone: '138-abc' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 4000, field: 'contractorPhone' });
    expect(json(res).description).toContain('contractorPhone');
    const manager = await call('exhibitor', 'PUT', '/api/v3/exhibitorplace', { ...standard, siteManagerPhone: '12' });
    expect(json(manager).field).toBe('siteManagerPhone');
  });

  it('needs the contractor and a drawing for a raw space, and checks the rest of the body', async () => {
    for (const [change, field] of [
      [{ contractorName: null }, 'contractorName'],
      [{ contractorPhone: '' }, 'contractorPhone'],
      [{ drawings: [] }, 'drawings'],
      [{ drawings: [{ url: 'javascript:alert(1)', name: 'x' }] }, 'drawings.0.url'],
      [{ powerKw: -1 }, 'powerKw'],
      [{ boothType: 'island' }, 'boothType'],
    ] as const) {
      const res = await call('exhibitor', 'PUT', '/api/v3/exhibitorplace', { ...raw, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(json(res).field, JSON.stringify(change)).toBe(field);
    }
  });

  it('refuses sensitive words in the text, naming the field', async () => {
    await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['赌博'] });
    try {
      const res = await call('exhibitor', 'PUT', '/api/v3/exhibitorplace', { ...standard, remark: '展台旁设赌博游戏' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ code: 4026, field: 'remark' });
    } finally {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
    }
  });

  it('lists every exhibitor of the exhibition with its booth and data, with the filters', async () => {
    const withData = await signedInExhibitor(unique('C3-'));
    const without = await signedInExhibitor(unique('C4-'));
    await send(withData.token, 'PUT', '/api/v3/exhibitorplace', raw);
    const query = async (body: object) => json(await call('host', 'POST', '/api/v3/exhibitorplace/query', { exhibitionId: ctx.demo.exhibitionId, pageSize: 1000, ...body })).data;

    const all = await query({});
    const a = all.items.find((i: { exhibitorId: string }) => i.exhibitorId === withData.exhibitorId);
    const b = all.items.find((i: { exhibitorId: string }) => i.exhibitorId === without.exhibitorId);
    expect(a).toMatchObject({ companyName: withData.companyName, boothArea: '36', place: { boothType: 'raw', auditState: AuditState.Pending } });
    expect(b).toMatchObject({ companyName: without.companyName, place: null });
    expect(all.items[0].place?.auditState).toBe(AuditState.Pending);

    const ids = (page: { items: { exhibitorId: string }[] }) => page.items.map((i) => i.exhibitorId);
    expect(ids(await query({ hasPlace: false }))).toContain(without.exhibitorId);
    expect(ids(await query({ hasPlace: false }))).not.toContain(withData.exhibitorId);
    expect(ids(await query({ hasPlace: true, auditState: 0 }))).toContain(withData.exhibitorId);
    expect(ids(await query({ auditState: 1 }))).not.toContain(withData.exhibitorId);
    expect(ids(await query({ boothType: 'standard' }))).not.toContain(withData.exhibitorId);
    expect(ids(await query({ keyword: withData.companyName }))).toEqual([withData.exhibitorId]);
    expect(ids(await query({ keyword: '博览搭建' }))).toContain(withData.exhibitorId);

    const paged = await query({ pageSize: 2, pageIndex: 1 });
    expect(paged.items).toHaveLength(2);
    expect(paged.totalCount).toBe(all.totalCount);
  });

  it('keeps another host’s exhibitors out of the list', async () => {
    await call('exhibitor3', 'PUT', '/api/v3/exhibitorplace', standard);
    const page = json(await call('host', 'POST', '/api/v3/exhibitorplace/query', {})).data;
    expect(page.items.map((i: { exhibitionId: string }) => i.exhibitionId)).not.toContain(ctx.other.exhibitionId);
    const other = json(await call('host2', 'POST', '/api/v3/exhibitorplace/query', {})).data;
    expect(other.items.map((i: { exhibitorId: string }) => i.exhibitorId)).toEqual([own.exhibitor3Id]);
  });
});
