import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { AuditState } from '@pavilion/contract';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf, insertActivity, newVisitor } from './activity-fixtures.ts';
import { activityLivePost, activityLiveViewer } from '../src/modules/activity/tables.ts';
import { memoryState } from '../src/infra/kv.ts';
import { createLiveHub, liveChannel, publishLive } from '../src/modules/activityreg/live.ts';
import { startJobWorker } from '../src/modules/backgroundjob/worker.ts';
import type { JobWorker } from '../src/jobs/runner.ts';

let ctx: TestContext;
const get = () => ctx;
const exh = () => ctx.demo.exhibitionId;
let mine: { id: string };
let theirs: { id: string };
let ownByExhibitor: { id: string };
const PIC = 'https://cdn.example.com/live/1.jpg';
const call = async (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, who: Parameters<TestContext['token']>[0] | null, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...(who ? bearer(await ctx.token(who)) : {}), ...headers } });
const insertPost = async (activityId: string, kind: 'image' | 'text') => (await ctx.db.insert(activityLivePost).values({ activityId, kind, content: kind === 'text' ? '开幕' : '', pictures: [PIC] }).returning())[0]!.id;

beforeAll(async () => {
  ctx = await createTestContext();
  mine = await insertActivity(ctx, { title: '开幕式' });
  theirs = await insertActivity(ctx, { exhibitionId: ctx.other.exhibitionId });
  ownByExhibitor = await insertActivity(ctx, { exhibitorId: await exhibitorIdOf(ctx, 'exhibitor') });
});
afterAll(async () => ctx?.close());

for (const [path, kind] of [
  ['/api/v3/liveimage', 'image'],
  ['/api/v3/liveimagetext', 'text'],
] as const) {
  const body = (activityId: string) => (kind === 'image' ? { activityId, pictures: [PIC] } : { activityId, content: '嘉宾致辞', pictures: [PIC] });
  describe(`GET ${path}/list`, () => {
    routeSecurity(get, {
      request: () => ({ method: 'GET', url: `${path}/list?activityId=${mine.id}` }),
      allowed: ['host', 'admin'],
      denied: ['visitor'],
      otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `${path}/list?activityId=${theirs.id}` }) },
    });
    it("lets the exhibitor read its own activity's posts, not the host's", async () => {
      await insertPost(ownByExhibitor.id, kind);
      const own = await call('GET', `${path}/list?activityId=${ownByExhibitor.id}`, 'exhibitor');
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data.every((p: { kind: string }) => p.kind === kind)).toBe(true);
      expect((await call('GET', `${path}/list?activityId=${mine.id}`, 'exhibitor')).statusCode).toBe(404);
    });
  });
  describe(`POST ${path}`, () => {
    routeSecurity(get, {
      request: () => ({ method: 'POST', url: path, payload: body(mine.id) }),
      allowed: ['host'],
      denied: ['exhibitor', 'visitor'],
      otherTenant: { as: 'host', request: () => ({ method: 'POST', url: path, payload: body(theirs.id) }) },
    });
  });
  describe(`DELETE ${path}`, () => {
    const ids: string[] = [];
    let other: string;
    beforeAll(async () => {
      // Every call takes a fresh post (the refused ones too), so each allowed caller deletes one.
      for (let i = 0; i < 5; i++) ids.push(await insertPost(mine.id, kind));
      other = await insertPost(theirs.id, kind);
    });
    routeSecurity(get, {
      request: () => ({ method: 'DELETE', url: `${path}?id=${ids.pop()}` }),
      allowed: ['host', 'admin'],
      denied: ['exhibitor', 'visitor'],
      otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `${path}?id=${other}` }) },
    });
  });
}

describe('live post rules', () => {
  it('needs pictures for the photo stream and text for an image-text post, naming the field', async () => {
    const noPic = await call('POST', '/api/v3/liveimage', 'host', { activityId: mine.id }, { 'accept-language': 'en' });
    expect(noPic.statusCode).toBe(400);
    expect(json(noPic)).toMatchObject({ field: 'pictures', description: 'Invalid request: pictures is required' });
    const noText = await call('POST', '/api/v3/liveimagetext', 'host', { activityId: mine.id, pictures: [PIC] });
    expect(json(noText).field).toBe('content');
  });
  it('refuses sensitive words in the text', async () => {
    try {
      const set = await call('PUT', '/api/v1/settings/system/sensitives', 'admin', { words: ['违禁词'] });
      expect(set.statusCode, set.body).toBe(200);
      const res = await call('POST', '/api/v3/liveimagetext', 'host', { activityId: mine.id, content: '这是违禁词' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ code: 4026, field: 'content' });
    } finally {
      await call('PUT', '/api/v1/settings/system/sensitives', 'admin', { words: [] });
    }
  });
  it('deletes only a post of its own kind (a text post is not a photo)', async () => {
    const id = await insertPost(mine.id, 'text');
    expect((await call('DELETE', `/api/v3/liveimage?id=${id}`, 'host')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v3/liveimagetext?id=${id}`, 'host')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v3/liveimagetext?id=${id}`, 'host')).statusCode).toBe(404);
  });
});

describe('the visitor site: live list', () => {
  it('answers both kinds newest first, or those after a time; hidden activities are 404', async () => {
    const a = await insertActivity(ctx);
    const first = await call('POST', '/api/v3/liveimage', 'host', { activityId: a.id, pictures: [PIC] });
    await new Promise((r) => setTimeout(r, 5));
    const second = await call('POST', '/api/v3/liveimagetext', 'host', { activityId: a.id, content: '第二条' });
    const all = await call('GET', `/api/v1/expo/${exh()}/activities/${a.id}/live`, null);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.map((p: { id: string }) => p.id)).toEqual([second.json().data.id, first.json().data.id]);
    const after = await call('GET', `/api/v1/expo/${exh()}/activities/${a.id}/live?after=${encodeURIComponent(first.json().data.createAt)}`, null);
    expect(after.json().data.map((p: { id: string }) => p.id)).toEqual([second.json().data.id]);
    const hidden = await insertActivity(ctx, { isShow: false });
    expect((await call('GET', `/api/v1/expo/${exh()}/activities/${hidden.id}/live`, null)).statusCode).toBe(404);
    const pending = await insertActivity(ctx, { auditState: AuditState.Pending });
    expect((await call('GET', `/api/v1/expo/${exh()}/activities/${pending.id}/live/events`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/expo/${ctx.other.exhibitionId}/activities/${a.id}/live`, null)).statusCode).toBe(404);
  });

  it('records a signed-in visitor as a viewer (visits counted), not anonymous callers or staff', async () => {
    const a = await insertActivity(ctx);
    const v = await newVisitor(ctx, { name: '观众甲' });
    for (let i = 0; i < 2; i++) expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/expo/${exh()}/activities/${a.id}/live`, headers: bearer(v.token) })).statusCode).toBe(200);
    await call('GET', `/api/v1/expo/${exh()}/activities/${a.id}/live`, null);
    await call('GET', `/api/v1/expo/${exh()}/activities/${a.id}/live`, 'host');
    const rows = await ctx.db.select().from(activityLiveViewer).where(eq(activityLiveViewer.activityId, a.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ memberId: v.memberId, visits: 2 });
  });
});

describe('the live fan-out', () => {
  it('delivers a message to every page of every instance, and drops the subscription with the last page', async () => {
    const shared = memoryState();
    const [one, two] = [createLiveHub(shared), createLiveHub(shared)];
    const got: string[][] = [[], [], []];
    const off = [await one.subscribe('a1', (m) => got[0]!.push(m)), await one.subscribe('a1', (m) => got[1]!.push(m)), await two.subscribe('a1', (m) => got[2]!.push(m))];
    expect(one.size()).toBe(1);
    await shared.publish(liveChannel('a1'), 'hello');
    await shared.publish(liveChannel('a2'), 'elsewhere');
    expect(got).toEqual([['hello'], ['hello'], ['hello']]);
    await off[0]!();
    await off[0]!();
    expect(one.size()).toBe(1);
    await off[1]!();
    expect(one.size()).toBe(0);
    await shared.publish(liveChannel('a1'), 'later');
    expect(got).toEqual([['hello'], ['hello'], ['hello', 'later']]);
    await off[2]!();
    await two.close();
  });

  it('streams created and deleted posts to an open page over HTTP (Server-Sent Events)', async () => {
    const a = await insertActivity(ctx);
    const v = await newVisitor(ctx);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    let text = '';
    const waitFor = async (pattern: RegExp, ms = 1000) => {
      const until = Date.now() + ms;
      while (!pattern.test(text)) {
        if (Date.now() > until) throw new Error(`no ${pattern} within ${ms} ms in: ${text}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const req = http.get({ host: '127.0.0.1', port, path: `/api/v1/expo/${exh()}/activities/${a.id}/live/events`, headers: bearer(v.token) });
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject));
    try {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/event-stream');
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      await waitFor(/: connected/);
      const post = await call('POST', '/api/v3/liveimagetext', 'host', { activityId: a.id, content: '实时内容' });
      expect(post.statusCode, post.body).toBe(200);
      await waitFor(/data: .*实时内容/);
      const data = JSON.parse(text.split('data: ').find((part) => part.includes('实时内容'))!.split('\n')[0]!);
      expect(data).toMatchObject({ type: 'post', post: { id: post.json().data.id, kind: 'text', content: '实时内容' } });
      expect((await call('DELETE', `/api/v3/liveimagetext?id=${post.json().data.id}`, 'host')).statusCode).toBe(200);
      await waitFor(new RegExp(`data: \\{"type":"delete","id":"${post.json().data.id}"`));
      const viewer = await ctx.db.select().from(activityLiveViewer).where(and(eq(activityLiveViewer.activityId, a.id), eq(activityLiveViewer.memberId, v.memberId)));
      expect(viewer).toHaveLength(1);
    } finally {
      req.destroy();
    }
    // The page went: its subscription is dropped (a later post reaches nobody and nothing throws).
    await new Promise((r) => setTimeout(r, 50));
    await publishLive(ctx.shared, { type: 'delete', id: a.id, activityId: a.id });
  });
});

describe('POST /api/v3/backgroundjob/activity/liveviewer', () => {
  let worker: JobWorker;
  beforeAll(async () => {
    worker = await startJobWorker(ctx.app, { pollMs: 100 });
  });
  afterAll(async () => worker?.stop());
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/backgroundjob/activity/liveviewer', payload: { activityId: mine.id } }),
    allowed: ['host'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/backgroundjob/activity/liveviewer', payload: { activityId: theirs.id } }) },
  });
  it('writes the viewers with their visits to an .xlsx', async () => {
    const a = await insertActivity(ctx, { title: '直播活动', titleEn: 'Live show' });
    const [v1, v2] = [await newVisitor(ctx, { name: '王一' }), await newVisitor(ctx, { name: '王二' })];
    for (const [v, n] of [
      [v1, 3],
      [v2, 1],
    ] as const)
      for (let i = 0; i < n; i++) await ctx.app.inject({ method: 'GET', url: `/api/v1/expo/${exh()}/activities/${a.id}/live`, headers: bearer(v.token) });
    const started = await call('POST', '/api/v3/backgroundjob/activity/liveviewer', 'host', { activityId: a.id }, { 'accept-language': 'en' });
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().data.id;
    let job;
    for (let i = 0; i < 200; i++) {
      job = (await call('GET', `/api/v3/backgroundjob?id=${id}`, 'host')).json().data;
      if (job.state === 'succeeded' || job.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(job).toMatchObject({ state: 'succeeded', type: 'activity.liveviewer', result: { rows: 2 }, files: { output: { name: 'Live show live viewers.xlsx' } } });
    const file = await call('GET', `/api/v3/backgroundjob/download?id=${id}&file=output`, 'host');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Name', 'Mobile', 'Company', 'First seen', 'Last seen', 'Visits']);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[5]])).toEqual([
      ['王一', '星河贸易', 3],
      ['王二', '星河贸易', 1],
    ]);
  });
});
