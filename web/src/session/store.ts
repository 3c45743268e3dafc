import { normaliseRole, type Role } from '@pavilion/contract/light';
import type { Company, FeatureDisplay, Exhibition, Host, TokenInfo, UserInfo } from '@pavilion/contract';
import { useSyncExternalStore } from 'react';

/** Token details as kept after login or refresh; `expiresAt` is epoch milliseconds (now + expires_in). */
export interface AuthInfo {
  access_token: string;
  refresh_token: string | null;
  expires_in: number;
  expiresAt: number;
}

/** Part 1 §3 "Session data held": one localStorage key per field, each JSON-encoded. */
export interface Session {
  token: string | null;
  auth: AuthInfo | null;
  userId: string | null;
  user: UserInfo | null;
  host: Host | null;
  hostId: string | null;
  exhibitionId: string | null;
  exhibitionInfo: Exhibition | null;
  companyId: string | null;
  companyInfo: Company | null;
  exhibitorId: string | null;
  role: Role | null;
  /** The role menu (spec §5): the current exhibition's version and effective feature keys. */
  roleMenu: FeatureDisplay | null;
}

export const SESSION_KEYS = [
  'token',
  'auth',
  'userId',
  'user',
  'host',
  'hostId',
  'exhibitionId',
  'exhibitionInfo',
  'companyId',
  'companyInfo',
  'exhibitorId',
  'role',
  'roleMenu',
] as const satisfies readonly (keyof Session)[];

export const emptySession: Session = Object.freeze({
  token: null,
  auth: null,
  userId: null,
  user: null,
  host: null,
  hostId: null,
  exhibitionId: null,
  exhibitionInfo: null,
  companyId: null,
  companyInfo: null,
  exhibitorId: null,
  role: null,
  roleMenu: null,
});

export const isLoggedIn = (session: Session) => Boolean(session.token);

export const authFromToken = (token: TokenInfo, now = Date.now()): AuthInfo => ({
  access_token: token.access_token,
  refresh_token: token.refresh_token ?? null,
  expires_in: token.expires_in,
  expiresAt: now + token.expires_in * 1000,
});

export interface SessionStore {
  get(): Session;
  set(patch: Partial<Session>): void;
  /** Logout: forgets the session and everything else in localStorage (part 1 §2). */
  clear(): void;
  /** Re-reads localStorage, e.g. after another tab may have refreshed the token. */
  reload(): Session;
  subscribe(listener: () => void): () => void;
}

function read(storage: Storage): Session {
  const session: Record<string, unknown> = { ...emptySession };
  for (const key of SESSION_KEYS) {
    const raw = storage.getItem(key);
    if (raw === null) continue;
    try {
      session[key] = JSON.parse(raw);
    } catch {
      session[key] = null;
    }
  }
  const value = session as unknown as Session;
  return Object.freeze({ ...value, role: value.role === null ? null : normaliseRole(value.role) });
}

export function createSessionStore(storage: Storage): SessionStore {
  let snapshot = read(storage);
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.storageArea !== storage) return;
      if (event.key === null || (SESSION_KEYS as readonly string[]).includes(event.key)) {
        snapshot = read(storage);
        emit();
      }
    });
  }

  return {
    get: () => snapshot,
    set(patch) {
      for (const [key, value] of Object.entries(patch)) {
        if (!(SESSION_KEYS as readonly string[]).includes(key)) continue;
        if (value === null || value === undefined) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify(value));
      }
      snapshot = Object.freeze({ ...snapshot, ...patch });
      emit();
    },
    clear() {
      storage.clear();
      snapshot = emptySession;
      emit();
    },
    reload() {
      snapshot = read(storage);
      emit();
      return snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const sessionStore = createSessionStore(window.localStorage);

export const useSession = (): Session => useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
