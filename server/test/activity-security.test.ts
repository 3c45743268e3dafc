import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { AuditState, LiveApplyState } from '@pavilion/contract';
import { activity, activityCategory, activitySchedule } from '../src/modules/activity/tables.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const get = () => ctx;
const own = { exhibitor2Id: '' };
const NONE = '00000000-0000-4000-8000-000000000000';

const call = async (as: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(await ctx.token(as)), ...(payload !== undefined ? { payload: payload as object } : {}) });
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 11, day, hour - 8, minute)).toISOString();
const item = (extra: object = {}) => ({ exhibitionId: ctx.demo.exhibitionId, title: unique('活动'), startAt: at(2, 10), endAt: at(2, 11), ...extra });

/** An activity of exhibitor2 added through the API (pending in the host's queue). */
const create = async (as: Actor = 'exhibitor2', extra: object = {}) => {
  const res = await call(as, 'POST', '/api/v3/activity', item(extra));
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.id as string;
};
/** One of the other tenant's, written straight into the database (its exhibition has no activity feature). */
async function insertForeign(extra: Partial<typeof activity.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(activity)
    .values({ exhibitionId: ctx.other.exhibitionId, exhibitorId: ctx.other.exhibitorId, title: unique('外'), startAt: new Date(at(2, 9)), endAt: new Date(at(2, 10)), ...extra })
    .returning();
  return row!.id;
}
/** Before a route's cases: an activity of exhibitor2 and one of the other tenant. */
function mineAndForeign(extra: Partial<typeof activity.$inferInsert> = {}) {
  const ids = { mine: NONE, foreign: NONE };
  beforeAll(async () => {
    ids.mine = await create();
    if (Object.keys(extra).length) await ctx.db.update(activity).set(extra).where(eq(activity.id, ids.mine));
    ids.foreign = await insertForeign(extra);
  });
  return ids;
}
/** Several fresh records for a route whose call uses one up. */
function queue(n: number, make: () => Promise<string>, foreign: () => Promise<string>) {
  const ids: string[] = [];
  const other = { id: NONE };
  beforeAll(async () => {
    for (let i = 0; i < n; i++) ids.push(await make());
    other.id = await foreign();
  });
  return { next: () => ids.shift() ?? NONE, other };
}

beforeAll(async () => {
  ctx = await createTestContext();
  own.exhibitor2Id = json(await call('exhibitor2', 'GET', '/api/v1/account/me')).data.exhibitorId;
});
afterAll(() => ctx.close());

describe('POST /api/v3/activity/query', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/activity/query', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/activity/query', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});
describe('GET /api/v3/activity', () => {
  const ids = mineAndForeign();
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/activity?id=${ids.mine}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v3/activity?id=${ids.foreign}` }) },
  });
});
describe('GET /api/v3/activity/exhibitor', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/activity/exhibitor?exhibitorId=${own.exhibitor2Id}` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v3/activity/exhibitor?exhibitorId=${c.other.exhibitorId}` }) },
  });
});
describe('POST /api/v3/activity', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/activity', payload: item({ exhibitorId: own.exhibitor2Id }) }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/activity', payload: { ...item(), exhibitionId: c.other.exhibitionId } }) },
  });
});
describe('PUT /api/v3/activity/patch', () => {
  const ids = mineAndForeign();
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v3/activity/patch?id=${ids.mine}`, payload: { showIndex: 3 } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/v3/activity/patch?id=${ids.foreign}`, payload: { showIndex: 3 } }) },
  });
});
describe('DELETE /api/v3/activity', () => {
  const q = queue(5, () => create(), () => insertForeign());
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/activity?id=${q.next()}` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/activity?id=${q.other.id}` }) },
  });
});
describe('PATCH /api/v3/activity/state', () => {
  const ids = mineAndForeign();
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v3/activity/state?id=${ids.mine}`, payload: { state: 'cancelled' } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v3/activity/state?id=${ids.foreign}`, payload: { state: 'cancelled' } }) },
  });
});
describe('PUT /api/v3/activity/SetShow', () => {
  const ids = mineAndForeign();
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v3/activity/SetShow', payload: { id: ids.mine, isShow: false } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v3/activity/SetShow', payload: { id: ids.foreign, isShow: false } }) },
  });
});
describe('POST /api/v3/activity/audit', () => {
  const q = queue(5, () => create(), () => insertForeign({ auditState: AuditState.Pending }));
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/activity/audit', payload: { ids: [q.next()], approve: true } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/activity/audit', payload: { ids: [q.other.id], approve: true } }) },
  });
});
describe('POST /api/v3/batchaudit', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/batchaudit', payload: { exhibitionId: c.demo.exhibitionId, keyword: 'nothing-matches', approve: true } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/batchaudit', payload: { exhibitionId: c.other.exhibitionId, approve: true } }) },
  });
});
describe('POST /api/v3/activity/apply-live', () => {
  const q = queue(5, () => create(), () => insertForeign());
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: `/api/v3/activity/apply-live?id=${q.next()}`, payload: {} }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: `/api/v3/activity/apply-live?id=${q.other.id}`, payload: {} }) },
  });
});
describe('POST /api/v3/activity/audit/live', () => {
  const q = queue(
    4,
    async () => {
      const id = await create();
      await ctx.db.update(activity).set({ liveApplyState: LiveApplyState.Pending }).where(eq(activity.id, id));
      return id;
    },
    () => insertForeign({ liveApplyState: LiveApplyState.Pending }),
  );
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/activity/audit/live', payload: { ids: [q.next()], approve: true } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/activity/audit/live', payload: { ids: [q.other.id], approve: true } }) },
  });
});
describe('PUT /api/v3/activity/open-live', () => {
  const ids = mineAndForeign({ liveApplyState: LiveApplyState.Approved });
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v3/activity/open-live?id=${ids.mine}`, payload: { open: true } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/v3/activity/open-live?id=${ids.foreign}`, payload: { open: true } }) },
  });
});

// ——— the agenda ———
const addSchedule = async (activityId: string) => {
  const [row] = await ctx.db.insert(activitySchedule).values({ activityId, title: unique('环节'), startAt: new Date(at(2, 10)), endAt: new Date(at(2, 10, 30)) }).returning();
  return row!.id;
};
describe('GET /api/v3/activityschedule/list', () => {
  const ids = mineAndForeign();
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/activityschedule/list?activityId=${ids.mine}` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v3/activityschedule/list?activityId=${ids.foreign}` }) },
  });
});
describe('POST /api/v3/activityschedule', () => {
  const ids = mineAndForeign();
  const body = (activityId: string) => ({ activityId, title: unique('环节'), startAt: at(2, 10), endAt: at(2, 10, 30) });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/activityschedule', payload: body(ids.mine) }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/activityschedule', payload: body(ids.foreign) }) },
  });
});
describe('PUT /api/v3/activityschedule/patch', () => {
  const ids = mineAndForeign();
  const items = { mine: NONE, foreign: NONE };
  beforeAll(async () => {
    items.mine = await addSchedule(ids.mine);
    items.foreign = await addSchedule(ids.foreign);
  });
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v3/activityschedule/patch?id=${items.mine}`, payload: { showIndex: 2 } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/v3/activityschedule/patch?id=${items.foreign}`, payload: { showIndex: 2 } }) },
  });
});
describe('DELETE /api/v3/activityschedule', () => {
  const ids = mineAndForeign();
  const items: string[] = [];
  const foreign = { id: NONE };
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) items.push(await addSchedule(ids.mine));
    foreign.id = await addSchedule(ids.foreign);
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/activityschedule?id=${items.shift() ?? NONE}` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/activityschedule?id=${foreign.id}` }) },
  });
});

// ——— categories ———
const addCategory = async (exhibitionId: string) => {
  const [row] = await ctx.db.insert(activityCategory).values({ exhibitionId, name: unique('分类') }).returning();
  return row!.id;
};
describe('GET /api/v3/activitycategory/list', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v3/activitycategory/list?exhibitionId=${c.demo.exhibitionId}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v3/activitycategory/list?exhibitionId=${c.other.exhibitionId}` }) },
  });
});
describe('POST /api/v3/activitycategory', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/activitycategory', payload: { exhibitionId: c.demo.exhibitionId, name: unique('分类') } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/activitycategory', payload: { exhibitionId: c.other.exhibitionId, name: unique('分类') } }) },
  });
});
describe('PUT /api/v3/activitycategory/patch', () => {
  const ids = { mine: NONE, foreign: NONE };
  beforeAll(async () => {
    ids.mine = await addCategory(ctx.demo.exhibitionId);
    ids.foreign = await addCategory(ctx.other.exhibitionId);
  });
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v3/activitycategory/patch?id=${ids.mine}`, payload: { showIndex: 4 } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/v3/activitycategory/patch?id=${ids.foreign}`, payload: { showIndex: 4 } }) },
  });
});
describe('DELETE /api/v3/activitycategory', () => {
  const q = queue(5, () => addCategory(ctx.demo.exhibitionId), () => addCategory(ctx.other.exhibitionId));
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/activitycategory?id=${q.next()}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/activitycategory?id=${q.other.id}` }) },
  });
});
