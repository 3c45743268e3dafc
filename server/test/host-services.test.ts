import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, type Actor, type TestContext, ownPassword } from './harness.ts';
import { routeSecurity } from './security.ts';

/** The host's service screens (docs/host-services.md): invoice list, brand topics, and the task filters of the exhibitor list. */
let ctx: TestContext;
const get = () => ctx;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (token: string, method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
const call = async (as: Actor, method: Method, url: string, payload?: unknown) => send(await ctx.token(as), method, url, payload);
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

/** A new exhibitor of the demo exhibition with its own login, signed in. */
async function newExhibitor(name = unique('任务测试公司')) {
  const userName = unique('hs-');
  const created = json(await call('host', 'POST', '/api/v1/exhibitor/create', { exhibitionId: ctx.demo.exhibitionId, boothInfo: unique('H-'), company: { name }, account: { userName, password: 'Password-123' } })).data;
  const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName, password: 'Password-123', exhibitionId: ctx.demo.exhibitionId } });
  await ownPassword(ctx, login, 'Password-123');
  return { token: json(login).data.tokenInfo.access_token as string, id: created.id as string, compId: created.compId as string, name };
}
/** Every id the host's exhibitor list answers for a query, across pages. */
async function listedIds(query: object): Promise<string[]> {
  const res = json(await call('host', 'POST', '/api/v1/exhibitor/query', { exhibitionId: ctx.demo.exhibitionId, pageIndex: 1, pageSize: 1000, ...query }));
  return res.data.items.map((e: { id: string }) => e.id);
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('POST /api/v3/companyinvoice/query', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/companyinvoice/query', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/companyinvoice/query', payload: { exhibitionId: c.other.exhibitionId } }) },
  });

  it('lists the invoices of the exhibition’s exhibitors only, with company and booth; searches by name, title, tax number and type; pages', async () => {
    const a = await newExhibitor(unique('发票甲'));
    const b = await newExhibitor(unique('发票乙'));
    const none = await newExhibitor();
    await send(a.token, 'PATCH', `/api/v3/companyinvoice?compId=${a.compId}`, { type: 'normal', title: `${a.name}抬头`, taxNo: '91330000AAAA' });
    await send(b.token, 'PATCH', `/api/v3/companyinvoice?compId=${b.compId}`, { type: 'special', title: `${b.name}抬头`, taxNo: '91330000BBBB', bankName: '工商银行', bankAccount: '6222', address: '杭州', phone: '0571-1' });
    await call('exhibitor3', 'PATCH', `/api/v3/companyinvoice?compId=${ctx.other.companyId}`, { type: 'normal', title: '另一租户抬头', taxNo: '91330000CCCC' });

    const page = async (q: object) => json(await call('host', 'POST', '/api/v3/companyinvoice/query', { exhibitionId: ctx.demo.exhibitionId, pageSize: 1000, ...q })).data;
    const all = await page({});
    const compIds = all.items.map((i: { compId: string }) => i.compId);
    expect(compIds).toEqual(expect.arrayContaining([a.compId, b.compId]));
    expect(compIds).not.toContain(none.compId);
    expect(compIds).not.toContain(ctx.other.companyId);
    const rowA = all.items.find((i: { compId: string }) => i.compId === a.compId);
    expect(rowA).toMatchObject({ exhibitorId: a.id, companyName: a.name, type: 'normal', title: `${a.name}抬头`, taxNo: '91330000AAAA' });
    expect(rowA.boothInfo).toMatch(/^H-/);

    expect((await page({ keyword: a.name })).items.map((i: { compId: string }) => i.compId)).toEqual([a.compId]);
    expect((await page({ keyword: '91330000BBBB' })).items.map((i: { compId: string }) => i.compId)).toEqual([b.compId]);
    expect((await page({ keyword: `${b.name}抬` })).items.map((i: { compId: string }) => i.compId)).toEqual([b.compId]);
    expect((await page({ type: 'special', keyword: a.name })).items).toEqual([]);
    expect((await page({ keyword: '%' })).items).toEqual([]);
    const first = await page({ pageSize: 1, pageIndex: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.totalCount).toBe(all.totalCount);

    // The host edits one from the list; the list shows the change.
    const edited = await call('host', 'PATCH', `/api/v3/companyinvoice?compId=${a.compId}`, { title: '主办方修改抬头' });
    expect(edited.statusCode).toBe(200);
    expect((await page({ keyword: '主办方修改' })).items.map((i: { compId: string }) => i.compId)).toEqual([a.compId]);
  });

  it('answers 400 naming the field for a bad query, never a 500', async () => {
    const noExhibition = await call('host', 'POST', '/api/v3/companyinvoice/query', {});
    expect(noExhibition.statusCode).toBe(400);
    expect(JSON.stringify(json(noExhibition))).toContain('exhibitionId');
    const badType = await call('host', 'POST', '/api/v3/companyinvoice/query', { exhibitionId: ctx.demo.exhibitionId, type: 'gold' });
    expect(badType.statusCode).toBe(400);
    expect(JSON.stringify(json(badType))).toContain('type');
  });
});

describe('GET /api/join/BrandTopics', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/join/BrandTopics?exhibitionId=${c.demo.exhibitionId}&t=1` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/join/BrandTopics?exhibitionId=${c.other.exhibitionId}` }) },
  });

  it('counts the exhibitors of each brand topic in use, by name; removing the last one drops the topic', async () => {
    const topic = unique('品牌专区');
    const a = await newExhibitor();
    const b = await newExhibitor();
    for (const e of [a, b]) expect((await call('host', 'PUT', '/api/join/SetBrandTopic', { id: e.id, pTopic: topic, pTopicType: 1, pTopicStart: '2026-05-01T00:00:00.000Z', pTopicEnd: '2026-05-03T00:00:00.000Z' })).statusCode).toBe(200);
    const topics = async () => json(await call('host', 'GET', `/api/join/BrandTopics?exhibitionId=${ctx.demo.exhibitionId}`)).data as { pTopic: string; count: number }[];
    expect((await topics()).find((x) => x.pTopic === topic)).toEqual({ pTopic: topic, count: 2 });
    const names = (await topics()).map((x) => x.pTopic);
    expect(names).toEqual([...names].sort());
    await call('host', 'PUT', '/api/join/SetBrandTopic', { id: a.id, pTopic: null, pTopicStart: null, pTopicEnd: null, pTopicType: null });
    expect((await topics()).find((x) => x.pTopic === topic)).toEqual({ pTopic: topic, count: 1 });
    await call('host', 'PUT', '/api/join/SetBrandTopic', { id: b.id, pTopic: null });
    expect((await topics()).find((x) => x.pTopic === topic)).toBeUndefined();
  });
});

describe('exhibitor list task filters (POST /api/v1/exhibitor/query)', () => {
  it('hasBrandTopic and pTopic: exhibitors in a brand zone, in a given one, in none', async () => {
    const topic = unique('专区');
    const placed = await newExhibitor();
    const other = await newExhibitor();
    const unplaced = await newExhibitor();
    await call('host', 'PUT', '/api/join/SetBrandTopic', { id: placed.id, pTopic: topic, pTopicType: 0 });
    await call('host', 'PUT', '/api/join/SetBrandTopic', { id: other.id, pTopic: unique('别的专区') });
    await call('host', 'PUT', '/api/join/SetBrandTopic', { id: unplaced.id, pTopic: '' });

    const inZone = await listedIds({ hasBrandTopic: true });
    expect(inZone).toEqual(expect.arrayContaining([placed.id, other.id]));
    expect(inZone).not.toContain(unplaced.id);
    const inNone = await listedIds({ hasBrandTopic: false });
    expect(inNone).toContain(unplaced.id);
    expect(inNone).not.toContain(placed.id);
    expect(await listedIds({ hasBrandTopic: true, pTopic: topic })).toEqual([placed.id]);
  });

  it('hasInvoice: exhibitors whose company handed in invoice details, and those who have not', async () => {
    const done = await newExhibitor();
    const notDone = await newExhibitor();
    await send(done.token, 'PATCH', `/api/v3/companyinvoice?compId=${done.compId}`, { type: 'normal', title: '抬头', taxNo: '9133' });
    const withInvoice = await listedIds({ hasInvoice: true });
    expect(withInvoice).toContain(done.id);
    expect(withInvoice).not.toContain(notDone.id);
    const without = await listedIds({ hasInvoice: false });
    expect(without).toContain(notDone.id);
    expect(without).not.toContain(done.id);
    // Combined with the company-name search, as the task lists send it.
    expect(await listedIds({ hasInvoice: true, companyName: done.name })).toEqual([done.id]);
  });

  it('hasJournal: a submitted entry counts, a draft does not; the host’s own save counts', async () => {
    const submitted = await newExhibitor();
    const draft = await newExhibitor();
    const byHost = await newExhibitor();
    await send(submitted.token, 'PUT', '/api/v3/exhibitorjournal', { compName: submitted.name });
    await send(draft.token, 'PUT', '/api/v3/exhibitorjournal', { compName: draft.name, draft: true });
    expect((await call('host', 'PUT', '/api/v3/exhibitorjournal?isHost=true', { exhibitorId: byHost.id, compName: byHost.name })).statusCode).toBe(200);
    const handedIn = await listedIds({ hasJournal: true });
    expect(handedIn).toEqual(expect.arrayContaining([submitted.id, byHost.id]));
    expect(handedIn).not.toContain(draft.id);
    expect(await listedIds({ hasJournal: false })).toContain(draft.id);
  });

  it('refuses a non-boolean flag with 400 naming it', async () => {
    const res = await call('host', 'POST', '/api/v1/exhibitor/query', { exhibitionId: ctx.demo.exhibitionId, hasInvoice: 'maybe' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(json(res))).toContain('hasInvoice');
  });
});

describe('host review flows behind admin/periodical and admin/correction', () => {
  it('a rejected journal keeps its reason, an approved one is final; bulk approval decides them together', async () => {
    const a = await newExhibitor();
    const b = await newExhibitor();
    const ja = json(await send(a.token, 'PUT', '/api/v3/exhibitorjournal', { compName: a.name })).data.id as string;
    const jb = json(await send(b.token, 'PUT', '/api/v3/exhibitorjournal', { compName: b.name })).data.id as string;
    const pending = json(await call('host', 'POST', '/api/v3/exhibitorjournal/query', { exhibitionId: ctx.demo.exhibitionId, auditState: 0, pageSize: 1000 })).data.items.map((j: { id: string }) => j.id);
    expect(pending).toEqual(expect.arrayContaining([ja, jb]));
    expect((await call('host', 'POST', '/api/v3/exhibitorjournal/audit', { ids: [ja], approve: false })).statusCode).toBe(400);
    expect((await call('host', 'POST', '/api/v3/exhibitorjournal/audit', { ids: [ja], approve: false, reason: '简介过短' })).statusCode).toBe(200);
    expect((await call('host', 'POST', '/api/v3/exhibitorjournal/audit', { ids: [jb], approve: true })).statusCode).toBe(200);
    const byId = async (id: string) => json(await call('host', 'GET', `/api/v3/exhibitorjournal?id=${id}`)).data;
    expect(await byId(ja)).toMatchObject({ auditState: 2, auditReason: '简介过短' });
    expect(await byId(jb)).toMatchObject({ auditState: 1 });
    const c = await newExhibitor();
    const d = await newExhibitor();
    const jc = json(await send(c.token, 'PUT', '/api/v3/exhibitorjournal', { compName: c.name })).data.id as string;
    const jd = json(await send(d.token, 'PUT', '/api/v3/exhibitorjournal', { compName: d.name })).data.id as string;
    expect(json(await call('host', 'POST', '/api/v3/exhibitorjournal/audit', { ids: [jc, jd], approve: true })).data.decided).toBe(2);
    expect((await byId(jc)).auditState).toBe(1);
    expect((await byId(jd)).auditState).toBe(1);
    // The host's edit of the rejected one is final at once.
    const edited = json(await call('host', 'PUT', '/api/v3/exhibitorjournal?isHost=true', { exhibitorId: a.id, compName: `${a.name}（主办方修改）` })).data;
    expect(edited.compName).toBe(`${a.name}（主办方修改）`);
  });

  it('a deleted correction request leaves the host’s list; a rejected one keeps its reason and changes nothing', async () => {
    await call('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, { enabledExhibitorCorrection: true, enabledAutoAuditExhibitor: false });
    const e = await newExhibitor();
    const before = json(await call('host', 'GET', `/api/v1/exhibitor/details?exhibitorId=${e.id}`)).data.boothInfo;
    const ask = (boothInfo: string) => send(e.token, 'POST', '/api/v3/exhibitorcorrection', { changes: { boothInfo }, remark: '展位调整' });
    const rejected = json(await ask('Z-1')).data.id as string;
    const deleted = json(await ask('Z-2')).data.id as string;
    expect((await call('host', 'POST', '/api/v3/exhibitorcorrection/apply', { ids: [rejected], approve: false, reason: '展位未变更' })).statusCode).toBe(200);
    const pendingDeleted = json(await ask('Z-3')).data.id as string;
    // A decided request that is deleted leaves the list as well as a pending one.
    expect((await call('host', 'POST', '/api/v3/exhibitorcorrection/apply', { ids: [deleted], approve: false, reason: '重复申请' })).statusCode).toBe(200);
    expect((await call('host', 'DELETE', `/api/v3/exhibitorcorrection?id=${deleted}`)).statusCode).toBe(200);
    expect((await call('host', 'DELETE', `/api/v3/exhibitorcorrection?id=${pendingDeleted}`)).statusCode).toBe(200);
    const list = json(await call('host', 'POST', '/api/v3/exhibitorcorrection/page', { exhibitionId: ctx.demo.exhibitionId, exhibitorId: e.id })).data.items as { id: string; auditState: number; auditReason: string | null; before: Record<string, string | null>; changes: Record<string, string> }[];
    expect(list.map((c) => c.id)).toEqual([rejected]);
    expect(list[0]).toMatchObject({ auditState: 2, auditReason: '展位未变更', changes: { boothInfo: 'Z-1' }, before: { boothInfo: before } });
    expect(json(await call('host', 'GET', `/api/v1/exhibitor/details?exhibitorId=${e.id}`)).data.boothInfo).toBe(before);
    expect(json(await call('host', 'POST', '/api/v3/exhibitorcorrection/page', { exhibitionId: ctx.demo.exhibitionId, auditState: 2 })).data.items.map((c: { id: string }) => c.id)).toContain(rejected);
  });
});
