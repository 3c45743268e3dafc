import { ErrorCode } from '@pavilion/contract/light';
import type { ClientConfig, TokenInfo } from '@pavilion/contract';
import type { Lang } from '../i18n/index.ts';
import { authFromToken, type SessionStore } from '../session/index.ts';
import { ApiError } from './errors.ts';

/** Refresh when less than this is left on the access token. */
export const REFRESH_MARGIN_MS = 60_000;

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Send the bearer token and refresh it first when it is about to expire (default true). */
  auth?: boolean;
  /** The answer is the `{success, code, data}` envelope (default true); OAuth calls answer bare JSON. */
  envelope?: boolean;
  /** Let the client handle 401, 404, 5xx and 4038 for the whole app (default true). */
  global?: boolean;
}

export interface ApiClientDeps {
  session: SessionStore;
  config: () => ClientConfig;
  lang: () => Lang;
  onUnauthorized: () => void;
  onNotFound: () => void;
  onServerError: () => void;
  /** A 403 PasswordChangeRequired (4038): the session's password was issued and must be changed first. */
  onPasswordChangeRequired?: () => void;
  fetch?: typeof fetch;
  now?: () => number;
  /** Web Locks, so that two tabs never spend the same (rotating) refresh token. */
  locks?: Pick<LockManager, 'request'> | null;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(deps: ApiClientDeps) {
  const now = deps.now ?? Date.now;
  const doFetch = (input: string, init: RequestInit) => (deps.fetch ?? globalThis.fetch)(input, init);
  let refreshing: Promise<void> | null = null;

  const needsRefresh = () => {
    const auth = deps.session.get().auth;
    return Boolean(auth?.refresh_token) && auth!.expiresAt - now() < REFRESH_MARGIN_MS;
  };

  async function refresh(): Promise<void> {
    // Another tab may have rotated the token while this one waited for the lock.
    const auth = deps.session.reload().auth;
    if (!auth?.refresh_token || auth.expiresAt - now() >= REFRESH_MARGIN_MS) return;
    const { clientId, clientSecret, token: tokenUrl } = deps.config();
    let response: Response;
    try {
      response = await doFetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'accept-language': deps.lang() },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: auth.refresh_token, client_id: clientId, client_secret: clientSecret }),
      });
    } catch {
      throw ApiError.network();
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw ApiError.fromBody(401, body);
    const token = body as TokenInfo;
    deps.session.set({ token: token.access_token, auth: authFromToken(token, now()) });
  }

  /** Single flight: one refresh at a time in this tab (and, with Web Locks, across tabs); callers wait for it. */
  function ensureFreshToken(): Promise<void> {
    if (!needsRefresh()) return Promise.resolve();
    if (!refreshing) {
      const run = deps.locks ? deps.locks.request('pavilion-token-refresh', refresh).then(() => undefined) : refresh();
      refreshing = run.finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  function fail(error: ApiError, global: boolean): never {
    if (global) {
      if (error.status === 401) deps.onUnauthorized();
      else if (error.status === 404) deps.onNotFound();
      else if (error.status >= 500) deps.onServerError();
      else if (error.code === ErrorCode.PasswordChangeRequired && deps.onPasswordChangeRequired) deps.onPasswordChangeRequired();
      else throw error;
      error.handled = true;
    }
    throw error;
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const { auth = true, envelope = true, global = true } = options;
    if (auth) {
      try {
        await ensureFreshToken();
      } catch (err) {
        if (err instanceof ApiError && !err.network) fail(err, global);
        throw err;
      }
    }

    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {}))
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    if (method === 'GET') params.set('t', String(Math.floor(now() / 1000)));
    const search = params.toString();
    const url = `${deps.config().api}${path}${search ? `?${search}` : ''}`;

    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': deps.lang() };
    const token = deps.session.get().token;
    if (auth && token) headers.authorization = `Bearer ${token}`;
    const init: RequestInit = { method, headers };
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }

    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch {
      throw ApiError.network();
    }
    const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    if (!response.ok) fail(ApiError.fromBody(response.status, body), global);
    if (!envelope) return body as T;
    const envelopeBody = body as { success?: boolean; data?: T } | null;
    if (envelopeBody?.success !== true) fail(ApiError.fromBody(response.status, body), global);
    return envelopeBody.data as T;
  }

  return {
    request,
    get: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'query' | 'body'>) => request<T>('GET', path, { ...options, query }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...options, body: body ?? {} }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('PUT', path, { ...options, body: body ?? {} }),
    patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('PATCH', path, { ...options, body: body ?? {} }),
    delete: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'query' | 'body'>) => request<T>('DELETE', path, { ...options, query }),
    ensureFreshToken,
  };
}
