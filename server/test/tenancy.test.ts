import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const get = () => ctx;

describe('GET /api/v1/exhibition', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v1/exhibition?id=${c.demo.exhibitionId}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/exhibition?id=${c.other.exhibitionId}` }) },
  });
  it("keeps an exhibitor out of another exhibition", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/exhibition?id=${ctx.other.exhibitionId}`, headers: bearer(await ctx.token('exhibitor')) });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/v1/exhibition/query and /page', () => {
  for (const url of ['/api/v1/exhibition/query', '/api/v1/exhibition/page']) {
    routeSecurity(get, { request: () => ({ method: 'POST', url, payload: {} }), allowed: ['admin', 'host'], denied: ['exhibitor'], otherTenant: { none: "a list scoped to the caller before any filter: another host's exhibitions are left out, not addressed ('scopes a host to its own exhibitions' below checks it)" } });
  }
  it('scopes a host to its own exhibitions before any filter, and pages as the spec says', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/exhibition/query', headers: bearer(await ctx.token('host')), payload: { hostId: ctx.other.hostId } });
    expect(json(res).data).toMatchObject({ totalCount: 0, items: [] });
    const own = await ctx.app.inject({ method: 'POST', url: '/api/v1/exhibition/page', headers: bearer(await ctx.token('host')), payload: {} });
    expect(json(own).data).toMatchObject({ pageIndex: 1, pageSize: 1000, totalCount: 1, totalPages: 1 });
    const all = await ctx.app.inject({ method: 'POST', url: '/api/v1/exhibition/query', headers: bearer(await ctx.token('admin')), payload: { pageSize: 1, pageIndex: 2 } });
    expect(json(all).data).toMatchObject({ pageIndex: 2, pageSize: 1, totalCount: 2, totalPages: 2 });
    expect(json(all).data.items).toHaveLength(1);
  });
  it('names a bad paging field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/exhibition/query', headers: bearer(await ctx.token('admin')), payload: { pageIndex: 0 } });
    expect(json(res)).toMatchObject({ code: 4000, field: 'pageIndex' });
  });
});

describe('GET /api/v1/company', () => {
  let ownCompany = '';
  beforeAll(async () => {
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(await ctx.token('exhibitor')) });
    ownCompany = json(me).data.companyId;
  });
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/company?id=${ownCompany}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/company?id=${c.other.companyId}` }) },
  });
  it("keeps an exhibitor out of another company", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/company?id=${ctx.other.companyId}`, headers: bearer(await ctx.token('exhibitor2')) });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/v1/host/by-hostid', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: '/api/v1/host/by-hostid?hostId=00000000-0000-4000-a000-000000000101' }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/host/by-hostid?hostId=${c.other.hostId}` }) },
  });
});

describe('GET /api/v1/host/by-userid', () => {
  let hostUserId = '';
  let host2UserId = '';
  beforeAll(async () => {
    hostUserId = json(await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(await ctx.token('host')) })).data.user.id;
    host2UserId = json(await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(await ctx.token('host2')) })).data.user.id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/host/by-userid?userId=${hostUserId}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v1/host/by-userid?userId=${host2UserId}` }) },
  });
});

describe('POST /api/v1/account/update/host/phonenumber', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/account/update/host/phonenumber', payload: { hostId: '00000000-0000-4000-a000-000000000101', phoneNumber: '13300000001' } }),
    allowed: ['admin'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/account/update/host/phonenumber', payload: { hostId: c.other.hostId, phoneNumber: '13300000001', code: '123456' } }) },
  });
  it('needs a code from a host, and logs the change', async () => {
    const token = await ctx.token('host');
    const noCode = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/update/host/phonenumber', headers: bearer(token), payload: { phoneNumber: '13300000002' } });
    expect(json(noCode)).toMatchObject({ code: 4000, field: 'code' });
    await ctx.app.inject({ method: 'POST', url: '/api/VerCode/sms/send', payload: { Phone: '13300000002', purpose: 'change' } });
    const { lastCode } = await import('./harness.ts');
    const code = await lastCode(ctx, '13300000002');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/update/host/phonenumber', headers: bearer(token), payload: { phoneNumber: '13300000002', code } });
    expect(json(res).data.phoneNumber).toBe('13300000002');
    const log = await ctx.app.inject({ method: 'POST', url: '/api/v3/operationlog/query', headers: bearer(token), payload: { action: 'host.phone.update' } });
    expect(json(log).data.items[0]).toMatchObject({ before: { phoneNumber: '13300000001' }, after: { phoneNumber: '13300000002' } });
  });
});

describe('POST /api/v3/operationlog/query', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/operationlog/query', payload: {} }), allowed: ['admin', 'host'], denied: ['exhibitor'], otherTenant: { none: "a list scoped to the caller before any filter: another host's log rows are left out, not addressed ('never shows a host another host's log' below checks it)" } });
  it("never shows a host another host's log", async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v3/operationlog/query', headers: bearer(await ctx.token('host2')), payload: {} });
    expect(json(res).data.items.filter((r: { hostId: string }) => r.hostId !== ctx.other.hostId)).toEqual([]);
  });
});

describe('POST /api/v3/outbox/query', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/outbox/query', payload: {} }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
