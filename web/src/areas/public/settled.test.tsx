import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSettledClient, SETTLED_TOKEN_KEY } from '../../api/settled.ts';
import { applyLanguage } from '../../i18n/index.ts';
import { EXHIBITION_ID, json, ok, testConfig } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { applicationOf, categoryTree } from './Settled.tsx';

const CAT_A = '00000000-0000-4000-a000-0000000000a1';
const CAT_B = '00000000-0000-4000-a000-0000000000a2';
const CAT_C = '00000000-0000-4000-a000-0000000000a3';
const categories = [
  { id: CAT_A, name: '智能制造', nameEn: 'Smart manufacturing', parentId: null, level: 1 },
  { id: CAT_B, name: '消费电子', nameEn: null, parentId: null, level: 1 },
  { id: CAT_C, name: '机器人', nameEn: 'Robots', parentId: CAT_A, level: 2 },
];
const form = { exhibition: { id: EXHIBITION_ID, name: '演示展会', nameEn: 'Demo Expo', logo: null }, categoryLimit: 2, categories };

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data };
}

describe('the settled token', () => {
  const tokenAnswer = (n: number) => json({ access_token: `tok${n}`, token_type: 'Bearer', expires_in: 1800, scope: 'x' });

  it('is fetched with client credentials (form-encoded), stored, and reused while it has time left', async () => {
    let now = 1_000_000;
    const storage = memoryStorage();
    let issued = 0;
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/connect/token') return tokenAnswer(++issued);
      expect((init!.headers as Record<string, string>).authorization).toBe(`Bearer tok${issued}`);
      return ok(form);
    });
    const client = createSettledClient({ config: () => testConfig, lang: () => 'zh-CN', storage, fetch, now: () => now });
    await client.form(EXHIBITION_ID);
    await client.form(EXHIBITION_ID);
    const tokenCalls = fetch.mock.calls.filter(([url]) => String(url) === '/connect/token');
    expect(tokenCalls).toHaveLength(1);
    const body = new URLSearchParams(String(tokenCalls[0]![1]!.body));
    expect(Object.fromEntries(body)).toEqual({ grant_type: 'client_credentials', client_id: 'settled', client_secret: 'settled-secret' });
    expect(JSON.parse(storage.data.get(SETTLED_TOKEN_KEY)!)).toMatchObject({ access_token: 'tok1' });
    // Expiring within the margin: a new one.
    now += 1800_000 - 30_000;
    await client.form(EXHIBITION_ID);
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/connect/token')).toHaveLength(2);
  });

  it('is fetched again once when the server refuses it (401), and the call is repeated', async () => {
    const storage = memoryStorage();
    storage.setItem(SETTLED_TOKEN_KEY, JSON.stringify({ access_token: 'old', expiresAt: Date.now() + 3600_000 }));
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/connect/token') return tokenAnswer(7);
      const auth = (init!.headers as Record<string, string>).authorization;
      return auth === 'Bearer old' ? json({ success: false, code: 4001, description: '授权过期' }, 401) : ok({ id: CAT_A, auditState: 0 });
    });
    const client = createSettledClient({ config: () => testConfig, lang: () => 'zh-CN', storage, fetch });
    await expect(client.apply({ exhibitionId: EXHIBITION_ID, name: 'a', mobile: '13800000000', company: 'c', categoryIds: [CAT_A] })).resolves.toMatchObject({ auditState: 0 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('rejects with the field errors of the server', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/connect/token' ? tokenAnswer(1) : json({ success: false, code: 4009, description: 'mobile 已存在', field: 'mobile', errors: [{ field: 'mobile', message: 'mobile 已存在' }] }, 409),
    );
    const client = createSettledClient({ config: () => testConfig, lang: () => 'zh-CN', storage: memoryStorage(), fetch });
    await expect(client.apply({ exhibitionId: EXHIBITION_ID, name: 'a', mobile: '13800000000', company: 'c', categoryIds: [CAT_A] })).rejects.toMatchObject({ status: 409, field: 'mobile' });
  });
});

describe('the form values', () => {
  it('builds the category tree in the page language, falling back to the Chinese name', () => {
    expect(categoryTree(categories, 'en')).toEqual([
      { value: CAT_A, title: 'Smart manufacturing', children: [{ value: CAT_C, title: 'Robots', children: [] }] },
      { value: CAT_B, title: '消费电子', children: [] },
    ]);
  });
  it('leaves blanks out and sends the region as its path', () => {
    expect(
      applicationOf(EXHIBITION_ID, { company: ' 公司 ', companyEn: ' ', name: '张三', mobile: '13800000000', email: '', region: { ids: ['1', '2'], names: ['中国', '浙江省'], code: null }, categoryIds: [CAT_A], licenceUrl: null, message: '' }),
    ).toEqual({ exhibitionId: EXHIBITION_ID, company: '公司', companyEn: undefined, name: '张三', mobile: '13800000000', email: undefined, region: '中国/浙江省', categoryIds: [CAT_A], licenceUrl: undefined, message: undefined });
  });
});

describe('the page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    applyLanguage('zh-CN');
  });

  const serve = (apply: () => Response) => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input).split('?')[0]!;
      if (path === '/connect/token') return json({ access_token: 'tok', token_type: 'Bearer', expires_in: 1800, scope: 'x' });
      if (path === '/api/v3/applyexhibitor/form') return ok(form);
      if (path === '/api/v3/applyexhibitor') return apply();
      if (path.startsWith('/api/City')) return ok({ hasNextPage: false, pageIndex: 1, pageSize: 100, totalCount: 0, items: [] });
      throw new Error(`unexpected ${path}`);
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('names each missing field, then shows the server’s field error on its field', async () => {
    serve(() => json({ success: false, code: 4009, description: '已有待审核的申请', field: 'mobile', errors: [{ field: 'mobile', message: '该手机号已有待审核的入驻申请' }] }, 409));
    renderApp(`/ex-live/settled?exhibitionId=${EXHIBITION_ID}`);
    expect(await screen.findByTestId('settled-exhibition')).toHaveTextContent('演示展会');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('settled-submit'));
    expect(await screen.findByText('请输入公司名称')).toBeInTheDocument();
    expect(screen.getByText('请输入联系人姓名')).toBeInTheDocument();
    expect(screen.getByText('请至少选择一个参展类别')).toBeInTheDocument();
    await user.type(document.getElementById('company')!, '杭州测试有限公司');
    await user.type(document.getElementById('name')!, '张三');
    await user.type(document.getElementById('mobile')!, '13800000000');
    await user.click(document.getElementById('categoryIds')!);
    await user.click(await screen.findByTitle('消费电子'));
    await user.click(screen.getByTestId('settled-submit'));
    expect(await screen.findByText('该手机号已有待审核的入驻申请')).toBeInTheDocument();
  });

  it('takes the configured default exhibition when the link names none', async () => {
    const fetch = serve(() => ok({}));
    renderApp('/ex-live/settled?exhibitionId=');
    expect(await screen.findByTestId('settled-exhibition')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes(`exhibitionId=${EXHIBITION_ID}`))).toBe(true);
  });

  it('is English on /ex-live-en/settled', async () => {
    serve(() => ok({}));
    renderApp(`/ex-live-en/settled?exhibitionId=${EXHIBITION_ID}`);
    expect(await screen.findByTestId('settled-exhibition')).toHaveTextContent('Demo Expo');
    await waitFor(() => expect(screen.getByTestId('settled-submit')).toHaveTextContent('Submit application'));
  });
});
