import type { ApplyExhibitor, ClientConfig, SettledForm, UploadedFile, applyExhibitorBody } from '@pavilion/contract';
import type { z } from 'zod';
import { currentLang, type Lang } from '../i18n/index.ts';
import { getConfig } from './config.ts';
import { ApiError } from './errors.ts';

/** Part 2 "Settled exhibitor application": the token of the settling client, kept under its own key. */
export const SETTLED_TOKEN_KEY = 'settledToken';
/** Fetch a new token when less than this is left. */
const MARGIN_MS = 60_000;

interface StoredToken {
  access_token: string;
  expiresAt: number;
}

export type SettledApplication = z.input<typeof applyExhibitorBody>;

export interface SettledClientDeps {
  config: () => ClientConfig;
  lang: () => Lang;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * The anonymous settling page's own client: a client_credentials token fetched on demand
 * (`POST /connect/token`, form-encoded, with the settling client of `config.json`), stored locally,
 * fetched again when it is about to expire or the server refuses it (401), once per call.
 * Failures reject with `ApiError`; nothing is handled globally (no session to expire).
 */
export function createSettledClient(deps: SettledClientDeps) {
  const now = deps.now ?? Date.now;
  const doFetch = (input: string, init: RequestInit) => (deps.fetch ?? globalThis.fetch)(input, init);
  let pending: Promise<string> | null = null;

  const send = async (input: string, init: RequestInit) => {
    try {
      return await doFetch(input, init);
    } catch {
      throw ApiError.network();
    }
  };

  function stored(): StoredToken | null {
    try {
      const value = JSON.parse(deps.storage.getItem(SETTLED_TOKEN_KEY) ?? 'null') as StoredToken | null;
      return value && typeof value.access_token === 'string' && typeof value.expiresAt === 'number' ? value : null;
    } catch {
      return null;
    }
  }

  async function fetchToken(): Promise<string> {
    const { token: tokenUrl, settledClientId, settledClientSecret } = deps.config();
    const response = await send(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'accept-language': deps.lang() },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: settledClientId, client_secret: settledClientSecret }),
    });
    const body = (await response.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!response.ok || !body?.access_token) throw ApiError.fromBody(response.status || 400, body);
    deps.storage.setItem(SETTLED_TOKEN_KEY, JSON.stringify({ access_token: body.access_token, expiresAt: now() + (body.expires_in ?? 0) * 1000 }));
    return body.access_token;
  }

  /** The stored token while it has time left, else a new one (one request at a time). */
  function token(renew = false): Promise<string> {
    const current = stored();
    if (!renew && current && current.expiresAt - now() > MARGIN_MS) return Promise.resolve(current.access_token);
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function call<T>(path: string, init: (bearer: string) => RequestInit): Promise<T> {
    let response = await send(`${deps.config().api}${path}`, init(await token()));
    if (response.status === 401) {
      deps.storage.removeItem(SETTLED_TOKEN_KEY);
      response = await send(`${deps.config().api}${path}`, init(await token(true)));
    }
    const body = (await response.json().catch(() => null)) as { success?: boolean; data?: T } | null;
    if (!response.ok || body?.success !== true) throw ApiError.fromBody(response.status, body);
    return body.data as T;
  }

  const headers = (bearer: string, extra: Record<string, string> = {}) => ({ accept: 'application/json', 'accept-language': deps.lang(), authorization: `Bearer ${bearer}`, ...extra });

  return {
    token,
    /** GET /api/v3/applyexhibitor/form: the exhibition's names and the categories to choose from. */
    form: (exhibitionId: string) =>
      call<SettledForm>(`/api/v3/applyexhibitor/form?${new URLSearchParams({ exhibitionId, t: String(Math.floor(now() / 1000)) })}`, (b) => ({ method: 'GET', headers: headers(b) })),
    /** POST /api/v3/applyexhibitor with the settled token. */
    apply: (body: SettledApplication) =>
      call<Pick<ApplyExhibitor, 'id' | 'auditState'>>('/api/v3/applyexhibitor', (b) => ({ method: 'POST', headers: headers(b, { 'content-type': 'application/json' }), body: JSON.stringify(body) })),
    /** The business licence picture: POST /api/upload/images (same limits as everywhere: 4 MB, image types). */
    uploadLicence: async (file: File): Promise<UploadedFile> => {
      const [uploaded] = await call<UploadedFile[]>('/api/upload/images', (b) => {
        const data = new FormData();
        data.append('files', file);
        return { method: 'POST', headers: headers(b), body: data };
      });
      return uploaded!;
    },
  };
}

export type SettledClient = ReturnType<typeof createSettledClient>;

let shared: SettledClient | null = null;
/** The page's client, made on first use (the configuration is read before the app renders). */
export const settledApi = (): SettledClient =>
  (shared ??= createSettledClient({ config: getConfig, lang: currentLang, storage: window.localStorage }));

export const settledKeys = { form: (exhibitionId: string | null) => ['settledForm', exhibitionId] as const };
