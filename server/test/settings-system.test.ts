import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox, smsAccount } from '../src/messaging/tables.ts';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const get = () => ctx;
const asAdmin = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, headers: bearer(await ctx.token('admin')), ...(payload ? { payload } : {}) });
const sendSms = (phone: string) => ctx.app.inject({ method: 'POST', url: '/api/VerCode/sms/send', payload: { Phone: phone, purpose: 'login' } });
const margin = async () => json(await asAdmin('GET', '/api/v1/sms/margin?t=1')).data.margin as number | null;

for (const [method, url, payload] of [
  ['GET', '/api/v1/settings/system', undefined],
  ['PUT', '/api/v1/settings/system', { supportPhone: '400-800-8888' }],
  ['GET', '/api/v1/settings/system/smsaccount', undefined],
  ['PUT', '/api/v1/settings/system/smsaccount', { signName: 'Pavilion' }],
  ['GET', '/api/v1/sms/margin', undefined],
  ['GET', '/api/v1/settings/system/sensitives', undefined],
  ['PUT', '/api/v1/settings/system/sensitives', { words: [] }],
] as const) {
  describe(`${method} ${url}`, () => {
    routeSecurity(get, { request: () => ({ method, url, ...(payload ? { payload } : {}) }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
  });
}

describe('system settings', () => {
  it('answers defaults, changes only the fields sent and logs the change', async () => {
    const logged = async () => json(await asAdmin('POST', '/api/v3/operationlog/query', { action: 'settings.system.update' })).data.totalCount as number;
    const before = await logged();
    const first = json(await asAdmin('GET', '/api/v1/settings/system')).data;
    expect(first).toMatchObject({ platformName: 'Pavilion', sensitiveMode: 'refuse' });
    const put = await asAdmin('PUT', '/api/v1/settings/system', { platformName: '云展平台', supportEmail: 'help@example.com', keepRecord: '浙ICP备00000000号' });
    expect(json(put).data).toMatchObject({ platformName: '云展平台', supportEmail: 'help@example.com', keepRecord: '浙ICP备00000000号', sensitiveMode: 'refuse' });
    const again = await asAdmin('PUT', '/api/v1/settings/system', { supportEmail: null });
    expect(json(again).data).toMatchObject({ platformName: '云展平台', supportEmail: null });
    expect(json(await asAdmin('PUT', '/api/v1/settings/system', { sensitiveMode: 'hide' })).field).toBe('sensitiveMode');
    expect(json(await asAdmin('PUT', '/api/v1/settings/system', { platformName: '' })).field).toBe('platformName');
    expect(await logged()).toBe(before + 2);
  });

  it('never answers the SMS account key in clear; an echoed mask leaves it unchanged', async () => {
    const put = await asAdmin('PUT', '/api/v1/settings/system/smsaccount', { provider: 'aliyun', signName: '云展', accountId: 'LTAI-id', accountKey: 'sk-1234567890abcdef' });
    const shown = json(put).data;
    expect(shown).toMatchObject({ provider: 'aliyun', signName: '云展', accountId: 'LTAI-id', accountKey: 'sk************ef', balance: null });
    expect(put.body).not.toContain('1234567890');
    await asAdmin('PUT', '/api/v1/settings/system/smsaccount', { accountKey: shown.accountKey, signName: 'Pavilion' });
    const [row] = await ctx.db.select().from(smsAccount).where(eq(smsAccount.id, 'platform'));
    expect(row).toMatchObject({ accountKey: 'sk-1234567890abcdef', signName: 'Pavilion' });
    const logs = json(await asAdmin('POST', '/api/v3/operationlog/query', { action: 'settings.smsAccount.update' })).data.items;
    expect(JSON.stringify(logs)).not.toContain('1234567890');
  });

  it('counts the SMS margin down with every SMS; at 0 a message is recorded, not sent, and the call answers result false', async () => {
    expect(await margin()).toBeNull();
    expect(json(await sendSms('13100000001')).data.result).toBe(true);
    expect(await margin()).toBeNull();
    await asAdmin('PUT', '/api/v1/settings/system/smsaccount', { balance: 2 });
    expect(await margin()).toBe(2);
    expect(json(await sendSms('13100000002')).data.result).toBe(true);
    expect(await margin()).toBe(1);
    // e-mail is not counted
    await ctx.app.inject({ method: 'GET', url: '/api/v1/verificationcode/email?email=margin@example.com&purpose=bind' });
    expect(await margin()).toBe(1);
    expect(json(await sendSms('13100000003')).data.result).toBe(true);
    expect(await margin()).toBe(0);
    const refused = await sendSms('13100000004');
    expect(json(refused).data.result).toBe(false);
    expect(await margin()).toBe(0);
    const [last] = await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, '13100000004')).orderBy(desc(messageOutbox.createdAt));
    expect(last).toMatchObject({ channel: 'sms', status: 'noBalance' });
    const outbox = json(await asAdmin('POST', '/api/v3/outbox/query', { recipient: '13100000003' })).data.items;
    expect(outbox[0]).toMatchObject({ status: 'sent' });
    // topped up, it sends again; null stops metering
    await asAdmin('PUT', '/api/v1/settings/system/smsaccount', { balance: 5 });
    expect(json(await sendSms('13100000005')).data.result).toBe(true);
    expect(await margin()).toBe(4);
    await asAdmin('PUT', '/api/v1/settings/system/smsaccount', { balance: null });
    expect(await margin()).toBeNull();
    expect(json(await asAdmin('PUT', '/api/v1/settings/system/smsaccount', { balance: -1 })).field).toBe('balance');
  });

  it('keeps the sensitive-word list trimmed and without repeats', async () => {
    const put = await asAdmin('PUT', '/api/v1/settings/system/sensitives', { words: [' 赌博 ', '赌博', '', 'casino'] });
    expect(json(put).data.words).toEqual(['赌博', 'casino']);
    expect(json(await asAdmin('GET', '/api/v1/settings/system/sensitives')).data.words).toEqual(['赌博', 'casino']);
    const log = json(await asAdmin('POST', '/api/v3/operationlog/query', { action: 'settings.sensitives.update' })).data.items[0];
    expect(log.after).toMatchObject({ count: 2, added: ['赌博', 'casino'] });
    expect(json(await asAdmin('PUT', '/api/v1/settings/system/sensitives', { words: ['x'.repeat(51)] })).field).toBe('words.0');
  });
});
