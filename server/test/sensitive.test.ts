import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const uniq = () => Math.random().toString(36).slice(2, 10);
const call = async (as: Actor | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang?: string, app?: App) =>
  (app ?? ctx.app).inject({ method, url, headers: { ...(as ? bearer(await ctx.token(as)) : {}), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload ? { payload } : {}) });
const setWords = (words: string[]) => call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words });
const setMode = (sensitiveMode: 'refuse' | 'mask') => call('admin', 'PUT', '/api/v1/settings/system', { sensitiveMode });

beforeAll(async () => {
  ctx = await createTestContext();
  await setWords(['敏感词', 'BadWord', '赌博']);
});
afterAll(() => ctx.close());
const get = () => ctx;

describe('PUT /api/v3/company', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v3/company', payload: { website: 'https://expo.example.com' } }),
    allowed: ['exhibitor'],
    denied: ['admin', 'host'],
    otherTenant: { as: 'exhibitor', request: (c) => ({ method: 'PUT', url: '/api/v3/company', payload: { id: c.other.companyId, name: '抢注' } }) },
  });
});

describe('sensitive words', () => {
  it("refuse an exhibitor's company profile, naming the field and the word in both languages", async () => {
    const zh = await call('exhibitor', 'PUT', '/api/v3/company', { introduction: '本公司不涉及敏感词内容', name: '正常名称' });
    expect(zh.statusCode).toBe(400);
    expect(json(zh)).toMatchObject({ code: 4026, field: 'introduction', description: 'introduction 含有敏感词“敏感词”' });
    const en = await call('exhibitor', 'PUT', '/api/v3/company', { name: '赌博公司', introduction: 'no badword here' }, 'en');
    expect(json(en)).toMatchObject({ code: 4026, field: 'name', description: 'name contains the sensitive word "赌博"' });
    expect(json(en).errors).toEqual([
      { field: 'name', message: 'name contains the sensitive word "赌博"' },
      { field: 'introduction', message: 'introduction contains the sensitive word "badword"' },
    ]);
    // nothing was written
    const me = json(await call('exhibitor', 'GET', '/api/v1/account/me')).data;
    expect(json(await call('exhibitor', 'GET', `/api/v1/company?id=${me.companyId}`)).data.name).toBe('杭州云展科技有限公司');
  });

  it('match regardless of case and full-width forms, and show the word as written', async () => {
    const res = await call('exhibitor', 'PUT', '/api/v3/company', { introduction: 'Ｂａｄ Word? no: ＢＡＤＷＯＲＤ!' }, 'en');
    expect(json(res).description).toBe('introduction contains the sensitive word "ＢＡＤＷＯＲＤ"');
  });

  it('let a clean profile through and save it, logged', async () => {
    const res = await call('exhibitor', 'PUT', '/api/v3/company', { introduction: '专注会展数字化十年', website: 'https://cloud-expo.example.com', phone: '0571-88888888', email: 'info@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ name: '杭州云展科技有限公司', introduction: '专注会展数字化十年', website: 'https://cloud-expo.example.com', phone: '0571-88888888' });
    expect(json(await call('exhibitor', 'PUT', '/api/v3/company', { website: 'not a url' })).field).toBe('website');
    const log = json(await call('admin', 'POST', '/api/v3/operationlog/query', { action: 'company.profile.update', targetId: json(res).data.id })).data;
    expect(log.totalCount).toBeGreaterThan(0);
  });

  it('mask instead when the system says so, except for login names', async () => {
    await setMode('mask');
    try {
      const res = await call('exhibitor', 'PUT', '/api/v3/company', { introduction: '我们反对赌博，也反对BADword' });
      expect(json(res).data.introduction).toBe('我们反对**，也反对*******');
      const reg = await call(null, 'POST', '/api/Account/Register', { userName: `m${uniq()}`, password: 'secret-123', name: '敏感词先生' });
      expect(json(reg).data.name).toBe('***先生');
      const name = await call('exhibitor2', 'POST', '/api/v3/account/update/username', { userName: 'xBadWordx' });
      expect(json(name)).toMatchObject({ code: 4026, field: 'userName' });
    } finally {
      await setMode('refuse');
    }
  });

  it('apply to registration, user names, feedback, host applications and notices', async () => {
    const reg = await call(null, 'POST', '/api/Account/Register', { userName: `r${uniq()}`, password: 'secret-123', name: '赌博达人' });
    expect(json(reg)).toMatchObject({ code: 4026, field: 'name' });
    expect(json(await call('exhibitor', 'POST', '/api/v3/account/update/username', { userName: 'mybadword' })).field).toBe('userName');
    expect(json(await call('host', 'POST', '/api/v3/feedback', { content: '这里有敏感词' })).code).toBe(4026);
    expect(json(await call(null, 'POST', '/api/v3/hostapply', { companyName: '赌博会展', contactName: '张三', phoneNumber: '13900000000' })).field).toBe('companyName');
    expect(json(await call('admin', 'POST', '/api/v3/notice', { title: '通知', content: '禁止赌博' })).field).toBe('content');
    const feedback = json(await call('host', 'POST', '/api/v3/feedback', { content: '一切正常' })).data.id;
    expect(json(await call('admin', 'POST', '/api/v3/feedbackcomment', { feedbackId: feedback, content: 'badword reply' })).code).toBe(4026);
  });

  it('follow a change of the list at once, on every instance (compiled matcher dropped by a shared notification)', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: ctx.uploadsDir });
    const second = await buildApp({ config, database: { db: ctx.db, kind: 'pglite', close: async () => {} }, shared: ctx.shared, logger: false });
    await second.ready();
    try {
      const tryName = (name: string) => call('exhibitor', 'PUT', '/api/v3/company', { introduction: name }, undefined, second);
      expect((await tryName('展会新词')).statusCode).toBe(200); // compiled and cached on the second instance
      await setWords(['敏感词', 'BadWord', '赌博', '新词']); // changed through the first instance
      expect(json(await tryName('展会新词')).code).toBe(4026);
      await setWords(['敏感词']);
      expect((await tryName('展会新词')).statusCode).toBe(200);
    } finally {
      await second.close();
      await setWords(['敏感词', 'BadWord', '赌博']);
    }
  });
});
