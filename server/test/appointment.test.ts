import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@pavilion/contract';
import { userAccount } from '../src/core/tables.ts';
import { messageOutbox } from '../src/messaging/tables.ts';
import { companyStaff } from '../src/modules/company/staff-tables.ts';
import { exhibitor } from '../src/modules/exhibitor/tables.ts';
import { appointmentSlot, exhibitorAppointment } from '../src/modules/appointment/tables.ts';
import { escapeText, fold, icsCalendar } from '../src/modules/appointment/ics.ts';
import { slotTimes } from '../src/modules/appointment/service.ts';
import { DEMO_VISITOR } from '../src/seed/demo.ts';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf, newVisitor } from './activity-fixtures.ts';
import { caller } from './live-fixtures.ts';
import { startJobWorker } from '../src/modules/backgroundjob/worker.ts';

let ctx: TestContext;
const get = () => ctx;
const call = caller(get);
const exh = () => ctx.demo.exhibitionId;
const base = '/api/v3/exhibitorappointment';
const expo = (rest: string, exhibitionId = exh()) => `/api/v1/expo/${exhibitionId}${rest}`;
let exhibitorId: string;
let companyId: string;
let visitorUserId: string;
let staff: string[];
let foreign: { appointment: string; slot: string };
let seq = 0;
/** A distinct future hour for each row, so no two rows clash on a staff member's start by accident. */
const future = (hours = ++seq) => new Date(Date.UTC(2031, 0, 1, 0, 0) + hours * 3_600_000);

async function insertSlot(values: Partial<typeof appointmentSlot.$inferInsert> = {}) {
  const startAt = values.startAt ?? future();
  const [row] = await ctx.db
    .insert(appointmentSlot)
    .values({ exhibitionId: exh(), exhibitorId, startAt, endAt: new Date(startAt.getTime() + 30 * 60_000), ...values })
    .returning();
  return row!;
}
async function insertAppointment(values: Partial<typeof exhibitorAppointment.$inferInsert> = {}) {
  const startAt = values.startAt ?? future();
  const [row] = await ctx.db
    .insert(exhibitorAppointment)
    .values({
      exhibitionId: exh(),
      exhibitorId,
      userId: visitorUserId,
      startAt,
      endAt: new Date(startAt.getTime() + 30 * 60_000),
      subject: '采购洽谈',
      contactName: '张三',
      contactPhone: DEMO_VISITOR.phoneNumber,
      ...values,
    })
    .returning();
  return row!;
}
const many = async (n: number, values: Partial<typeof exhibitorAppointment.$inferInsert> = {}) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await insertAppointment(values)).id);
  return ids;
};
const rowOf = async (id: string) => (await ctx.db.select().from(exhibitorAppointment).where(eq(exhibitorAppointment.id, id)))[0]!;
const smsTo = async (recipient: string) => ctx.db.select().from(messageOutbox).where(and(eq(messageOutbox.recipient, recipient), eq(messageOutbox.channel, 'sms')));

beforeAll(async () => {
  ctx = await createTestContext();
  exhibitorId = await exhibitorIdOf(ctx, 'exhibitor');
  companyId = (await ctx.db.select({ c: exhibitor.companyId }).from(exhibitor).where(eq(exhibitor.id, exhibitorId)))[0]!.c;
  visitorUserId = (await ctx.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.email, DEMO_VISITOR.email)))[0]!.id;
  staff = (await ctx.db.insert(companyStaff).values([{ companyId, name: '王经理' }, { companyId, name: '李工' }]).returning()).map((s) => s.id);
  const [fs] = await ctx.db
    .insert(appointmentSlot)
    .values({ exhibitionId: ctx.other.exhibitionId, exhibitorId: ctx.other.exhibitorId, startAt: future(), endAt: future() })
    .returning();
  const [fa] = await ctx.db
    .insert(exhibitorAppointment)
    .values({ exhibitionId: ctx.other.exhibitionId, exhibitorId: ctx.other.exhibitorId, userId: visitorUserId, startAt: future(), endAt: future(), subject: '别人的' })
    .returning();
  foreign = { appointment: fa!.id, slot: fs!.id };
});
afterAll(() => ctx?.close());

/* ---- security, route by route ---- */

describe(`POST ${base}/page`, () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: `${base}/page`, payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: `${base}/page`, payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});

describe(`POST ${base}/export`, () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: `${base}/export`, payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: `${base}/export`, payload: { exhibitionId: c.other.exhibitionId } }) },
  });

  it("exports an exhibitor's own meetings only, the host's the exhibition's; contact columns only where shared; the job is the starter's", async () => {
    const ExcelJS = (await import('exceljs')).default;
    const exhibitor2Id = await exhibitorIdOf(ctx, 'exhibitor2');
    await insertAppointment({ subject: '导出-共享', shareContact: true, contactName: '导出联系人' });
    await insertAppointment({ subject: '导出-不共享', shareContact: false, contactName: '隐藏联系人', state: 'accepted' });
    await insertAppointment({ exhibitorId: exhibitor2Id, subject: '导出-别家的', shareContact: true });
    const cellsOf = async (as: 'exhibitor' | 'host', body: object) => {
      const job = json(await call(as, 'POST', `${base}/export`, body)).data;
      expect(job).toMatchObject({ type: 'appointment.export' });
      await expect.poll(async () => json(await call(as, 'GET', `/api/v3/backgroundjob?id=${job.id}`)).data.state, { timeout: 15000 }).toBe('succeeded');
      const file = await call(as, 'GET', `/api/v3/backgroundjob/download?id=${job.id}&file=output`);
      expect(file.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as never);
      return { id: job.id as string, cells: book.worksheets[0]!.getSheetValues().flat().map(String) };
    };
    const worker = await startJobWorker(ctx.app);
    try {
      // An exhibitor's body cannot widen its scope: another exhibitor named in the filter is ignored.
      const mine = await cellsOf('exhibitor', { exhibitorId: exhibitor2Id });
      expect(mine.cells).toContain('导出-共享');
      expect(mine.cells).toContain('导出联系人');
      expect(mine.cells).toContain('导出-不共享');
      expect(mine.cells).not.toContain('隐藏联系人');
      expect(mine.cells).not.toContain('导出-别家的');
      expect((await call('exhibitor2', 'GET', `/api/v3/backgroundjob?id=${mine.id}`)).statusCode).toBe(404);
      expect((await call('exhibitor2', 'GET', `/api/v3/backgroundjob/download?id=${mine.id}&file=output`)).statusCode).toBe(404);
      const hosts = await cellsOf('host', { exhibitionId: exh(), state: 'accepted' });
      expect(hosts.cells).toContain('导出-不共享');
      expect(hosts.cells).not.toContain('导出-共享');
      expect((await call('exhibitor', 'GET', `/api/v3/backgroundjob?id=${hosts.id}`)).statusCode).toBe(404);
    } finally {
      await worker.stop();
    }
  });
});

describe(`POST ${base}/audit`, () => {
  let ids: string[] = [];
  beforeAll(async () => {
    ids = await many(6, { staffId: null });
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: `${base}/audit`, payload: { id: ids.pop(), state: 'declined', reason: '时间冲突' } }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'POST', url: `${base}/audit`, payload: { id: foreign.appointment, state: 'declined' } }) },
  });
});

describe(`POST ${base}/setcompanyusersid`, () => {
  let id = '';
  beforeAll(async () => {
    id = (await insertAppointment()).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: `${base}/setcompanyusersid`, payload: { id, companyUsersId: staff[1] } }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'POST', url: `${base}/setcompanyusersid`, payload: { id: foreign.appointment, companyUsersId: staff[1] } }) },
  });
});

describe(`PUT ${base}/patch`, () => {
  let id = '';
  beforeAll(async () => {
    id = (await insertAppointment()).id;
  });
  const body = () => ({ proposedStartAt: future(1000).toISOString(), proposedEndAt: future(1001).toISOString(), message: '上午更方便' });
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `${base}/patch?id=${id}`, payload: body() }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'PUT', url: `${base}/patch?id=${foreign.appointment}`, payload: body() }) },
  });
});

describe(`PATCH ${base}`, () => {
  let id = '';
  beforeAll(async () => {
    id = (await insertAppointment()).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `${base}?id=${id}`, payload: { subject: '新主题', message: '带样品' } }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'PATCH', url: `${base}?id=${foreign.appointment}`, payload: { subject: 'x' } }) },
  });
});

describe(`DELETE ${base}`, () => {
  let ids: string[] = [];
  beforeAll(async () => {
    ids = await many(6);
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `${base}?id=${ids.pop()}` }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `${base}?id=${foreign.appointment}` }) },
  });
});

describe(`GET ${base}/ics`, () => {
  let id = '';
  beforeAll(async () => {
    id = (await insertAppointment()).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `${base}/ics?id=${id}` }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'GET', url: `${base}/ics?id=${foreign.appointment}` }) },
  });
});

describe(`GET ${base}/staff`, () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `${base}/staff?exhibitorId=${exhibitorId}` }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `${base}/staff?exhibitorId=${c.other.exhibitorId}` }) },
  });
  it('lists the exhibitor’s company staff, the exhibitor’s own without naming itself', async () => {
    const names = json(await call('exhibitor', 'GET', `${base}/staff`)).data.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['王经理', '李工']));
    expect(names).not.toContain('外人');
  });
});

describe(`POST ${base}/slot/page`, () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: `${base}/slot/page`, payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: `${base}/slot/page`, payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});

describe(`POST ${base}/slot`, () => {
  let day = 0;
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: `${base}/slot`, payload: { exhibitorId, date: `2032-03-${String(++day).padStart(2, '0')}`, from: '09:00', to: '10:00', length: 30 } }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: `${base}/slot`, payload: { exhibitorId: c.other.exhibitorId, date: '2032-04-01', from: '09:00', to: '10:00', length: 30 } }) },
  });
});

describe(`DELETE ${base}/slot`, () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) ids.push((await insertSlot()).id);
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `${base}/slot?id=${ids.pop()}` }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'DELETE', url: `${base}/slot?id=${foreign.slot}` }) },
  });
});

describe('GET /api/v1/expo/:exhibitionId/exhibitors/:exhibitorId/slots', () => {
  it('answers anyone with the free times, 404 for another exhibition’s exhibitor, 403 where the exhibition lacks the feature', async () => {
    const open = await insertSlot();
    const res = await call(null, 'GET', expo(`/exhibitors/${exhibitorId}/slots`));
    expect(res.statusCode).toBe(200);
    expect(json(res).data.map((s: { id: string }) => s.id)).toContain(open.id);
    expect((await call(null, 'GET', expo(`/exhibitors/${ctx.other.exhibitorId}/slots`))).statusCode).toBe(404);
    const off = await call(null, 'GET', expo(`/exhibitors/${ctx.other.exhibitorId}/slots`, ctx.other.exhibitionId));
    expect(off.statusCode).toBe(403);
    expect(json(off).code).toBe(ErrorCode.FeatureNotEnabled);
  });
});

describe('POST /api/v1/expo/:exhibitionId/appointments', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) ids.push((await insertSlot()).id);
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: expo('/appointments'), payload: { slotId: ids.pop(), subject: '想了解新品', shareContact: true } }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { as: 'visitor', request: (c) => ({ method: 'POST', url: expo('/appointments', c.other.exhibitionId), payload: { slotId: foreign.slot, subject: 'x', shareContact: false } }) },
  });
});

describe('GET /api/v1/expo/:exhibitionId/appointments/mine', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: expo('/appointments/mine') }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { as: 'visitor', request: (c) => ({ method: 'GET', url: expo('/appointments/mine', c.other.exhibitionId) }) },
  });
});

describe('POST /api/v1/expo/:exhibitionId/appointments/:id/respond', () => {
  let id = '';
  beforeAll(async () => {
    id = (await insertAppointment({ state: 'proposed', proposedStartAt: future(2000), proposedEndAt: future(2001) })).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: expo(`/appointments/${id}/respond`), payload: { accept: true } }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { as: 'visitor', request: (c) => ({ method: 'POST', url: expo(`/appointments/${foreign.appointment}/respond`, c.other.exhibitionId), payload: { accept: true } }) },
  });
});

describe('POST /api/v1/expo/:exhibitionId/appointments/:id/cancel', () => {
  let id = '';
  beforeAll(async () => {
    id = (await insertAppointment()).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: expo(`/appointments/${id}/cancel`) }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { as: 'visitor', request: (c) => ({ method: 'POST', url: expo(`/appointments/${foreign.appointment}/cancel`, c.other.exhibitionId) }) },
  });
});

describe('GET /api/v1/expo/:exhibitionId/appointments/:id/ics', () => {
  let id = '';
  beforeAll(async () => {
    id = (await insertAppointment()).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: expo(`/appointments/${id}/ics`) }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { as: 'visitor', request: (c) => ({ method: 'GET', url: expo(`/appointments/${foreign.appointment}/ics`, c.other.exhibitionId) }) },
  });
});

/* ---- behaviour ---- */

describe('booking a slot', () => {
  it('lets one of two simultaneous requests for one slot win; the other is 409 AppointmentSlotTaken', async () => {
    const slot = await insertSlot({ staffId: staff[0] });
    const [a, b] = await Promise.all([newVisitor(ctx), newVisitor(ctx)]);
    const ask = (token: string) => ctx.app.inject({ method: 'POST', url: expo('/appointments'), payload: { slotId: slot.id, subject: '代理合作', shareContact: false }, headers: bearer(token) });
    const answers = await Promise.all([ask(a.token), ask(b.token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(json(answers.find((r) => r.statusCode === 409)!).code).toBe(ErrorCode.AppointmentSlotTaken);
    const held = await ctx.db.select().from(exhibitorAppointment).where(eq(exhibitorAppointment.slotId, slot.id));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ state: 'pending', staffId: staff[0], startAt: slot.startAt });
    // The slot is no longer offered; the exhibitor was told.
    const free = json(await call('visitor', 'GET', expo(`/exhibitors/${exhibitorId}/slots`))).data.map((s: { id: string }) => s.id);
    expect(free).not.toContain(slot.id);
  });

  it('offers only free future slots, and none while the exhibitor takes no requests (a request then is 403 AppointmentsOff)', async () => {
    const past = await insertSlot({ startAt: new Date(Date.now() - 3_600_000) });
    const open = await insertSlot();
    const free = json(await call('visitor', 'GET', expo(`/exhibitors/${exhibitorId}/slots`))).data.map((s: { id: string }) => s.id);
    expect(free).toContain(open.id);
    expect(free).not.toContain(past.id);
    const late = await call('visitor', 'POST', expo('/appointments'), { slotId: past.id, subject: '晚了', shareContact: false });
    expect(json(late).code).toBe(ErrorCode.AppointmentSlotPast);
    expect((await call('exhibitor', 'PUT', `/api/v1/settings/exhibitor/patch?exhibitorId=${exhibitorId}`, { enabledAppointment: false })).statusCode).toBe(200);
    try {
      expect(json(await call('visitor', 'GET', expo(`/exhibitors/${exhibitorId}/slots`))).data).toEqual([]);
      const off = await call('visitor', 'POST', expo('/appointments'), { slotId: open.id, subject: '你好', shareContact: false });
      expect(off.statusCode).toBe(403);
      expect(json(off).code).toBe(ErrorCode.AppointmentsOff);
    } finally {
      await call('exhibitor', 'PUT', `/api/v1/settings/exhibitor/patch?exhibitorId=${exhibitorId}`, { enabledAppointment: true });
    }
  });

  it('tells the exhibitor of a new request, and shows the visitor’s contact only when shared', async () => {
    const v = await newVisitor(ctx, { name: '赵六' });
    const [s1, s2] = [await insertSlot(), await insertSlot()];
    const shared = json(await ctx.app.inject({ method: 'POST', url: expo('/appointments'), payload: { slotId: s1.id, subject: '共享联系方式', shareContact: true }, headers: bearer(v.token) })).data;
    const hidden = json(await ctx.app.inject({ method: 'POST', url: expo('/appointments'), payload: { slotId: s2.id, subject: '不共享', shareContact: false }, headers: bearer(v.token) })).data;
    const items = json(await call('exhibitor', 'POST', `${base}/page`, { pageSize: 200 })).data.items as { id: string; contactName: string | null; contactEmail: string | null }[];
    expect(items.find((i) => i.id === shared.id)).toMatchObject({ contactName: '赵六', contactEmail: v.email });
    expect(items.find((i) => i.id === hidden.id)).toMatchObject({ contactName: null, contactEmail: null });
  });

  it('shows a visitor only its own requests', async () => {
    const other = await newVisitor(ctx);
    const slot = await insertSlot();
    const theirs = json(await ctx.app.inject({ method: 'POST', url: expo('/appointments'), payload: { slotId: slot.id, subject: '别人的', shareContact: false }, headers: bearer(other.token) })).data;
    const mine = json(await call('visitor', 'GET', expo('/appointments/mine'))).data.map((a: { id: string }) => a.id);
    expect(mine).not.toContain(theirs.id);
    expect((await call('visitor', 'POST', expo(`/appointments/${theirs.id}/cancel`))).statusCode).toBe(404);
    expect((await call('visitor', 'GET', expo(`/appointments/${theirs.id}/ics`))).statusCode).toBe(404);
  });
});

describe('deciding', () => {
  it('needs a staff member to accept, takes the slot’s, and lets one of two acceptances of one staff member’s time win', async () => {
    const bare = await insertAppointment();
    const refused = await call('exhibitor', 'POST', `${base}/audit`, { id: bare.id, state: 'accepted' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).code).toBe(ErrorCode.AppointmentNeedsStaff);

    const slot = await insertSlot({ staffId: staff[0] });
    const fromSlot = await insertAppointment({ slotId: slot.id, startAt: slot.startAt });
    const accepted = json(await call('exhibitor', 'POST', `${base}/audit`, { id: fromSlot.id, state: 'accepted' })).data;
    expect(accepted).toMatchObject({ state: 'accepted', staffId: staff[0], staffName: '王经理' });
    expect((await smsTo(DEMO_VISITOR.phoneNumber)).some((m) => m.body.includes('接受'))).toBe(true);

    const at = future();
    const [x, y] = [await insertAppointment({ startAt: at, staffId: staff[1] }), await insertAppointment({ startAt: at, staffId: staff[1] })];
    const answers = await Promise.all([x, y].map((a) => call('exhibitor', 'POST', `${base}/audit`, { id: a.id, state: 'accepted' })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(json(answers.find((r) => r.statusCode === 409)!).code).toBe(ErrorCode.AppointmentStaffBusy);
    // Assigning the busy staff member to a third accepted meeting at that time clashes the same way.
    const z = await insertAppointment({ startAt: at, staffId: staff[0], state: 'accepted' });
    const clash = await call('host', 'POST', `${base}/setcompanyusersid`, { id: z.id, companyUsersId: staff[1] });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).code).toBe(ErrorCode.AppointmentStaffBusy);
  });

  it('refuses another company’s staff member, and a decision on a declined request', async () => {
    const [foreignStaff] = await ctx.db.insert(companyStaff).values({ companyId: ctx.other.companyId, name: '外人' }).returning();
    const a = await insertAppointment();
    const res = await call('exhibitor', 'POST', `${base}/setcompanyusersid`, { id: a.id, companyUsersId: foreignStaff!.id });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('companyUsersId');
    expect((await call('exhibitor', 'POST', `${base}/audit`, { id: a.id, state: 'declined', reason: '已满' })).statusCode).toBe(200);
    const again = await call('exhibitor', 'POST', `${base}/audit`, { id: a.id, state: 'accepted' });
    expect(json(again).code).toBe(ErrorCode.AppointmentWrongState);
    expect((await rowOf(a.id)).declineReason).toBe('已满');
  });

  it('proposes another time, which the visitor accepts (the meeting moves, its slot is free again) or declines', async () => {
    const slot = await insertSlot();
    const a = await insertAppointment({ slotId: slot.id, startAt: slot.startAt });
    const start = future();
    const end = new Date(start.getTime() + 45 * 60_000);
    const proposed = json(await call('exhibitor', 'PUT', `${base}/patch?id=${a.id}`, { proposedStartAt: start.toISOString(), proposedEndAt: end.toISOString() })).data;
    expect(proposed).toMatchObject({ state: 'proposed', proposedStartAt: start.toISOString() });
    expect((await smsTo(DEMO_VISITOR.phoneNumber)).some((m) => m.body.includes('建议'))).toBe(true);
    const moved = json(await call('visitor', 'POST', expo(`/appointments/${a.id}/respond`), { accept: true })).data;
    expect(moved).toMatchObject({ state: 'accepted', startAt: start.toISOString(), endAt: end.toISOString(), proposedStartAt: null });
    expect((await rowOf(a.id)).slotId).toBeNull();
    const again = await call('visitor', 'POST', expo(`/appointments/${a.id}/respond`), { accept: false });
    expect(json(again).code).toBe(ErrorCode.AppointmentWrongState);

    const b = await insertAppointment({ state: 'proposed', proposedStartAt: future(), proposedEndAt: future() });
    expect(json(await call('visitor', 'POST', expo(`/appointments/${b.id}/respond`), { accept: false })).data.state).toBe('declined');
  });

  it('edits subject, notes and time, and removes a meeting softly, telling the visitor', async () => {
    const a = await insertAppointment({ state: 'accepted', staffId: staff[0] });
    const start = future();
    const edited = json(await call('host', 'PATCH', `${base}?id=${a.id}`, { subject: '改期洽谈', message: '带样品', startAt: start.toISOString(), endAt: new Date(start.getTime() + 3_600_000).toISOString() })).data;
    expect(edited).toMatchObject({ subject: '改期洽谈', message: '带样品', startAt: start.toISOString() });
    const bad = await call('host', 'PATCH', `${base}?id=${a.id}`, { endAt: new Date(start.getTime() - 1).toISOString() });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).field).toBe('endAt');
    const before = (await smsTo(DEMO_VISITOR.phoneNumber)).length;
    expect((await call('exhibitor', 'DELETE', `${base}?id=${a.id}`)).statusCode).toBe(200);
    expect(await rowOf(a.id)).toMatchObject({ state: 'cancelled' });
    expect((await rowOf(a.id)).deletedAt).not.toBeNull();
    expect((await smsTo(DEMO_VISITOR.phoneNumber)).length).toBe(before + 1);
    expect((await call('exhibitor', 'PATCH', `${base}?id=${a.id}`, { subject: 'x' })).statusCode).toBe(404);
  });
});

describe('offered times', () => {
  it('creates a batch, lists them with whether they are held, and keeps a held one', async () => {
    const res = await call('exhibitor', 'POST', `${base}/slot`, { date: '2033-05-06', from: '09:00', to: '10:10', length: 20, staffId: staff[0] });
    expect(res.statusCode, res.body).toBe(200);
    const made = json(res).data as { id: string; startAt: string }[];
    expect(made.map((s) => s.startAt)).toEqual(['2033-05-06T01:00:00.000Z', '2033-05-06T01:20:00.000Z', '2033-05-06T01:40:00.000Z']);
    await insertAppointment({ slotId: made[0]!.id, startAt: new Date(made[0]!.startAt) });
    const listed = json(await call('exhibitor', 'POST', `${base}/slot/page`, { from: '2033-05-06T00:00:00Z', to: '2033-05-07T00:00:00Z' })).data;
    expect(listed.items).toHaveLength(3);
    expect(listed.items.map((s: { held: boolean }) => s.held)).toEqual([true, false, false]);
    expect(listed.items[0].staffName).toBe('王经理');
    const held = await call('exhibitor', 'DELETE', `${base}/slot?id=${made[0]!.id}`);
    expect(held.statusCode).toBe(409);
    expect(json(held).code).toBe(ErrorCode.AppointmentSlotHeld);
    expect((await call('exhibitor', 'DELETE', `${base}/slot?id=${made[1]!.id}`)).statusCode).toBe(200);
  });

  it('refuses a past date, an empty range and a host’s batch without an exhibitor', async () => {
    expect(json(await call('exhibitor', 'POST', `${base}/slot`, { date: '2020-01-01', from: '09:00', to: '10:00', length: 30 })).field).toBe('date');
    expect(json(await call('exhibitor', 'POST', `${base}/slot`, { date: '2033-01-01', from: '10:00', to: '10:10', length: 30 })).field).toBe('to');
    // A host names the exhibitor: without one the call has no exhibition to gate on.
    expect(json(await call('host', 'POST', `${base}/slot`, { date: '2033-01-01', from: '09:00', to: '10:00', length: 30 })).field).toBe('exhibitionId');
  });

  it('cuts slots at the wall clock of the given offset', () => {
    expect(slotTimes({ date: '2030-01-02', from: '23:00', to: '23:59', length: 30, utcOffset: 0 }).map((t) => t.startAt.toISOString())).toEqual(['2030-01-02T23:00:00.000Z']);
    expect(slotTimes({ date: '2030-01-02', from: '08:00', to: '09:00', length: 60, utcOffset: 480 })[0]!.startAt.toISOString()).toBe('2030-01-02T00:00:00.000Z');
  });
});

describe('ICS', () => {
  it('answers text/calendar with UID, UTC times, summary, booth and organizer, to the exhibitor and to the visitor', async () => {
    await ctx.db.update(exhibitor).set({ boothInfo: 'A1-08' }).where(eq(exhibitor.id, exhibitorId));
    const start = new Date('2031-06-01T02:30:00Z');
    const a = await insertAppointment({ startAt: start, endAt: new Date('2031-06-01T03:00:00Z'), subject: '样品, 价格; 交期', message: '第一行\n第二行', state: 'accepted', staffId: staff[0] });
    for (const [as, url] of [
      ['exhibitor', `${base}/ics?id=${a.id}`],
      ['visitor', expo(`/appointments/${a.id}/ics`)],
    ] as const) {
      const res = await call(as, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/calendar');
      const body = res.body.replace(/\r\n /g, '');
      expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(body).toContain(`UID:${a.id}@pavilion`);
      expect(body).toContain('DTSTART:20310601T023000Z');
      expect(body).toContain('DTEND:20310601T030000Z');
      expect(body).toContain('SUMMARY:样品\\, 价格\\; 交期');
      expect(body).toContain('DESCRIPTION:第一行\\n第二行');
      expect(body).toContain('LOCATION:A1-08');
      expect(body).toMatch(/ORGANIZER;CN="[^"]+":mailto:/);
      expect(body.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    }
  });

  it('folds long lines at 75 octets without splitting a character, and escapes text', () => {
    const line = `SUMMARY:${'洽谈'.repeat(40)}`;
    const folded = fold(line);
    for (const l of folded.split('\r\n')) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    expect(icsCalendar({ uid: 'u', start: new Date(0), end: new Date(1000), stamp: new Date(0), summary: 's' })).toContain('DTSTART:19700101T000000Z');
  });
});
