import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_LIMIT } from '@pavilion/contract';
import { maskIdNumber } from '../src/modules/card/service.ts';
import { operationLog } from '../src/oplog/tables.ts';
import { bearer, createTestContext, json, type Actor, type TestContext, ownPassword } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const get = () => ctx;
const own = { exhibitorId: '', exhibitor2Id: '' };
const NONE = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (token: string, method: Method, url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const call = async (as: Actor, method: Method, url: string, payload?: unknown, lang?: string) => send(await ctx.token(as), method, url, payload, lang);
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const badge = (extra: object = {}) => ({ name: unique('张'), phone: '13800138000', position: '销售经理', ...extra });

/** A new exhibitor of the demo exhibition with its own login, signed in. */
async function signedInExhibitor() {
  const userName = unique('card-');
  const created = json(await call('host', 'POST', '/api/v1/exhibitor/create', { exhibitionId: ctx.demo.exhibitionId, company: { name: unique('参展证测试公司') }, account: { userName, password: 'Password-123' } })).data;
  const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName, password: 'Password-123', exhibitionId: ctx.demo.exhibitionId } });
  await ownPassword(ctx, login, 'Password-123');
  return { token: json(login).data.tokenInfo.access_token as string, exhibitorId: created.id as string, companyName: created.company.name as string };
}
/** A badge `as` handed in (pending), answered whole. */
const handIn = async (as: Actor, extra: object = {}) => json(await call(as, 'POST', '/api/v3/exhibitorcard', badge(extra))).data;
/** Behaviour tests hand in as a new exhibitor each time, so the demo logins stay under the limit. */
const owners = new Map<string, string>();
async function handInFresh(extra: object = {}) {
  const ex = await signedInExhibitor();
  const card = json(await send(ex.token, 'POST', '/api/v3/exhibitorcard', badge(extra))).data;
  owners.set(card.id, ex.token);
  return card;
}
/** Calls as the exhibitor that handed in the badge named by the URL's `id`. */
const asOwner = (method: Method, url: string, payload?: unknown) => send(owners.get(new URL(url, 'http://x').searchParams.get('id') ?? '')!, method, url, payload);
const approve = (ids: string[]) => call('host', 'POST', '/api/v3/exhibitorcard/audit', { ids, approve: true });

beforeAll(async () => {
  ctx = await createTestContext();
  own.exhibitorId = json(await call('exhibitor', 'GET', '/api/v1/account/me')).data.exhibitorId;
  own.exhibitor2Id = json(await call('exhibitor2', 'GET', '/api/v1/account/me')).data.exhibitorId;
});
afterAll(() => ctx.close());

// ——— Security, every route ———
describe('POST /api/v3/exhibitorcard/query', () => {
  routeSecurity(get, { request: (c) => ({ method: 'POST', url: '/api/v3/exhibitorcard/query', payload: { exhibitionId: c.demo.exhibitionId } }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: "a list scoped to the caller before any filter: other tenants' badges are left out, not addressed (the badge tenancy test below checks it)" } });
});
describe('GET /api/v3/exhibitorcard', () => {
  let mine = NONE;
  let foreign = NONE;
  beforeAll(async () => {
    mine = (await handIn('exhibitor2')).id;
    foreign = (await handIn('exhibitor3')).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/exhibitorcard?id=${mine}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v3/exhibitorcard?id=${foreign}` }) },
  });
});
describe('POST /api/v3/exhibitorcard', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/exhibitorcard', payload: badge({ exhibitorId: own.exhibitor2Id }) }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/exhibitorcard', payload: badge({ exhibitorId: c.other.exhibitorId }) }) },
  });
});
describe('PATCH /api/v3/exhibitorcard', () => {
  let mine = NONE;
  let foreign = NONE;
  beforeAll(async () => {
    mine = (await handIn('exhibitor2')).id;
    foreign = (await handIn('exhibitor3')).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v3/exhibitorcard?id=${mine}`, payload: { position: '市场总监' } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v3/exhibitorcard?id=${foreign}`, payload: { position: 'x' } }) },
  });
});
describe('DELETE /api/v3/exhibitorcard', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push((await handIn('exhibitor2')).id);
    foreign = (await handIn('exhibitor3')).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/exhibitorcard?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/exhibitorcard?id=${foreign}` }) },
  });
});
describe('POST /api/v3/exhibitorcard/audit', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    const ex = await signedInExhibitor();
    for (let i = 0; i < 4; i++) ids.push(json(await send(ex.token, 'POST', '/api/v3/exhibitorcard', badge())).data.id);
    foreign = (await handIn('exhibitor3')).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/exhibitorcard/audit', payload: { ids: [ids.shift() ?? NONE], approve: true } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor2'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/exhibitorcard/audit', payload: { ids: [foreign], approve: true } }) },
  });
});
describe('PUT /api/v3/exhibitorcard/printed', () => {
  let mine = NONE;
  let foreign = NONE;
  beforeAll(async () => {
    mine = (await handIn('exhibitor2')).id;
    await approve([mine]);
    foreign = (await handIn('exhibitor3')).id;
    await call('host2', 'POST', '/api/v3/exhibitorcard/audit', { ids: [foreign], approve: true });
  });
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v3/exhibitorcard/printed', payload: { ids: [mine] } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor2'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v3/exhibitorcard/printed', payload: { ids: [foreign] } }) },
  });
});

// ——— Behaviour ———
describe('handing in and reviewing', () => {
  it('submits the exhibitor’s badge for review; the host rejects with a reason, the change goes back to review, then approves', async () => {
    const ex = await signedInExhibitor();
    const created = await send(ex.token, 'POST', '/api/v3/exhibitorcard', badge({ email: 'li@example.com', idNumber: '110101199001011234', photo: '/uploads/2026/01/a.png', type: 'construction' }));
    expect(created.statusCode, created.body).toBe(200);
    const card = json(created).data;
    expect(card).toMatchObject({ exhibitorId: ex.exhibitorId, companyName: ex.companyName, auditState: 0, type: 'construction', printed: false, idNumber: '110101199001011234' });

    const queue = json(await call('host', 'POST', '/api/Audit/GetAuditList', { exhibitionId: ctx.demo.exhibitionId, type: 'card', state: 0 })).data;
    expect(queue.items.map((i: { targetId: string }) => i.targetId)).toContain(card.id);

    const noReason = await call('host', 'POST', '/api/v3/exhibitorcard/audit', { ids: [card.id], approve: false });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).field).toBe('reason');
    expect((await call('host', 'POST', '/api/v3/exhibitorcard/audit', { ids: [card.id], approve: false, reason: '照片不清晰' })).statusCode).toBe(200);
    expect(json(await send(ex.token, 'GET', `/api/v3/exhibitorcard?id=${card.id}`)).data).toMatchObject({ auditState: 2, auditReason: '照片不清晰' });

    const changed = json(await send(ex.token, 'PATCH', `/api/v3/exhibitorcard?id=${card.id}`, { photo: '/uploads/2026/01/b.png' })).data;
    expect(changed).toMatchObject({ auditState: 0, auditReason: null, photo: '/uploads/2026/01/b.png', name: card.name });
    const decided = json(await approve([card.id])).data;
    expect(decided.decided).toBe(1);
    expect(json(await send(ex.token, 'GET', `/api/v3/exhibitorcard?id=${card.id}`)).data.auditState).toBe(1);
    // Only pending badges can be decided.
    expect(json(await approve([card.id])).code).toBe(4021);
  });

  it('takes the host’s own badge for an exhibitor, and the host’s changes, as final', async () => {
    const created = json(await call('host', 'POST', '/api/v3/exhibitorcard', badge({ exhibitorId: own.exhibitor2Id, type: 'other' }))).data;
    expect(created).toMatchObject({ exhibitorId: own.exhibitor2Id, auditState: 1, type: 'other' });
    expect(json(await call('host', 'PATCH', `/api/v3/exhibitorcard?id=${created.id}`, { position: '技术顾问' })).data).toMatchObject({ auditState: 1, position: '技术顾问', type: 'other' });
    const needsExhibitor = await call('host', 'POST', '/api/v3/exhibitorcard', badge());
    expect(needsExhibitor.statusCode).toBe(400);
    expect(json(needsExhibitor).field).toBe('exhibitorId');
  });

  it('refuses wrong input with a 400 naming the field, and sensitive words in name and position', async () => {
    for (const [body, field] of [
      [{ ...badge(), phone: 'abc' }, 'phone'],
      [{ ...badge(), type: 'vip' }, 'type'],
      [{ ...badge(), idNumber: '身份证' }, 'idNumber'],
      [{ ...badge(), email: 'nope' }, 'email'],
      [{ phone: '13800138000', position: '经理' }, 'name'],
    ] as const) {
      const res = await call('exhibitor2', 'POST', '/api/v3/exhibitorcard', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).field).toBe(field);
    }
    expect(json(await call('exhibitor2', 'PATCH', `/api/v3/exhibitorcard?id=not-a-uuid`, { name: 'x' })).field).toBe('id');
    await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['违禁词'] });
    try {
      const res = await call('exhibitor2', 'POST', '/api/v3/exhibitorcard', badge({ position: '违禁词专员' }));
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ code: 4026, field: 'position' });
    } finally {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
    }
  });

  it('writes an operation-log row for every write, the identity number masked', async () => {
    const card = await handInFresh({ idNumber: 'E12345678' });
    await asOwner('PATCH', `/api/v3/exhibitorcard?id=${card.id}`, { position: '工程师' });
    await approve([card.id]);
    await call('host', 'PUT', '/api/v3/exhibitorcard/printed', { ids: [card.id] });
    await asOwner('DELETE', `/api/v3/exhibitorcard?id=${card.id}`);
    const rows = await ctx.db.select().from(operationLog).where(eq(operationLog.targetId, card.id));
    expect(rows.map((r) => r.action).sort()).toEqual(['audit.approve', 'exhibitorCard.create', 'exhibitorCard.delete', 'exhibitorCard.print', 'exhibitorCard.update'].sort());
    expect(JSON.stringify(rows.find((r) => r.action === 'exhibitorCard.create')!.after)).not.toContain('E12345678');
  });
});

describe('the per-exhibitor limit', () => {
  it(`lets an exhibitor hand in ${CARD_LIMIT} badges, refuses the next naming exhibitorId, and lets the host add beyond`, async () => {
    const ex = await signedInExhibitor();
    for (let i = 0; i < CARD_LIMIT; i++) expect((await send(ex.token, 'POST', '/api/v3/exhibitorcard', badge())).statusCode).toBe(200);
    const refused = await send(ex.token, 'POST', '/api/v3/exhibitorcard', badge(), 'en');
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ code: 4000, field: 'exhibitorId' });
    expect(json(refused).errors![0]!.message).toContain(`at most ${CARD_LIMIT} staff badges`);
    expect(json(await send(ex.token, 'POST', '/api/v3/exhibitorcard', badge(), 'zh-CN')).errors![0]!.message).toContain(`最多可办理 ${CARD_LIMIT} 张参展证`);

    expect((await call('host', 'POST', '/api/v3/exhibitorcard', badge({ exhibitorId: ex.exhibitorId }))).statusCode).toBe(200);
    const list = json(await send(ex.token, 'POST', '/api/v3/exhibitorcard/query', {})).data;
    expect(list.totalCount).toBe(CARD_LIMIT + 1);
    // Deleting frees a place only below the limit: 11 → 10 is still full, 10 → 9 is not.
    await send(ex.token, 'DELETE', `/api/v3/exhibitorcard?id=${list.items[0].id}`);
    expect((await send(ex.token, 'POST', '/api/v3/exhibitorcard', badge())).statusCode).toBe(400);
    await send(ex.token, 'DELETE', `/api/v3/exhibitorcard?id=${list.items[1].id}`);
    expect((await send(ex.token, 'POST', '/api/v3/exhibitorcard', badge())).statusCode).toBe(200);
  });
});

describe('tenancy and masking', () => {
  it('keeps an exhibitor to its own badges and a host to its exhibitions’', async () => {
    const card = await handIn('exhibitor');
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call('exhibitor2', method, `/api/v3/exhibitorcard?id=${card.id}`, method === 'PATCH' ? { name: 'x' } : undefined);
      expect(res.statusCode, method).toBe(404);
    }
    expect((await call('exhibitor2', 'POST', '/api/v3/exhibitorcard', badge({ exhibitorId: own.exhibitorId }))).statusCode).toBe(404);
    const ids = (as: Actor) => call(as, 'POST', '/api/v3/exhibitorcard/query', {}).then((r) => json(r).data.items.map((i: { id: string }) => i.id));
    expect(await ids('exhibitor')).toContain(card.id);
    expect(await ids('exhibitor2')).not.toContain(card.id);
    expect(await ids('host')).toContain(card.id);
    expect(await ids('host2')).not.toContain(card.id);
    expect(await ids('admin')).toContain(card.id);
    // Another tenant's badge cannot be decided or printed by this host (all or none).
    const foreign = await handIn('exhibitor3');
    expect((await call('host', 'POST', '/api/v3/exhibitorcard/audit', { ids: [card.id, foreign.id], approve: true })).statusCode).toBe(404);
    expect(json(await call('exhibitor', 'GET', `/api/v3/exhibitorcard?id=${card.id}`)).data.auditState).toBe(0);
  });

  it('masks identity numbers in the exhibitor’s list, not in the host’s nor in the one-badge read', async () => {
    const card = await handIn('exhibitor', { idNumber: '110101199001011234' });
    const mine = json(await call('exhibitor', 'POST', '/api/v3/exhibitorcard/query', { keyword: card.name })).data.items[0];
    expect(mine.idNumber).toBe('110***********1234');
    expect(json(await call('exhibitor', 'GET', `/api/v3/exhibitorcard?id=${card.id}`)).data.idNumber).toBe('110101199001011234');
    const hosts = json(await call('host', 'POST', '/api/v3/exhibitorcard/query', { exhibitionId: ctx.demo.exhibitionId, keyword: card.name })).data.items[0];
    expect(hosts.idNumber).toBe('110101199001011234');
    expect(maskIdNumber('E1234567')).toBe('E******7');
    expect(maskIdNumber('1234')).toBe('****');
    expect(maskIdNumber(null)).toBeNull();
  });
});

describe('the host’s list filters and printing', () => {
  it('filters by keyword, company, audit state, printed and type', async () => {
    const ex = await signedInExhibitor();
    const a = json(await send(ex.token, 'POST', '/api/v3/exhibitorcard', badge({ name: unique('王'), type: 'staff' }))).data;
    const b = json(await send(ex.token, 'POST', '/api/v3/exhibitorcard', badge({ name: unique('赵'), type: 'construction' }))).data;
    await approve([b.id]);
    await call('host', 'PUT', '/api/v3/exhibitorcard/printed', { ids: [b.id] });
    const q = async (filters: object) =>
      json(await call('host', 'POST', '/api/v3/exhibitorcard/query', { exhibitionId: ctx.demo.exhibitionId, companyName: ex.companyName, ...filters })).data.items.map((i: { id: string }) => i.id);
    expect((await q({})).sort()).toEqual([a.id, b.id].sort());
    expect(await q({ keyword: a.name })).toEqual([a.id]);
    expect(await q({ auditState: 0 })).toEqual([a.id]);
    expect(await q({ auditState: 1 })).toEqual([b.id]);
    expect(await q({ printed: true })).toEqual([b.id]);
    expect(await q({ printed: false })).toEqual([a.id]);
    expect(await q({ type: 'construction' })).toEqual([b.id]);
    expect(await q({ companyName: 'no such company' })).toEqual([]);
  });

  it('marks only approved badges printed, clears it on request and when the badge changes', async () => {
    const pending = await handInFresh();
    const approved = await handInFresh();
    await approve([approved.id]);
    const refused = await call('host', 'PUT', '/api/v3/exhibitorcard/printed', { ids: [approved.id, pending.id] });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).field).toBe('ids');
    expect(json(await asOwner('GET', `/api/v3/exhibitorcard?id=${approved.id}`)).data.printed).toBe(false);

    expect(json(await call('host', 'PUT', '/api/v3/exhibitorcard/printed', { ids: [approved.id] })).data.updated).toBe(1);
    const printed = json(await asOwner('GET', `/api/v3/exhibitorcard?id=${approved.id}`)).data;
    expect(printed.printed).toBe(true);
    expect(printed.printedAt).not.toBeNull();
    await call('host', 'PUT', '/api/v3/exhibitorcard/printed', { ids: [approved.id], printed: false });
    expect(json(await asOwner('GET', `/api/v3/exhibitorcard?id=${approved.id}`)).data).toMatchObject({ printed: false, printedAt: null });

    await call('host', 'PUT', '/api/v3/exhibitorcard/printed', { ids: [approved.id] });
    const changed = json(await asOwner('PATCH', `/api/v3/exhibitorcard?id=${approved.id}`, { name: unique('改名') })).data;
    expect(changed).toMatchObject({ printed: false, printedAt: null, auditState: 0 });
  });

  it('takes a deleted pending badge out of the audit queue', async () => {
    const card = await handInFresh();
    await asOwner('DELETE', `/api/v3/exhibitorcard?id=${card.id}`);
    const queue = json(await call('host', 'POST', '/api/Audit/GetAuditList', { exhibitionId: ctx.demo.exhibitionId, type: 'card' })).data;
    expect(queue.items.map((i: { targetId: string }) => i.targetId)).not.toContain(card.id);
    expect((await call('host', 'GET', `/api/v3/exhibitorcard?id=${card.id}`)).statusCode).toBe(404);
  });
});

describe('the exhibitor list’s hasCard filter', () => {
  it('splits the exhibitors into those who handed in badges and those who have not', async () => {
    const withCard = await signedInExhibitor();
    const without = await signedInExhibitor();
    const gone = await signedInExhibitor();
    await send(withCard.token, 'POST', '/api/v3/exhibitorcard', badge());
    const deleted = json(await send(gone.token, 'POST', '/api/v3/exhibitorcard', badge())).data;
    await send(gone.token, 'DELETE', `/api/v3/exhibitorcard?id=${deleted.id}`);
    const ids = async (hasCard: boolean) =>
      json(await call('host', 'POST', '/api/v1/exhibitor/query', { exhibitionId: ctx.demo.exhibitionId, hasCard })).data.items.map((i: { id: string }) => i.id);
    const has = await ids(true);
    const hasNot = await ids(false);
    expect(has).toContain(withCard.exhibitorId);
    expect(has).not.toContain(without.exhibitorId);
    expect(has).not.toContain(gone.exhibitorId);
    expect(hasNot).toContain(without.exhibitorId);
    expect(hasNot).toContain(gone.exhibitorId);
    expect(hasNot).not.toContain(withCard.exhibitorId);
  });
});

describe('the audit queue', () => {
  it('lists badges under their own type with a readable title', async () => {
    const card = await handInFresh({ position: '展台经理' });
    const item = json(await call('host', 'POST', '/api/Audit/GetAuditList', { exhibitionId: ctx.demo.exhibitionId, type: 'card' })).data.items.find((i: { targetId: string }) => i.targetId === card.id);
    expect(item).toMatchObject({ type: 'card', state: 0, title: `${card.name}（展台经理）`, exhibitorId: card.exhibitorId });
    const counts = json(await call('host', 'GET', `/api/Audit/GetHasAuditInfos?exhibitionId=${ctx.demo.exhibitionId}`)).data;
    expect(counts.counts.card).toBeGreaterThan(0);
    const rows = await ctx.db.select().from(operationLog).where(and(eq(operationLog.targetId, card.id), eq(operationLog.action, 'exhibitorCard.create')));
    expect(rows).toHaveLength(1);
  });
});
