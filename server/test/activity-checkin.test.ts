import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { insertActivity, newVisitor, registerAs } from './activity-fixtures.ts';
import { activityReg } from '../src/modules/activity/tables.ts';
import { newTicketCode } from '../src/modules/activityreg/service.ts';

let ctx: TestContext;
const get = () => ctx;
let mine: { id: string };
let theirs: { id: string };
const checkin = async (activityId: string, code: string, lang = 'zh-CN') =>
  ctx.app.inject({ method: 'POST', url: '/api/v3/activityticket/checkin', payload: { activityId, code }, headers: { ...bearer(await ctx.token('host')), 'accept-language': lang } });
const ticketOf = async (activityId: string) => {
  const v = await newVisitor(ctx);
  const res = await registerAs(ctx, v.token, activityId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; ticketCode: string | null; status: string };
};

beforeAll(async () => {
  ctx = await createTestContext();
  mine = await insertActivity(ctx, { capacity: 1, waitlist: true });
  theirs = await insertActivity(ctx, { exhibitionId: ctx.other.exhibitionId });
});
afterAll(async () => ctx?.close());

describe('POST /api/v3/activityticket/checkin', () => {
  let spare: string[] = [];
  beforeAll(async () => {
    const a = await insertActivity(ctx);
    spare = await Promise.all([0, 1, 2, 3, 4].map(async () => (await ticketOf(a.id)).ticketCode!));
    spare.unshift(a.id);
  });
  routeSecurity(get, {
    // Every call takes a fresh ticket (the refused ones too), so each allowed caller checks one in; spare[0] is the activity.
    request: () => ({ method: 'POST', url: '/api/v3/activityticket/checkin', payload: { activityId: spare[0], code: spare.length > 1 ? spare.pop() : 'X' } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/activityticket/checkin', payload: { activityId: theirs.id, code: 'ABC' } }) },
  });

  it('checks a ticket in once; a second scan is 409 AlreadyCheckedIn with the first time', async () => {
    const t = await ticketOf(mine.id);
    const first = await checkin(mine.id, t.ticketCode!.toLowerCase());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ id: t.id, status: 'registered' });
    expect(first.json().data.checkedInAt).toBeTruthy();
    const again = await checkin(mine.id, t.ticketCode!, 'en');
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe(4088);
    expect(json(again).description).toMatch(/^This ticket was already checked in at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('lets exactly one of two simultaneous scans succeed', async () => {
    const a = await insertActivity(ctx);
    const t = await ticketOf(a.id);
    const results = await Promise.all([checkin(a.id, t.ticketCode!), checkin(a.id, t.ticketCode!)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await ctx.db.select().from(activityReg).where(eq(activityReg.id, t.id));
    expect(row!.checkedInAt).toBeTruthy();
  });

  it('answers 404 for an unknown code, another activity’s code, and a waiting or cancelled registration', async () => {
    expect((await checkin(mine.id, newTicketCode())).statusCode).toBe(404);
    const other = await insertActivity(ctx);
    const t = await ticketOf(other.id);
    expect((await checkin(mine.id, t.ticketCode!)).statusCode).toBe(404);
    // A full activity (capacity 1) keeps the next one waiting, without a code.
    const small = await insertActivity(ctx, { capacity: 1, waitlist: true });
    await ticketOf(small.id);
    const waiting = await ticketOf(small.id);
    expect(waiting).toMatchObject({ status: 'waiting', ticketCode: null });
    const cancelled = await ticketOf(other.id);
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/v3/activityreg/cancel?id=${cancelled.id}`, payload: {}, headers: bearer(await ctx.token('host')) });
    expect(res.json().data).toMatchObject({ status: 'cancelled', ticketCode: null });
    expect((await checkin(other.id, cancelled.ticketCode!)).statusCode).toBe(404);
  });

  it('refuses to cancel a checked-in ticket', async () => {
    const a = await insertActivity(ctx);
    const t = await ticketOf(a.id);
    expect((await checkin(a.id, t.ticketCode!)).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/v3/activityreg/cancel?id=${t.id}`, payload: {}, headers: bearer(await ctx.token('host')) });
    expect(res.statusCode, res.body).toBe(409);
    expect(json(res).code).toBe(4088);
  });
});
