import { ErrorCode, Role } from '@pavilion/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../i18n/index.ts';
import { createSessionStore, type SessionStore } from '../session/index.ts';
import { json, ok, testConfig } from '../test/fixtures.ts';
import { createApiClient, REFRESH_MARGIN_MS } from './client.ts';
import { ApiError } from './errors.ts';

const NOW = 1_750_000_000_000;

function setup(options: { lang?: Lang; expiresIn?: number } = {}) {
  const session: SessionStore = createSessionStore(window.localStorage);
  session.set({
    token: 'old-access',
    role: Role.Host,
    auth: { access_token: 'old-access', refresh_token: 'refresh-1', expires_in: 900, expiresAt: NOW + (options.expiresIn ?? 900) * 1000 },
  });
  const fetch = vi.fn<typeof globalThis.fetch>();
  const handlers = { onUnauthorized: vi.fn(), onNotFound: vi.fn(), onServerError: vi.fn(), onPasswordChangeRequired: vi.fn() };
  const client = createApiClient({ session, config: () => testConfig, lang: () => options.lang ?? 'zh-CN', fetch, now: () => NOW, ...handlers });
  const call = (n: number) => {
    const [url, init] = fetch.mock.calls[n]!;
    return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
  };
  return { session, fetch, client, call, ...handlers };
}

describe('api client', () => {
  beforeEach(() => window.localStorage.clear());

  it('unwraps the envelope and sends the bearer, Accept-Language and JSON body', async () => {
    const { client, fetch, call } = setup();
    fetch.mockResolvedValueOnce(ok({ id: 'x' }));
    await expect(client.post('/api/v1/exhibition/query', { pageIndex: 1 })).resolves.toEqual({ id: 'x' });
    const { url, init, headers } = call(0);
    expect(url).toBe('/api/v1/exhibition/query');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"pageIndex":1}');
    expect(headers.authorization).toBe('Bearer old-access');
    expect(headers['accept-language']).toBe('zh-CN');
    expect(headers['content-type']).toBe('application/json');
  });

  it('adds t (seconds) to every GET, after the query, and not to POSTs', async () => {
    const { client, fetch, call } = setup({ lang: 'en' });
    fetch.mockResolvedValueOnce(ok(true)).mockResolvedValueOnce(ok(true));
    await client.get('/api/v1/exhibition', { id: 'abc', empty: '', missing: undefined });
    await client.post('/api/v1/account/logout');
    expect(call(0).url).toBe(`/api/v1/exhibition?id=abc&t=${NOW / 1000}`);
    expect(call(0).headers['accept-language']).toBe('en');
    expect(call(1).url).toBe('/api/v1/account/logout');
  });

  it('sends no bearer on public calls and returns bare JSON when asked', async () => {
    const { client, fetch, call } = setup();
    fetch.mockResolvedValueOnce(json({ access_token: 'a', token_type: 'Bearer', expires_in: 900, scope: 's' }));
    await expect(client.post('/api/account/BindPhoneToken', {}, { auth: false, envelope: false })).resolves.toMatchObject({ access_token: 'a' });
    expect(call(0).headers.authorization).toBeUndefined();
  });

  it('throws an ApiError with code, description and field errors on 400, without global handling', async () => {
    const { client, fetch, onUnauthorized, onNotFound, onServerError } = setup();
    fetch.mockResolvedValueOnce(
      json({ success: false, code: ErrorCode.ValidationFailed, description: '请求参数有误', field: 'name', errors: [{ field: 'name', message: 'name 不能为空' }] }, 400),
    );
    const error = await client.post('/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 4000, description: '请求参数有误', field: 'name', handled: false });
    expect((error as ApiError).errors).toEqual([{ field: 'name', message: 'name 不能为空' }]);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onNotFound).not.toHaveBeenCalled();
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('reads OAuth error bodies, showing the description in the caller language over the ASCII error_description', async () => {
    const { client, fetch } = setup();
    fetch.mockResolvedValueOnce(json({ error: 'invalid_request', error_description: 'Phone number not registered', code: 4013, description: '手机号未注册' }, 400));
    await expect(client.post('/api/account/BindPhoneToken', {}, { auth: false, envelope: false })).rejects.toMatchObject({
      oauthError: 'invalid_request',
      code: 4013,
      description: '手机号未注册',
    });
    fetch.mockResolvedValueOnce(json({ error: 'invalid_grant', error_description: 'The refresh token is not valid' }, 400));
    await expect(client.post('/connect/token', {}, { auth: false, envelope: false })).rejects.toMatchObject({
      oauthError: 'invalid_grant',
      description: 'The refresh token is not valid',
    });
  });

  it('401: tells the app (the notice and the login) and rejects with a handled error', async () => {
    const { client, fetch, onUnauthorized } = setup();
    fetch.mockResolvedValueOnce(json({ success: false, code: 4001, description: '授权过期，请重新登录' }, 401));
    await expect(client.get('/api/v1/account/me')).rejects.toMatchObject({ status: 401, handled: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('404 goes to the not-found page, 500 to the error page', async () => {
    const { client, fetch, onNotFound, onServerError } = setup();
    fetch.mockResolvedValueOnce(json({ success: false, code: 4004, description: '展会不存在' }, 404));
    fetch.mockResolvedValueOnce(json({ success: false, code: 5000, description: '服务器开小差了' }, 500));
    await expect(client.get('/api/v1/exhibition', { id: 'x' })).rejects.toMatchObject({ status: 404, handled: true });
    await expect(client.get('/api/v1/exhibition', { id: 'y' })).rejects.toMatchObject({ status: 500, handled: true });
    expect(onNotFound).toHaveBeenCalledTimes(1);
    expect(onServerError).toHaveBeenCalledTimes(1);
  });

  it('403 PasswordChangeRequired (4038) goes to the change-password screen; another 403 is left to the caller', async () => {
    const { client, fetch, onPasswordChangeRequired } = setup();
    fetch.mockResolvedValueOnce(json({ success: false, code: ErrorCode.PasswordChangeRequired, description: '您的密码由平台或主办方发放，请先修改密码再继续使用' }, 403));
    fetch.mockResolvedValueOnce(json({ success: false, code: ErrorCode.Forbidden, description: '没有权限执行此操作' }, 403));
    await expect(client.get('/api/v3/notice/unread')).rejects.toMatchObject({ status: 403, code: 4038, handled: true });
    await expect(client.get('/api/v3/notice/unread')).rejects.toMatchObject({ status: 403, code: 4003, handled: false });
    expect(onPasswordChangeRequired).toHaveBeenCalledTimes(1);
  });

  it('a call may opt out of the global handling (logout)', async () => {
    const { client, fetch, onUnauthorized } = setup();
    fetch.mockResolvedValueOnce(json({ success: false, code: 4001, description: 'x' }, 401));
    await expect(client.post('/api/v1/account/logout', undefined, { global: false })).rejects.toMatchObject({ status: 401, handled: false });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('network failures reject with a network ApiError', async () => {
    const { client, fetch } = setup();
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client.get('/api/v1/account/me')).rejects.toMatchObject({ network: true });
  });

  it('does not refresh while the token has more than the margin left', async () => {
    const { client, fetch } = setup({ expiresIn: REFRESH_MARGIN_MS / 1000 + 5 });
    fetch.mockResolvedValue(ok(true));
    await client.get('/api/v1/account/me');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('refreshes shortly before expiry, once for concurrent calls, and they all use the new token', async () => {
    const { client, fetch, session, call } = setup({ expiresIn: 30 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fetch.mockImplementation(async (input) => {
      if (String(input) === '/connect/token') {
        await gate;
        return json({ access_token: 'new-access', refresh_token: 'refresh-2', expires_in: 900, token_type: 'Bearer', scope: 's' });
      }
      return ok(true);
    });

    const calls = Promise.all([client.get('/api/a'), client.get('/api/b'), client.post('/api/c')]);
    await Promise.resolve();
    release();
    await calls;

    const urls = fetch.mock.calls.map(([url]) => String(url));
    expect(urls.filter((u) => u === '/connect/token')).toHaveLength(1);
    expect(urls[0]).toBe('/connect/token');
    const refresh = call(0);
    expect(refresh.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(refresh.init.body)))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: testConfig.clientId,
      client_secret: testConfig.clientSecret,
    });
    for (let i = 1; i < 4; i++) expect(call(i).headers.authorization).toBe('Bearer new-access');
    expect(session.get().auth).toEqual({ access_token: 'new-access', refresh_token: 'refresh-2', expires_in: 900, expiresAt: NOW + 900_000 });
    expect(session.get().token).toBe('new-access');

    // The rotated token is fresh: the next call does not refresh again.
    await client.get('/api/d');
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/connect/token')).toHaveLength(1);
  });

  it('skips the refresh when another tab already rotated the token (re-read under the lock)', async () => {
    const { client, fetch } = setup({ expiresIn: 30 });
    window.localStorage.setItem('auth', JSON.stringify({ access_token: 'tab2', refresh_token: 'refresh-2', expires_in: 900, expiresAt: NOW + 900_000 }));
    window.localStorage.setItem('token', JSON.stringify('tab2'));
    fetch.mockResolvedValue(ok(true));
    await client.get('/api/a');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).authorization).toBe('Bearer tab2');
  });

  it('a refused refresh (revoked or reused token) is a 401', async () => {
    const { client, fetch, onUnauthorized } = setup({ expiresIn: 10 });
    fetch.mockResolvedValueOnce(json({ error: 'invalid_grant', error_description: 'refresh token is not valid' }, 400));
    await expect(client.get('/api/a')).rejects.toMatchObject({ status: 401, oauthError: 'invalid_grant', handled: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('runs the refresh inside the cross-tab lock when Web Locks exist', async () => {
    const session = createSessionStore(window.localStorage);
    session.set({ token: 'a', auth: { access_token: 'a', refresh_token: 'r', expires_in: 900, expiresAt: NOW + 1000 } });
    const request = vi.fn(async (_name: string, callback: () => Promise<void>) => callback());
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValueOnce(json({ access_token: 'b', refresh_token: 'r2', expires_in: 900, token_type: 'Bearer', scope: 's' })).mockResolvedValue(ok(1));
    const client = createApiClient({
      session,
      config: () => testConfig,
      lang: () => 'zh-CN',
      fetch,
      now: () => NOW,
      locks: { request } as unknown as LockManager,
      onUnauthorized: vi.fn(),
      onNotFound: vi.fn(),
      onServerError: vi.fn(),
    });
    await client.get('/api/a');
    expect(request).toHaveBeenCalledWith('pavilion-token-refresh', expect.any(Function));
    expect(session.get().token).toBe('b');
  });
});
