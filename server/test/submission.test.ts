import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, submissionGroups, type SubmissionKind } from '@pavilion/contract';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { company } from '../src/modules/company/tables.ts';
import { exhibitor } from '../src/modules/exhibitor/tables.ts';

let ctx: TestContext;
const get = () => ctx;
const call = async (as: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });

const samples: Record<SubmissionKind, unknown> = {
  company: { name: '杭州云展科技有限公司', creditCode: '91330100MA2XXXXX1X', email: 'info@example.com' },
  catalogue: { compName: '云展科技', booth: '1A-01', exhibits: '展台设计' },
  invoice: { type: 'special', title: '杭州云展科技有限公司', taxNo: '91330100MA2XXXXX1X', bankName: '招商银行' },
  contact: { contacts: [{ name: '张三', jobTitle: '经理', phone: '13800000009', isPrimary: true }] },
  lintel: { name: '云展科技', nameEn: 'Cloud Expo' },
  vehicle: { vehicles: [{ plateNumber: '浙A12345', driverName: '李四', enterDate: '2026-11-30' }] },
};
const me: Record<string, { exhibitorId: string; companyId: string }> = {};
const ids: Record<string, { own: string; other: string; pending: string }> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  for (const as of ['exhibitor', 'exhibitor2', 'exhibitor3'] as const) me[as] = json(await call(as, 'GET', '/api/v1/account/me')).data;
  for (const [group, kind] of Object.entries(submissionGroups)) {
    const submit = async (as: Actor) => json(await call(as, 'POST', `/api/${group}`, { payload: samples[kind] })).data.id as string;
    ids[group] = { own: await submit('exhibitor'), other: await submit('exhibitor3'), pending: await submit('exhibitor2') };
  }
});
afterAll(() => ctx.close());

for (const [group, kind] of Object.entries(submissionGroups)) {
  describe(`GET /api/${group}`, () => {
    routeSecurity(get, {
      request: () => ({ method: 'GET', url: `/api/${group}?id=${ids[group]!.own}&t=1` }),
      allowed: ['admin', 'host', 'exhibitor'],
      denied: [],
      otherTenant: { as: 'exhibitor2', request: () => ({ method: 'GET', url: `/api/${group}?id=${ids[group]!.own}` }) },
    });
  });
  describe(`GET /api/${group}/GetRecord`, () => {
    routeSecurity(get, {
      request: () => ({ method: 'GET', url: `/api/${group}/GetRecord?joinId=${me.exhibitor!.exhibitorId}` }),
      allowed: ['admin', 'host', 'exhibitor'],
      denied: [],
      otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/${group}/GetRecord?joinId=${me.exhibitor3!.exhibitorId}` }) },
    });
  });
  describe(`POST /api/${group}`, () => {
    routeSecurity(get, {
      request: () => ({ method: 'POST', url: `/api/${group}`, payload: { payload: samples[kind] } }),
      allowed: ['exhibitor'],
      denied: ['admin', 'host'],
      otherTenant: { as: 'exhibitor', request: () => ({ method: 'POST', url: `/api/${group}`, payload: { joinId: me.exhibitor3!.exhibitorId, payload: samples[kind] } }) },
    });
  });
  describe(`PUT /api/${group}/Verify`, () => {
    routeSecurity(get, {
      request: () => ({ method: 'PUT', url: `/api/${group}/Verify`, payload: { ids: [ids[group]!.pending], approve: true } }),
      allowed: ['host'],
      denied: ['exhibitor'],
      otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/${group}/Verify`, payload: { ids: [ids[group]!.other], approve: true } }) },
    });
  });
}

describe('GET /api/v3/companylicence', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/companylicence?compId=${me.exhibitor!.companyId}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v3/companylicence?compId=${me.exhibitor3!.companyId}` }) },
  });
});
describe('PUT /api/v3/companylicence', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v3/companylicence?compId=${me.exhibitor!.companyId}`, payload: { licenceUrl: '/uploads/l.png', draft: true } }),
    allowed: ['exhibitor'],
    denied: ['admin', 'host'],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'PUT', url: `/api/v3/companylicence?compId=${me.exhibitor2!.companyId}`, payload: { licenceUrl: '/uploads/l.png' } }) },
  });
});
describe('POST /api/v3/companylicence/audit', () => {
  let pending = '';
  let other = '';
  beforeAll(async () => {
    pending = json(await call('exhibitor2', 'PUT', `/api/v3/companylicence?compId=${me.exhibitor2!.companyId}`, { licenceUrl: '/uploads/l2.png' })).data.id;
    other = json(await call('exhibitor3', 'PUT', `/api/v3/companylicence?compId=${me.exhibitor3!.companyId}`, { licenceUrl: '/uploads/l3.png' })).data.id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/companylicence/audit', payload: { ids: [pending], approve: true } }),
    allowed: ['host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/companylicence/audit', payload: { ids: [other], approve: true } }) },
  });
});

describe('exhibitor-service submissions', () => {
  it('expose the same four calls in each of the six groups', () => {
    const expected = [
      'GET /api/CompanyDown', 'GET /api/CompanyDown/GetRecord', 'POST /api/CompanyDown', 'PUT /api/CompanyDown/Verify',
      'GET /api/CatalogueDown', 'GET /api/CatalogueDown/GetRecord', 'POST /api/CatalogueDown', 'PUT /api/CatalogueDown/Verify',
      'GET /api/InvoiceDown', 'GET /api/InvoiceDown/GetRecord', 'POST /api/InvoiceDown', 'PUT /api/InvoiceDown/Verify',
      'GET /api/ContactDown', 'GET /api/ContactDown/GetRecord', 'POST /api/ContactDown', 'PUT /api/ContactDown/Verify',
      'GET /api/LintelDown', 'GET /api/LintelDown/GetRecord', 'POST /api/LintelDown', 'PUT /api/LintelDown/Verify',
      'GET /api/VehicleDown', 'GET /api/VehicleDown/GetRecord', 'POST /api/VehicleDown', 'PUT /api/VehicleDown/Verify',
    ];
    const routes = ctx.app.routeList.filter((r) => /^\/api\/\w+Down(\/|$)/.test(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(routes.sort()).toEqual(expected.sort());
  });

  it('are one per kind and join: handing in again replaces the content and waits for verification again', async () => {
    const first = json(await call('exhibitor', 'GET', `/api/LintelDown/GetRecord?joinId=${me.exhibitor!.exhibitorId}`)).data;
    expect(first).toMatchObject({ id: ids.LintelDown!.own, kind: 'lintel', joinId: me.exhibitor!.exhibitorId, auditState: AuditState.Pending, companyName: '杭州云展科技有限公司' });
    const verified = json(await call('host', 'PUT', '/api/LintelDown/Verify', { ids: [first.id], approve: true })).data;
    expect(verified.items[0]).toMatchObject({ auditState: AuditState.Approved, auditReason: null, auditAt: expect.any(String) });
    const again = json(await call('exhibitor', 'POST', '/api/LintelDown', { payload: { name: '云展科技（新）' } })).data;
    expect(again).toMatchObject({ id: first.id, auditState: AuditState.Pending, payload: { name: '云展科技（新）' } });
    expect(json(await call('host', 'GET', `/api/LintelDown?id=${first.id}`)).data.payload.name).toBe('云展科技（新）');
  });

  it('are rejected with a reason, shown to the exhibitor, and a kind answers only its own records', async () => {
    const id = ids.InvoiceDown!.own;
    const noReason = await call('host', 'PUT', '/api/InvoiceDown/Verify', { ids: [id], approve: false });
    expect(json(noReason).field).toBe('reason');
    await call('admin', 'PUT', '/api/InvoiceDown/Verify', { ids: [id], approve: false, reason: '税号有误' });
    expect(json(await call('exhibitor', 'GET', `/api/InvoiceDown?id=${id}`)).data).toMatchObject({ auditState: AuditState.Rejected, auditReason: '税号有误' });
    expect((await call('host', 'PUT', '/api/InvoiceDown/Verify', { ids: [id], approve: true })).statusCode).toBe(409);
    expect((await call('host', 'GET', `/api/VehicleDown?id=${id}`)).statusCode).toBe(404);
    expect((await call('host', 'PUT', '/api/VehicleDown/Verify', { ids: [id], approve: true })).statusCode).toBe(404);
  });

  it('answers null for a join that handed nothing in, and checks the payload of its kind', async () => {
    const [c] = await ctx.db.insert(company).values({ name: '未提交资料的公司' }).returning();
    const [ex] = await ctx.db.insert(exhibitor).values({ exhibitionId: ctx.demo.exhibitionId, companyId: c!.id }).returning();
    expect(json(await call('host', 'GET', `/api/CatalogueDown/GetRecord?joinId=${ex!.id}`)).data).toBeNull();
    const bad = await call('exhibitor', 'POST', '/api/VehicleDown', { payload: { vehicles: [], colour: 'red' } }, 'en');
    expect(json(bad).errors!.map((e) => e.field).sort()).toEqual(['payload.colour', 'payload.vehicles']);
    const wrongKind = await call('exhibitor', 'POST', '/api/ContactDown', { payload: samples.lintel });
    expect(json(wrongKind).code).toBe(4000);
  });
});

describe('company licence', () => {
  it('is a draft until submitted, then audited by the host of the exhibition it came from', async () => {
    const url = `/api/v3/companylicence?compId=${me.exhibitor!.companyId}`;
    const draft = json(await call('exhibitor', 'PUT', url, { licenceUrl: '/uploads/l.png', creditCode: '91330100MA27XXXX0Q', draft: true })).data;
    expect(draft.auditState).toBe(AuditState.Draft);
    const badCode = await call('exhibitor', 'PUT', url, { licenceUrl: '/uploads/l.png', creditCode: '123' });
    expect(json(badCode).field).toBe('creditCode');
    const submitted = json(await call('exhibitor', 'PUT', url, { licenceUrl: '/uploads/l.png', creditCode: '91330100MA27XXXX0Q', legalPerson: '王五', validUntil: '2030-12-31' })).data;
    expect(submitted).toMatchObject({ auditState: AuditState.Pending, legalPerson: '王五', validUntil: '2030-12-31' });
    expect(json(await call('host2', 'POST', '/api/Audit/GetAuditList', { type: 'company' })).data.totalCount).toBe(1);
    const decided = json(await call('host', 'POST', '/api/v3/companylicence/audit', { ids: [submitted.id], approve: false, reason: '执照模糊' })).data;
    expect(decided.items[0]).toMatchObject({ auditState: AuditState.Rejected, auditReason: '执照模糊' });
    expect(json(await call('host', 'GET', url)).data).toMatchObject({ auditState: AuditState.Rejected, auditReason: '执照模糊' });
    const none = json(await call('exhibitor3', 'GET', `/api/v3/companylicence?compId=${me.exhibitor3!.companyId}`)).data;
    expect(none.compId).toBe(me.exhibitor3!.companyId);
  });
});
