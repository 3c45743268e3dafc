import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../src/modules/company/tables.ts';
import { exhibitor, exhibitorSayHello } from '../src/modules/exhibitor/tables.ts';
import { bearer, createTestContext, json, type Actor, type TestContext, ownPassword } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const get = () => ctx;
const own = { exhibitorId: '', companyId: '', exhibitor2Id: '', exhibitor3Id: '' };
const NONE = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (token: string, method: Method, url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const call = async (as: Actor, method: Method, url: string, payload?: unknown, lang?: string) => send(await ctx.token(as), method, url, payload, lang);
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const settings = (patch: object) => call('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, patch);

/** A new exhibitor of the demo exhibition with its own login, signed in. */
async function signedInExhibitor() {
  const userName = unique('ex-');
  const created = json(await call('host', 'POST', '/api/v1/exhibitor/create', { exhibitionId: ctx.demo.exhibitionId, company: { name: unique('服务测试公司') }, account: { userName, password: 'Password-123' } })).data;
  const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName, password: 'Password-123', exhibitionId: ctx.demo.exhibitionId } });
  await ownPassword(ctx, login, 'Password-123');
  return { token: json(login).data.tokenInfo.access_token as string, exhibitorId: created.id as string, companyId: created.compId as string };
}
/** A journal an exhibitor submitted (pending). */
async function pendingJournal() {
  const ex = await signedInExhibitor();
  const res = await send(ex.token, 'PUT', '/api/v3/exhibitorjournal', { compName: unique('会刊') });
  return json(res).data.id as string;
}
async function pendingCorrection(as: Actor = 'exhibitor') {
  return json(await call(as, 'POST', '/api/v3/exhibitorcorrection', { changes: { boothInfo: unique('B-') } })).data.id as string;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const me = json(await call('exhibitor', 'GET', '/api/v1/account/me')).data;
  own.exhibitorId = me.exhibitorId;
  own.companyId = me.companyId;
  own.exhibitor2Id = json(await call('exhibitor2', 'GET', '/api/v1/account/me')).data.exhibitorId;
  own.exhibitor3Id = ctx.other.exhibitorId;
});
afterAll(() => ctx.close());

// ——— Journal ———
describe('POST /api/v3/exhibitorjournal/query', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/exhibitorjournal/query', payload: {} }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: "a list scoped to the caller before any filter: other tenants' catalogue entries are left out, not addressed (checked below)" } });
});
describe("another tenant's catalogue entries and correction requests", () => {
  it("are left out of the host's and the exhibitor's lists", async () => {
    const journal = json(await call('exhibitor3', 'PUT', '/api/v3/exhibitorjournal', { compName: unique('别家会刊') })).data.id as string;
    const correction = await pendingCorrection('exhibitor3');
    const listed = async (as: Actor, url: string) => json(await call(as, 'POST', url, { pageSize: 100 })).data.items.map((i: { id: string }) => i.id);
    expect(await listed('admin', '/api/v3/exhibitorjournal/query')).toContain(journal);
    expect(await listed('admin', '/api/v3/exhibitorcorrection/page')).toContain(correction);
    for (const as of ['host', 'exhibitor'] as const) {
      expect(await listed(as, '/api/v3/exhibitorjournal/query')).not.toContain(journal);
      expect(await listed(as, '/api/v3/exhibitorcorrection/page')).not.toContain(correction);
    }
  });
});
describe('GET /api/v3/exhibitorjournal', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/exhibitorjournal?exhibitorId=${own.exhibitorId}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v3/exhibitorjournal?exhibitorId=${own.exhibitor3Id}` }) },
  });
});
for (const method of ['PUT', 'PATCH'] as const)
  describe(`${method} /api/v3/exhibitorjournal`, () => {
    routeSecurity(get, {
      request: () => ({ method, url: '/api/v3/exhibitorjournal?isHost=false', payload: { exhibitorId: own.exhibitor2Id, compName: '上海智造设备有限公司' } }),
      allowed: ['admin', 'host', 'exhibitor2'],
      denied: [],
      otherTenant: { as: 'host', request: () => ({ method, url: '/api/v3/exhibitorjournal?isHost=true', payload: { exhibitorId: own.exhibitor3Id, compName: 'x' } }) },
    });
  });
describe('DELETE /api/v3/exhibitorjournal', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) ids.push(await pendingJournal());
    foreign = json(await call('exhibitor3', 'PUT', '/api/v3/exhibitorjournal', { compName: '第二租户公司' })).data.id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/exhibitorjournal?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/exhibitorjournal?id=${foreign}` }) },
  });
});
describe('POST /api/v3/exhibitorjournal/audit', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push(await pendingJournal());
    foreign = json(await call('exhibitor3', 'PUT', '/api/v3/exhibitorjournal', { compName: '第二租户公司' })).data.id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/exhibitorjournal/audit', payload: { ids: [ids.shift() ?? NONE], approve: true } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/exhibitorjournal/audit', payload: { ids: [foreign], approve: true } }) },
  });
});

// ——— Lintel, invoice ———
describe('GET /api/v3/exhibitorlintel', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/exhibitorlintel?exhibitorId=${own.exhibitorId}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'exhibitor2', request: () => ({ method: 'GET', url: `/api/v3/exhibitorlintel?exhibitorId=${own.exhibitorId}` }) },
  });
});
describe('PATCH /api/v3/exhibitorlintel', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v3/exhibitorlintel?exhibitorId=${own.exhibitorId}&isHost=false`, payload: { name: '杭州云展科技', nameEn: 'HZ Cloud Expo' } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v3/exhibitorlintel?exhibitorId=${own.exhibitor3Id}&isHost=true`, payload: { name: 'x' } }) },
  });
});
describe('GET /api/v3/companyinvoice', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/companyinvoice?compId=${own.companyId}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v3/companyinvoice?compId=${c.other.companyId}` }) },
  });
});
describe('PATCH /api/v3/companyinvoice', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v3/companyinvoice?compId=${own.companyId}`, payload: { type: 'normal', title: '杭州云展科技有限公司', taxNo: '91330100MA2XXXXX1A' } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'exhibitor', request: (c) => ({ method: 'PATCH', url: `/api/v3/companyinvoice?compId=${c.other.companyId}`, payload: { title: 'x' } }) },
  });
});

// ——— Correction ———
describe('POST /api/v3/exhibitorcorrection', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/exhibitorcorrection', payload: { changes: { address: '文三路 100 号' }, remark: '搬家了' } }),
    allowed: ['exhibitor'],
    denied: ['admin', 'host'],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'POST', url: '/api/v3/exhibitorcorrection', payload: { exhibitorId: own.exhibitor2Id, changes: { address: 'x' } } }) },
  });
});
describe('POST /api/v3/exhibitorcorrection/page', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/exhibitorcorrection/page', payload: {} }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: "a list scoped to the caller before any filter: other tenants' correction requests are left out, not addressed (checked below)" } });
});
describe('POST /api/v3/exhibitorcorrection/apply', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push(await pendingCorrection());
    foreign = await pendingCorrection('exhibitor3');
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/exhibitorcorrection/apply', payload: { ids: [ids.shift() ?? NONE], approve: false, reason: '信息不符' } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/exhibitorcorrection/apply', payload: { ids: [foreign], approve: true } }) },
  });
});
describe('DELETE /api/v3/exhibitorcorrection', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push(await pendingCorrection());
    foreign = await pendingCorrection('exhibitor3');
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/exhibitorcorrection?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/exhibitorcorrection?id=${foreign}` }) },
  });
});

// ——— Help logs, downloads ———
describe('POST /api/v3/helplogv3/exhibitor', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/helplogv3/exhibitor', payload: { title: '如何上传产品', url: '/help/product' } }), allowed: ['exhibitor'], denied: ['admin', 'host'], otherTenant: { none: "the body names no exhibitor: the entry is written for the signed-in exhibitor's own join" } });
});
describe('POST /api/v3/helplogv3/user-total', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/helplogv3/user-total', payload: {} }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: "a list scoped to the caller before any filter: other tenants' help logs are left out, not addressed ('count help items per exhibitor user' checks it)" } });
});
describe('download centre', () => {
  const mine: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) mine.push(json(await call('host', 'POST', '/api/v3/exhibitiondatadowload', { exhibitionId: ctx.demo.exhibitionId, title: `参展手册 ${i}`, url: `/uploads/manual-${i}.pdf` })).data.id);
    foreign = json(await call('admin', 'POST', '/api/v3/exhibitiondatadowload', { exhibitionId: ctx.other.exhibitionId, title: '别家的手册', url: '/uploads/other.pdf' })).data.id;
  });
  describe('POST /api/v3/exhibitiondatadowload/exhibitor/page', () => {
    routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/exhibitiondatadowload/exhibitor/page', payload: {} }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: "a list scoped to the caller before any filter: other exhibitions' files are left out, not addressed ('shows exhibitors only the shown files of their exhibition' checks it)" } });
  });
  describe('POST /api/v3/exhibitiondatadowload', () => {
    routeSecurity(get, {
      request: (c) => ({ method: 'POST', url: '/api/v3/exhibitiondatadowload', payload: { exhibitionId: c.demo.exhibitionId, title: '布展须知', url: '/uploads/setup.pdf' } }),
      allowed: ['admin', 'host'],
      denied: ['exhibitor'],
      otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/exhibitiondatadowload', payload: { exhibitionId: c.other.exhibitionId, title: 'x', url: '/x' } }) },
    });
  });
  describe('PATCH /api/v3/exhibitiondatadowload', () => {
    routeSecurity(get, {
      request: () => ({ method: 'PATCH', url: `/api/v3/exhibitiondatadowload?id=${mine[0]}`, payload: { titleEn: 'Exhibitor manual' } }),
      allowed: ['admin', 'host'],
      denied: ['exhibitor'],
      otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v3/exhibitiondatadowload?id=${foreign}`, payload: { title: 'x' } }) },
    });
  });
  describe('PUT /api/v3/exhibitiondatadowload/show', () => {
    routeSecurity(get, {
      request: () => ({ method: 'PUT', url: '/api/v3/exhibitiondatadowload/show', payload: { id: mine[1], isShow: true } }),
      allowed: ['admin', 'host'],
      denied: ['exhibitor'],
      otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v3/exhibitiondatadowload/show', payload: { id: foreign, isShow: false } }) },
    });
  });
  describe('DELETE /api/v3/exhibitiondatadowload', () => {
    const extra: string[] = [];
    beforeAll(async () => {
      for (let i = 0; i < 4; i++) extra.push(json(await call('host', 'POST', '/api/v3/exhibitiondatadowload', { exhibitionId: ctx.demo.exhibitionId, title: `待删 ${i}`, url: '/uploads/d.pdf' })).data.id);
    });
    routeSecurity(get, {
      request: () => ({ method: 'DELETE', url: `/api/v3/exhibitiondatadowload?id=${extra.shift() ?? NONE}` }),
      allowed: ['admin', 'host'],
      denied: ['exhibitor'],
      otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/exhibitiondatadowload?id=${foreign}` }) },
    });
  });
  describe('POST /api/v3/exhibitiondatadowload/log', () => {
    routeSecurity(get, {
      request: () => ({ method: 'POST', url: '/api/v3/exhibitiondatadowload/log', payload: { downloadId: mine[2] } }),
      allowed: ['exhibitor'],
      denied: ['admin', 'host'],
      otherTenant: { as: 'exhibitor', request: () => ({ method: 'POST', url: '/api/v3/exhibitiondatadowload/log', payload: { downloadId: foreign } }) },
    });
  });
  describe('POST /api/v3/exhibitiondatadowload/log/page', () => {
    routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/exhibitiondatadowload/log/page', payload: {} }), allowed: ['admin', 'host'], denied: ['exhibitor'], otherTenant: { none: "a list scoped to the caller before any filter: other hosts' download logs are left out, not addressed ('shows exhibitors only the shown files of their exhibition' checks it)" } });
  });
  it('shows exhibitors only the shown files of their exhibition, and the host who downloaded what', async () => {
    await call('host', 'PUT', '/api/v3/exhibitiondatadowload/show', { id: mine[3], isShow: false });
    const seen = json(await call('exhibitor', 'POST', '/api/v3/exhibitiondatadowload/exhibitor/page', {})).data.items.map((i: { id: string }) => i.id);
    expect(seen).toContain(mine[2]);
    expect(seen).not.toContain(mine[3]);
    expect(seen).not.toContain(foreign);
    expect((await call('exhibitor', 'POST', '/api/v3/exhibitiondatadowload/log', { downloadId: mine[3] })).statusCode).toBe(404);
    const file = json(await call('exhibitor2', 'POST', '/api/v3/exhibitiondatadowload/log', { downloadId: mine[2] })).data;
    expect(file.url).toBe('/uploads/manual-2.pdf');
    const log = json(await call('host', 'POST', '/api/v3/exhibitiondatadowload/log/page', { downloadId: mine[2] })).data.items;
    expect(log.map((r: { companyName: string }) => r.companyName)).toContain('上海智造设备有限公司');
    expect(json(await call('host2', 'POST', '/api/v3/exhibitiondatadowload/log/page', {})).data.totalCount).toBe(0);
  });
});

describe('catalogue entries (journals)', () => {
  it('go draft → pending → approved by the host; the exhibitor sees state and reason; hosts never see drafts', async () => {
    const ex = await signedInExhibitor();
    const draft = json(await send(ex.token, 'PUT', '/api/v3/exhibitorjournal', { compName: '草稿公司', introduction: '介绍', draft: true })).data;
    expect(draft).toMatchObject({ auditState: -3, exhibitorId: ex.exhibitorId, submitAt: null });
    expect(json(await call('host', 'POST', '/api/v3/exhibitorjournal/query', { exhibitorId: ex.exhibitorId })).data.totalCount).toBe(0);
    expect((await call('host', 'GET', `/api/v3/exhibitorjournal?id=${draft.id}`)).statusCode).toBe(404);
    expect(json(await call('host', 'POST', '/api/v1/exhibitor/query', { hasJournal: false, exhibitionId: ctx.demo.exhibitionId })).data.items.map((i: { id: string }) => i.id)).toContain(ex.exhibitorId);

    const submitted = json(await send(ex.token, 'PATCH', '/api/v3/exhibitorjournal', { exhibits: '数控机床' })).data;
    expect(submitted).toMatchObject({ auditState: 0, compName: '草稿公司', introduction: '介绍', exhibits: '数控机床' });
    const hostView = json(await call('host', 'POST', '/api/v3/exhibitorjournal/query', { exhibitionId: ctx.demo.exhibitionId, auditState: 0 })).data.items.map((i: { id: string }) => i.id);
    expect(hostView).toContain(draft.id);
    const queue = json(await call('host', 'POST', '/api/Audit/GetAuditList', { type: 'journal', state: 0 })).data.items;
    expect(queue.some((r: { targetId: string; title: string }) => r.targetId === draft.id && r.title === '草稿公司')).toBe(true);

    const noReason = await call('host', 'POST', '/api/v3/exhibitorjournal/audit', { ids: [draft.id], approve: false });
    expect(json(noReason).code).toBe(4000);
    const rejected = await call('host', 'POST', '/api/v3/exhibitorjournal/audit', { ids: [draft.id], approve: false, reason: '简介过短' });
    expect(json(rejected).data.decided).toBe(1);
    expect(json(await send(ex.token, 'GET', '/api/v3/exhibitorjournal')).data).toMatchObject({ auditState: 2, auditReason: '简介过短' });
    const again = await call('host', 'POST', '/api/v3/exhibitorjournal/audit', { ids: [draft.id], approve: true });
    expect(json(again).code).toBe(4021);

    const replaced = json(await send(ex.token, 'PUT', '/api/v3/exhibitorjournal', { compName: '正式公司', introduction: '一家做数控机床的公司，成立于 2001 年。' })).data;
    expect(replaced).toMatchObject({ auditState: 0, auditReason: null, exhibits: null });
    await call('host', 'POST', '/api/v3/exhibitorjournal/audit', { ids: [draft.id], approve: true });
    expect(json(await send(ex.token, 'GET', `/api/v3/exhibitorjournal?id=${draft.id}`)).data).toMatchObject({ auditState: 1, compName: '正式公司' });
    expect(json(await call('host', 'POST', '/api/v1/exhibitor/query', { hasJournal: true, exhibitionId: ctx.demo.exhibitionId })).data.items.map((i: { id: string }) => i.id)).toContain(ex.exhibitorId);
    const log = json(await call('host', 'POST', '/api/v3/operationlog/query', { targetType: 'journal' })).data.items.map((r: { action: string }) => r.action);
    expect(log).toEqual(expect.arrayContaining(['audit.approve', 'audit.reject']));
  });

  it('are edited by the host with isHost=true, final at once; an exhibitor may not claim isHost', async () => {
    const ex = await signedInExhibitor();
    expect((await send(ex.token, 'PUT', '/api/v3/exhibitorjournal?isHost=true', { compName: 'x' })).statusCode).toBe(403);
    const needsName = await call('host', 'PATCH', '/api/v3/exhibitorjournal?isHost=true', { exhibitorId: ex.exhibitorId, logo: '/uploads/l.png' });
    expect(json(needsName).field).toBe('compName');
    const noTarget = await call('host', 'PATCH', '/api/v3/exhibitorjournal?isHost=true', { compName: 'x' });
    expect(json(noTarget).field).toBe('exhibitorId');
    expect(json(await call('host', 'GET', '/api/v3/exhibitorjournal')).field).toBe('exhibitorId');
    const byHost = json(await call('host', 'PUT', '/api/v3/exhibitorjournal?isHost=true', { exhibitorId: ex.exhibitorId, compName: '主办方代填' })).data;
    expect(byHost.auditState).toBe(1);
    expect(json(await send(ex.token, 'GET', `/api/v3/exhibitorjournal?exhibitorId=${ex.exhibitorId}`)).data).toMatchObject({ compName: '主办方代填', auditState: 1 });
    const deleted = await send(ex.token, 'DELETE', `/api/v3/exhibitorjournal?id=${byHost.id}`);
    expect(json(deleted).data).toBe(true);
    expect(json(await send(ex.token, 'GET', '/api/v3/exhibitorjournal')).data).toBeNull();
  });

  it('are approved at once when the exhibition audits exhibitors automatically', async () => {
    await settings({ enabledAutoAuditExhibitor: true });
    try {
      const ex = await signedInExhibitor();
      const j = json(await send(ex.token, 'PUT', '/api/v3/exhibitorjournal', { compName: '自动通过' })).data;
      expect(j).toMatchObject({ auditState: 1 });
      const lintel = json(await send(ex.token, 'PATCH', `/api/v3/exhibitorlintel?exhibitorId=${ex.exhibitorId}`, { name: '自动楣板' })).data;
      expect(lintel).toMatchObject({ auditState: 1, name: '自动楣板' });
      const queue = json(await call('host', 'POST', '/api/Audit/GetAuditList', { exhibitorId: ex.exhibitorId })).data.items;
      expect(queue.every((r: { auto: boolean; state: number }) => r.auto && r.state === 1)).toBe(true);
    } finally {
      await settings({ enabledAutoAuditExhibitor: false });
    }
  });
});

describe('sensitive words', () => {
  it('are refused by name in what exhibitors submit: catalogue entry, lintel, correction', async () => {
    await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['违禁词'] });
    try {
      const ex = await signedInExhibitor();
      const journal = await send(ex.token, 'PUT', '/api/v3/exhibitorjournal', { compName: '正常公司', introduction: '含有违禁词的介绍' });
      expect(journal.statusCode).toBe(400);
      expect(json(journal)).toMatchObject({ code: 4026, field: 'introduction' });
      expect(json(await send(ex.token, 'PATCH', `/api/v3/exhibitorlintel?exhibitorId=${ex.exhibitorId}`, { name: '违禁词' })).field).toBe('name');
      const correction = await send(ex.token, 'POST', '/api/v3/exhibitorcorrection', { changes: { address: '违禁词路' }, remark: '违禁词' });
      expect(json(correction).errors!.map((e) => e.field)).toEqual(['changes.address', 'remark']);
      expect(json(await send(ex.token, 'GET', '/api/v3/exhibitorjournal')).data).toBeNull();
    } finally {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
    }
  });
});

describe('lintels', () => {
  it('start empty, are submitted by the exhibitor and kept by the host', async () => {
    const ex = await signedInExhibitor();
    expect(json(await send(ex.token, 'GET', `/api/v3/exhibitorlintel?exhibitorId=${ex.exhibitorId}`)).data).toMatchObject({ id: null, name: null, auditState: -3 });
    const first = await send(ex.token, 'PATCH', `/api/v3/exhibitorlintel?exhibitorId=${ex.exhibitorId}`, { nameEn: 'Only English' });
    expect(json(first).field).toBe('name');
    const submitted = json(await send(ex.token, 'PATCH', `/api/v3/exhibitorlintel?exhibitorId=${ex.exhibitorId}&isHost=false`, { name: '云展科技', nameEn: 'Cloud Expo' })).data;
    expect(submitted).toMatchObject({ auditState: 0, name: '云展科技' });
    expect((await send(ex.token, 'PATCH', `/api/v3/exhibitorlintel?exhibitorId=${ex.exhibitorId}&isHost=true`, { name: 'x' })).statusCode).toBe(403);
    const byHost = json(await call('host', 'PATCH', `/api/v3/exhibitorlintel?exhibitorId=${ex.exhibitorId}&isHost=true`, { name: '云展科技（A1-08）' })).data;
    expect(byHost).toMatchObject({ auditState: 1, name: '云展科技（A1-08）', nameEn: 'Cloud Expo' });
    expect(json(await call('host', 'POST', '/api/v1/exhibitor/query', { hasLintel: true, exhibitionId: ctx.demo.exhibitionId })).data.items.map((i: { id: string }) => i.id)).toContain(ex.exhibitorId);
  });
});

describe('invoices', () => {
  it('need type, title and tax number, and the bank details for a special invoice; the host reads its exhibitor’s', async () => {
    const ex = await signedInExhibitor();
    const url = `/api/v3/companyinvoice?compId=${ex.companyId}`;
    expect(json(await send(ex.token, 'GET', url)).data).toMatchObject({ id: null, compId: ex.companyId, title: null });
    expect(json(await send(ex.token, 'PATCH', url, { title: '抬头' })).field).toBe('type');
    const special = await send(ex.token, 'PATCH', url, { type: 'special', title: '云展科技有限公司', taxNo: '91330100MA2B000001', bankName: '招商银行杭州分行' }, 'en');
    expect(json(special)).toMatchObject({ code: 4000, field: 'bankAccount', description: expect.stringContaining('bankAccount is required') });
    const saved = json(await send(ex.token, 'PATCH', url, { type: 'special', title: '云展科技有限公司', taxNo: '91330100MA2B000001', bankName: '招商银行杭州分行', bankAccount: '5719 0000 0000', address: '文三路 90 号', phone: '0571-88888888' })).data;
    expect(saved).toMatchObject({ type: 'special', bankAccount: '5719 0000 0000' });
    expect(json(await call('host', 'GET', url)).data).toMatchObject({ title: '云展科技有限公司' });
    expect((await call('host2', 'GET', url)).statusCode).toBe(404);
    expect(json(await send(ex.token, 'PATCH', url, { receiverEmail: 'not-an-email' })).field).toBe('receiverEmail');
  });
});

describe('corrections', () => {
  it('change the company and the join once the host applies them; a rejection changes nothing', async () => {
    const ex = await signedInExhibitor();
    const before = json(await send(ex.token, 'GET', `/api/v1/exhibitor/details?exhibitorId=${ex.exhibitorId}`)).data;
    const empty = await send(ex.token, 'POST', '/api/v3/exhibitorcorrection', { changes: {} });
    expect(json(empty).code).toBe(4000);
    const asked = json(await send(ex.token, 'POST', '/api/v3/exhibitorcorrection', { changes: { name: '更正后的公司名', boothInfo: 'D8-18' }, remark: '工商变更' })).data;
    expect(asked).toMatchObject({ auditState: 0, changes: { name: '更正后的公司名', boothInfo: 'D8-18' }, before: { name: before.company.name, boothInfo: null }, appliedAt: null });
    const listed = json(await call('host', 'POST', '/api/v3/exhibitorcorrection/page', { exhibitionId: ctx.demo.exhibitionId, auditState: 0 })).data.items.map((i: { id: string }) => i.id);
    expect(listed).toContain(asked.id);
    const rejectMe = json(await send(ex.token, 'POST', '/api/v3/exhibitorcorrection', { changes: { address: '不该改的地址' } })).data;
    await call('host', 'POST', '/api/v3/exhibitorcorrection/apply', { ids: [rejectMe.id], approve: false, reason: '地址不符' });
    const applied = await call('host', 'POST', '/api/v3/exhibitorcorrection/apply', { ids: [asked.id], approve: true });
    expect(json(applied).data.decided).toBe(1);
    const after = json(await call('host', 'GET', `/api/v1/exhibitor/details?exhibitorId=${ex.exhibitorId}`)).data;
    expect(after).toMatchObject({ boothInfo: 'D8-18', company: { name: '更正后的公司名', address: null } });
    const mine = json(await send(ex.token, 'POST', '/api/v3/exhibitorcorrection/page', {})).data.items;
    expect(mine.find((c: { id: string }) => c.id === asked.id)).toMatchObject({ auditState: 1, appliedAt: expect.any(String) });
    expect(mine.find((c: { id: string }) => c.id === rejectMe.id)).toMatchObject({ auditState: 2, auditReason: '地址不符', appliedAt: null });
    const log = json(await call('host', 'POST', '/api/v3/operationlog/query', { action: 'exhibitor.correction.apply' })).data.items;
    expect(log[0]).toMatchObject({ targetId: ex.exhibitorId, before: { name: before.company.name, boothInfo: null }, after: { name: '更正后的公司名', boothInfo: 'D8-18' } });
  });

  it('are refused (4030) when the host switched corrections off, and applied at once with auto-audit', async () => {
    const ex = await signedInExhibitor();
    await settings({ enabledExhibitorCorrection: false });
    try {
      const off = await send(ex.token, 'POST', '/api/v3/exhibitorcorrection', { changes: { region: '浙江省' } }, 'en');
      expect(off.statusCode).toBe(403);
      expect(json(off)).toMatchObject({ code: 4030, description: 'This permission has not been opened yet. Please contact the organizer.' });
    } finally {
      await settings({ enabledExhibitorCorrection: true });
    }
    await settings({ enabledAutoAuditExhibitor: true });
    try {
      const auto = json(await send(ex.token, 'POST', '/api/v3/exhibitorcorrection', { changes: { region: '浙江省/杭州市' } })).data;
      expect(auto).toMatchObject({ auditState: 1, appliedAt: expect.any(String) });
      const [c] = await ctx.db.select({ region: company.region }).from(company).innerJoin(exhibitor, eq(exhibitor.companyId, company.id)).where(eq(exhibitor.id, ex.exhibitorId));
      expect(c!.region).toBe('浙江省/杭州市');
    } finally {
      await settings({ enabledAutoAuditExhibitor: false });
    }
  });
});

describe('help logs and greetings', () => {
  it('count help items per exhibitor user for the host, and the exhibitor’s own', async () => {
    await call('exhibitor2', 'POST', '/api/v3/helplogv3/exhibitor', { title: '如何设置楣板' });
    await call('exhibitor2', 'POST', '/api/v3/helplogv3/exhibitor', { title: '如何提交会刊' });
    const hostView = json(await call('host', 'POST', '/api/v3/helplogv3/user-total', { exhibitionId: ctx.demo.exhibitionId })).data.items;
    expect(hostView.find((r: { exhibitorId: string }) => r.exhibitorId === own.exhibitor2Id)).toMatchObject({ total: 2, userName: 'exhibitor2', companyName: '上海智造设备有限公司' });
    const ownView = json(await call('exhibitor2', 'POST', '/api/v3/helplogv3/user-total', {})).data.items;
    expect(ownView.map((r: { exhibitorId: string }) => r.exhibitorId)).toEqual([own.exhibitor2Id]);
    expect(json(await call('host2', 'POST', '/api/v3/helplogv3/user-total', {})).data.totalCount).toBe(0);
  });

  it('list say-hello records of the exhibitor’s own, and of the host’s exhibitions', async () => {
    await ctx.db.insert(exhibitorSayHello).values([
      { exhibitorId: own.exhibitorId, visitorName: '观众甲', content: '欢迎来到我们的展位' },
      { exhibitorId: own.exhibitor3Id, visitorName: '观众乙', content: 'Hello' },
    ]);
    const mine = json(await call('exhibitor', 'POST', '/api/v1/exhibitorsayhello/query', {})).data;
    expect(mine.items.map((i: { content: string }) => i.content)).toEqual(['欢迎来到我们的展位']);
    expect(json(await call('exhibitor2', 'POST', '/api/v1/exhibitorsayhello/query', {})).data.totalCount).toBe(0);
    const host = json(await call('host', 'POST', '/api/v1/exhibitorsayhello/query', { exhibitionId: ctx.demo.exhibitionId })).data;
    expect(host.items).toHaveLength(1);
    expect(host.items[0]).toMatchObject({ exhibitionId: ctx.demo.exhibitionId, visitorName: '观众甲' });
  });
});
