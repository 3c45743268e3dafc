import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AuditState } from '@pavilion/contract';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { submitForAudit, decide } from '../src/audit/audit.ts';
import { auditRecord } from '../src/audit/tables.ts';
import { exhibitor } from '../src/modules/exhibitor/tables.ts';
import { serviceSubmission } from '../src/modules/submission/tables.ts';

let ctx: TestContext;
const get = () => ctx;
const NONE = '00000000-0000-4000-8000-000000000000';
const me: Record<string, { exhibitorId: string; companyId: string; exhibitionId: string }> = {};

const call = async (as: Actor, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });

const submitCompanyDown = async (as: Actor, name: string) => json(await call(as, 'POST', '/api/CompanyDown', { payload: { name } })).data;
const queue = async (as: Actor, body: object = {}) => json(await call(as, 'POST', '/api/Audit/GetAuditList', body)).data;
const counts = async (as: Actor, exhibitionId?: string) => json(await call(as, 'GET', `/api/Audit/GetHasAuditInfos${exhibitionId ? `?exhibitionId=${exhibitionId}` : ''}`)).data;
const setSwitch = async (on: boolean) => expect((await call('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, { enabledAutoAuditExhibitor: on })).statusCode).toBe(200);

let pendingOfHost = '';
let pendingOfHost2 = '';
beforeAll(async () => {
  ctx = await createTestContext();
  for (const as of ['exhibitor', 'exhibitor2', 'exhibitor3'] as const) me[as] = json(await call(as, 'GET', '/api/v1/account/me')).data;
  await submitCompanyDown('exhibitor', '杭州云展科技有限公司');
  await submitCompanyDown('exhibitor3', '第二租户公司');
  pendingOfHost = (await queue('host', { type: 'companyDown', state: 0 })).items[0].id;
  pendingOfHost2 = (await queue('host2', { type: 'companyDown', state: 0 })).items[0].id;
});
afterAll(() => ctx.close());

describe('POST /api/Audit/GetAuditList', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/Audit/GetAuditList', payload: {} }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: "a list scoped to the caller before any filter: another tenant's submissions are left out, not addressed (checked below)" } });
});
describe('POST /api/Audit/Audit', () => {
  // One pending item of the demo exhibition for each allowed role to approve.
  const pending: string[] = [];
  beforeAll(async () => {
    const invoice = json(await call('exhibitor2', 'POST', '/api/InvoiceDown', { payload: { type: 'normal', title: '上海智造设备有限公司', taxNo: '91310000MA1XXXXX2Y' } })).data;
    const catalogue = json(await call('exhibitor2', 'POST', '/api/CatalogueDown', { payload: { compName: '智造设备' } })).data;
    const items = (await queue('host', { state: AuditState.Pending, pageSize: 1000 })).items;
    for (const target of [invoice.id, catalogue.id]) pending.push(items.find((i: { targetId: string }) => i.targetId === target).id);
  });
  // A decision cannot be repeated, so each right role decides its own item.
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/Audit/Audit', payload: { ids: [pending[0] ?? NONE], approve: true } }),
    allowed: ['host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/Audit/Audit', payload: { ids: [pendingOfHost2], approve: true } }) },
  });
  describe('by the administrator', () => {
    routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/Audit/Audit', payload: { ids: [pending[1] ?? NONE], approve: true } }), allowed: ['admin'], denied: ['exhibitor'] });
  });
});
describe('POST /api/Audit/ReSync', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/Audit/ReSync', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/Audit/ReSync', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});
describe('GET /api/Audit/GetHasAuditInfos', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/Audit/GetHasAuditInfos?exhibitionId=${c.demo.exhibitionId}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/Audit/GetHasAuditInfos?exhibitionId=${c.other.exhibitionId}` }) },
  });
});

describe('the audit mechanism', () => {
  it('keeps a submission pending while auto-audit is off, and approves it at once when on', async () => {
    await setSwitch(false);
    const off = json(await call('exhibitor', 'PUT', `/api/v3/companylicence?compId=${me.exhibitor!.companyId}`, { licenceUrl: '/uploads/a.png' })).data;
    expect(off.auditState).toBe(AuditState.Pending);
    const pending = await queue('host', { type: 'company', state: AuditState.Pending });
    expect(pending.items.map((i: { targetId: string }) => i.targetId)).toContain(off.id);

    await setSwitch(true);
    const on = json(await call('exhibitor2', 'PUT', `/api/v3/companylicence?compId=${me.exhibitor2!.companyId}`, { licenceUrl: '/uploads/b.png' })).data;
    expect(on).toMatchObject({ auditState: AuditState.Approved, auditReason: null });
    const [record] = (await queue('host', { type: 'company', state: AuditState.Approved })).items.filter((i: { targetId: string }) => i.targetId === on.id);
    expect(record).toMatchObject({ auto: true, decidedBy: null });
    await setSwitch(false);
  });

  it('applies the switch to the exhibitor type through submitForAudit', async () => {
    const actor = { principal: null, ip: null };
    const result = await ctx.db.transaction((tx) => submitForAudit(tx, actor, { type: 'exhibitor', targetId: me.exhibitor!.exhibitorId, exhibitionId: ctx.demo.exhibitionId }));
    expect(result).toMatchObject({ state: AuditState.Pending, auto: false });
    const [row] = await ctx.db.select().from(exhibitor).where(eq(exhibitor.id, me.exhibitor!.exhibitorId));
    expect(row!.auditState).toBe(AuditState.Pending);
    // A resubmission while pending refreshes the one queue entry.
    await ctx.db.transaction((tx) => submitForAudit(tx, actor, { type: 'exhibitor', targetId: me.exhibitor!.exhibitorId, exhibitionId: ctx.demo.exhibitionId }));
    const entries = await ctx.db.select().from(auditRecord).where(and(eq(auditRecord.type, 'exhibitor'), eq(auditRecord.targetId, me.exhibitor!.exhibitorId)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.title).toBe('杭州云展科技有限公司');
  });

  it('needs a reason to reject, decides once, and writes one operation-log row per decision', async () => {
    const a = await submitCompanyDown('exhibitor2', '上海智造设备有限公司');
    const recordOf = async (targetId: string) => (await queue('host', { state: 0 })).items.find((i: { targetId: string }) => i.targetId === targetId);
    const rec = await recordOf(a.id);

    const noReason = await call('host', 'POST', '/api/Audit/Audit', { ids: [rec.id], approve: false }, 'en');
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason)).toMatchObject({ code: 4000, field: 'reason' });
    await expect(ctx.db.transaction((tx) => decide(tx, { principal: null, ip: null }, { type: 'companyDown', ids: [a.id], approve: false }))).rejects.toMatchObject({ code: 4003 });

    const rejected = await call('host', 'POST', '/api/Audit/Audit', { ids: [rec.id], approve: false, reason: '公司名称与营业执照不一致' });
    expect(json(rejected).data).toMatchObject({ decided: 1, items: [{ state: AuditState.Rejected, reason: '公司名称与营业执照不一致', decidedByName: 'host' }] });
    const target = json(await call('exhibitor2', 'GET', `/api/CompanyDown?id=${a.id}`)).data;
    expect(target).toMatchObject({ auditState: AuditState.Rejected, auditReason: '公司名称与营业执照不一致' });

    const again = await call('host', 'POST', '/api/Audit/Audit', { ids: [rec.id], approve: true }, 'en');
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 4021, description: expect.stringContaining('Only pending items') });

    const log = json(await call('host', 'POST', '/api/v3/operationlog/query', { action: 'audit.reject' })).data.items;
    expect(log.filter((l: { targetId: string }) => l.targetId === a.id)).toHaveLength(1);
    expect(log[0]).toMatchObject({ targetType: 'companyDown', userName: 'host', after: { state: AuditState.Rejected, reason: '公司名称与营业执照不一致' } });

    // Submitted again, it is pending again and can be approved.
    await submitCompanyDown('exhibitor2', '上海智造设备有限公司（更正）');
    const rec2 = await recordOf(a.id);
    expect(rec2.id).not.toBe(rec.id);
    expect((await call('host', 'POST', '/api/Audit/Audit', { ids: [rec2.id], approve: true })).statusCode).toBe(200);
    const history = (await queue('exhibitor2', { type: 'companyDown' })).items.filter((i: { targetId: string }) => i.targetId === a.id);
    expect(history.map((h: { state: number }) => h.state)).toEqual([AuditState.Approved, AuditState.Rejected]);
  });

  it('decides items of several types in one call, all or none', async () => {
    const lintel = json(await call('exhibitor', 'POST', '/api/LintelDown', { payload: { name: '云展科技' } })).data;
    const vehicle = json(await call('exhibitor', 'POST', '/api/VehicleDown', { payload: { vehicles: [{ plateNumber: '浙A12345' }] } })).data;
    const items = (await queue('host', { state: 0 })).items.filter((i: { targetId: string }) => [lintel.id, vehicle.id].includes(i.targetId));
    expect(items).toHaveLength(2);
    const mixed = await call('host', 'POST', '/api/Audit/Audit', { ids: [...items.map((i: { id: string }) => i.id), pendingOfHost2], approve: true });
    expect(mixed.statusCode).toBe(404);
    expect(json(await call('exhibitor', 'GET', `/api/LintelDown?id=${lintel.id}`)).data.auditState).toBe(AuditState.Pending);
    const both = await call('host', 'POST', '/api/Audit/Audit', { ids: items.map((i: { id: string }) => i.id), approve: true });
    expect(json(both).data.decided).toBe(2);
  });

  it('counts pending items per type for the badges, per exhibition and tenant', async () => {
    const before = await counts('host', ctx.demo.exhibitionId);
    expect(Object.keys(before.counts)).toEqual(expect.arrayContaining(['exhibitor', 'company', 'journal', 'companyDown', 'vehicleDown']));
    await call('exhibitor', 'POST', '/api/ContactDown', { payload: { contacts: [{ name: '张三', phone: '13800000009' }] } });
    const after = await counts('host', ctx.demo.exhibitionId);
    expect(after.counts.contactDown).toBe(before.counts.contactDown + 1);
    expect(after.total).toBe(before.total + 1);
    const other = await counts('host2');
    expect(other.total).toBe(1);
    expect(other.counts.companyDown).toBe(1);
    const own = await counts('exhibitor3');
    expect(own.total).toBe(1);
  });

  it("never shows a host another host's queue, nor an exhibitor another's submissions, nor drafts", async () => {
    const mine = await queue('host', { pageSize: 1000 });
    expect(mine.items.every((i: { exhibitionId: string }) => i.exhibitionId === ctx.demo.exhibitionId)).toBe(true);
    const theirs = await queue('host2', { pageSize: 1000 });
    expect(theirs.items.every((i: { exhibitionId: string }) => i.exhibitionId === ctx.other.exhibitionId)).toBe(true);
    expect(theirs.items.map((i: { id: string }) => i.id)).not.toContain(pendingOfHost);
    const filtered = await queue('host', { exhibitionId: ctx.other.exhibitionId });
    expect(filtered.totalCount).toBe(0);
    const ex2 = await queue('exhibitor2', { pageSize: 1000 });
    expect(ex2.items.every((i: { exhibitorId: string }) => i.exhibitorId === me.exhibitor2!.exhibitorId)).toBe(true);

    const draft = json(await call('exhibitor', 'PUT', `/api/v3/companylicence?compId=${me.exhibitor!.companyId}`, { licenceUrl: '/uploads/c.png', draft: true })).data;
    expect(draft.auditState).toBe(AuditState.Draft);
    const all = await queue('host', { type: 'company' });
    expect(all.items.some((i: { targetId: string; state: number }) => i.targetId === draft.id && i.state === AuditState.Pending)).toBe(false);
    expect((await queue('host', { state: AuditState.Draft })).totalCount).toBe(0);
  });

  it('re-syncs the queue with the targets', async () => {
    const a = json(await call('exhibitor', 'POST', '/api/InvoiceDown', { payload: { type: 'normal', title: '杭州云展科技有限公司', taxNo: '91330100MA2XXXXX1X' } })).data;
    const b = json(await call('exhibitor', 'POST', '/api/CatalogueDown', { payload: { compName: '云展科技' } })).data;
    // The queue lost a's entry; b's target was deleted behind the queue's back.
    await ctx.db.delete(auditRecord).where(and(eq(auditRecord.targetId, a.id), eq(auditRecord.state, 0)));
    await ctx.db.delete(serviceSubmission).where(eq(serviceSubmission.id, b.id));
    const res = json(await call('host', 'POST', '/api/Audit/ReSync', { exhibitionId: ctx.demo.exhibitionId })).data;
    expect(res).toMatchObject({ created: 1, closed: 1 });
    expect(res.pending).toBe((await counts('host', ctx.demo.exhibitionId)).total);
    const again = json(await call('host', 'POST', '/api/Audit/ReSync', {})).data;
    expect(again).toMatchObject({ created: 0, closed: 0 });
    const invoice = (await queue('host', { type: 'invoiceDown', state: 0 })).items;
    expect(invoice.map((i: { targetId: string }) => i.targetId)).toContain(a.id);
    expect(invoice[0].title).toBe('杭州云展科技有限公司');
  });

  it('names a bad filter', async () => {
    const res = await call('host', 'POST', '/api/Audit/GetAuditList', { type: 'nope', state: 7 });
    expect(json(res).errors!.map((e) => e.field).sort()).toEqual(['state', 'type']);
  });
});
