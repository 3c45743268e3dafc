import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, auditFields, auditTypes } from '@pavilion/contract';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { diffFields } from '../src/audit/detail.ts';
import { registeredAuditTypes } from '../src/audit/audit.ts';

let ctx: TestContext;
const get = () => ctx;

const call = async (as: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(await ctx.token(as)), ...(payload !== undefined ? { payload: payload as object } : {}) });
const detail = (as: Actor, type: string, id: string) => call(as, 'GET', `/api/Audit/GetAuditDetail?type=${type}&id=${id}`);

let mine = '';
let foreign = '';
beforeAll(async () => {
  ctx = await createTestContext();
  mine = json(await call('exhibitor', 'POST', '/api/CompanyDown', { payload: { name: '杭州云展科技有限公司', phone: '0571-8888' } })).data.id;
  foreign = json(await call('exhibitor3', 'POST', '/api/CompanyDown', { payload: { name: '第二租户公司' } })).data.id;
});
afterAll(() => ctx.close());

describe('GET /api/Audit/GetAuditDetail', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/Audit/GetAuditDetail?type=companyDown&id=${mine}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/Audit/GetAuditDetail?type=companyDown&id=${foreign}` }) },
  });

  it('names the field of a bad type and answers 404 to a target never submitted', async () => {
    const bad = await detail('host', 'nothing', mine);
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 4000, field: 'type' });
    expect((await detail('host', 'journal', mine)).statusCode).toBe(404);
  });

  it('shows a first submission as submitted, with nothing to compare with', async () => {
    const d = json(await detail('host', 'companyDown', mine)).data;
    expect(d.record).toMatchObject({ type: 'companyDown', targetId: mine, state: AuditState.Pending, title: '杭州云展科技有限公司' });
    expect(d.baseline).toBeNull();
    expect(d.fields.map((f: { key: string }) => f.key)).toEqual(['name', 'phone']);
    expect(d.fields[0]).toMatchObject({ key: 'name', kind: 'text', value: '杭州云展科技有限公司', previous: null, changed: false });
  });

  it('shows what changed since the last approved submission, field by field', async () => {
    const rec = json(await call('host', 'POST', '/api/Audit/GetAuditList', { type: 'companyDown', state: 0 })).data.items.find((i: { targetId: string }) => i.targetId === mine);
    expect((await call('host', 'POST', '/api/Audit/Audit', { ids: [rec.id], approve: true })).statusCode).toBe(200);
    await call('exhibitor', 'POST', '/api/CompanyDown', { payload: { name: '杭州云展科技股份有限公司', phone: '0571-8888', logo: '/uploads/logo.png' } });

    const d = json(await detail('host', 'companyDown', mine)).data;
    expect(d.record.state).toBe(AuditState.Pending);
    expect(d.baseline).toMatchObject({ recordId: rec.id, decidedAt: expect.any(String) });
    const byKey = Object.fromEntries(d.fields.map((f: { key: string }) => [f.key, f]));
    expect(byKey.name).toMatchObject({ value: '杭州云展科技股份有限公司', previous: '杭州云展科技有限公司', changed: true });
    expect(byKey.phone).toMatchObject({ value: '0571-8888', previous: '0571-8888', changed: false });
    expect(byKey.logo).toMatchObject({ kind: 'image', value: '/uploads/logo.png', previous: null, changed: true });
  });

  it("compares a correction with the values it corrects", async () => {
    const c = json(await call('exhibitor', 'POST', '/api/v3/exhibitorcorrection', { changes: { address: '文三路 100 号' }, remark: '搬家了' })).data;
    const d = json(await detail('host', 'correction', c.id)).data;
    expect(d.baseline).toBeNull();
    const address = d.fields.find((f: { key: string }) => f.key === 'address');
    expect(address).toMatchObject({ value: '文三路 100 号', previous: c.before.address ?? null, changed: true });
    expect(d.fields.find((f: { key: string }) => f.key === 'remark')).toMatchObject({ value: '搬家了', changed: false });
  });
});

describe('the audited types', () => {
  it('describe the fields of every type the contract lists, and every registered type is listed', () => {
    for (const type of auditTypes) expect(auditFields[type].length, type).toBeGreaterThan(0);
    for (const type of registeredAuditTypes()) expect(auditTypes).toContain(type);
  });

  it('treat empty text and absent as the same, and compare lists and files as a whole', () => {
    const specs = [
      { key: 'a', kind: 'text' as const },
      { key: 'drawings', kind: 'files' as const },
      { key: 'gone', kind: 'text' as const },
    ];
    const fields = diffFields(specs, { a: '', drawings: [{ url: '/u/1.pdf', name: '1.pdf' }] }, { drawings: [{ url: '/u/0.pdf', name: '0.pdf' }] });
    expect(fields).toEqual([
      { key: 'a', kind: 'text', value: null, previous: null, changed: false },
      { key: 'drawings', kind: 'files', value: [{ url: '/u/1.pdf', name: '1.pdf' }], previous: [{ url: '/u/0.pdf', name: '0.pdf' }], changed: true },
    ]);
  });
});
