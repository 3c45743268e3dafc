import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Executor } from '../db/client.ts';
import type { SharedState } from '../infra/kv.ts';
import type { UserPrincipal } from './principal.ts';

/**
 * The principal of a session, remembered for a short time (docs/performance.md "Per-request costs").
 * The database query stays the source of truth; an entry serves a request only while
 * - it is younger than the cache's lifetime, and
 * - the stamps of its user and of everyone (`SharedState.stamps`, read once per request, from Redis
 *   when instances share it) are still the ones read before the entry was queried.
 * Every change a principal must see at once stamps its user (or everyone) after its transaction
 * commits, so each instance queries again at the next request.
 */
const STAMP_TTL_SECONDS = 24 * 3600;
const MAX_ENTRIES = 20_000;
const ALL = 'principal:all';
const userKey = (userId: string) => `principal:u:${userId}`;

type Entry = { principal: UserPrincipal; stamps: (string | null)[]; expiresAt: number };

export type PrincipalCache = {
  /** The stamps to compare with, read before the query so a change committed meanwhile is seen next time. */
  stamps(userId: string): Promise<(string | null)[]>;
  get(sessionId: string, userId: string, stamps: (string | null)[]): UserPrincipal | null;
  set(principal: UserPrincipal, stamps: (string | null)[]): UserPrincipal;
};

export function createPrincipalCache(shared: SharedState, ttlSeconds: number, now = () => Date.now()): PrincipalCache | null {
  if (ttlSeconds <= 0) return null;
  const entries = new Map<string, Entry>();
  return {
    stamps: (userId) => shared.stamps([userKey(userId), ALL]),
    get(sessionId, userId, stamps) {
      const e = entries.get(sessionId);
      if (!e) return null;
      if (e.expiresAt <= now() || e.principal.userId !== userId || e.stamps[0] !== stamps[0] || e.stamps[1] !== stamps[1]) {
        entries.delete(sessionId);
        return null;
      }
      return e.principal;
    },
    set(principal, stamps) {
      // Shared between requests: nobody may change it.
      for (const v of Object.values(principal)) if (Array.isArray(v)) Object.freeze(v);
      Object.freeze(principal);
      entries.delete(principal.sessionId);
      entries.set(principal.sessionId, { principal, stamps, expiresAt: now() + ttlSeconds * 1000 });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return principal;
    },
  };
}

/** Whose principals a change touches: some users, or everyone (a change to many at once: an exhibitor or company deleted). */
export type PrincipalChange = { userIds: Iterable<string> } | 'everyone';

type Pending = { keys: Set<string> };
const pending = new AsyncLocalStorage<Pending>();
const statesOf = new WeakMap<object, Set<SharedState>>();
const TRACKED = Symbol('principal changes tracked');

async function stampAll(states: Iterable<SharedState>, keys: Iterable<string>) {
  const list = [...keys];
  for (const s of states) await Promise.all(list.map((k) => s.stamp(k, STAMP_TTL_SECONDS)));
}

/**
 * Lets `principalsChanged` reach the shared state of the apps using `db`: a change made in a
 * transaction is stamped after the transaction ends (after the commit, so another instance cannot
 * read the old rows under the new stamp), and before the request that made it answers.
 */
export function trackPrincipalChanges(db: Db, shared: SharedState): void {
  const states = statesOf.get(db) ?? new Set<SharedState>();
  states.add(shared);
  statesOf.set(db, states);
  const target = db as unknown as Record<symbol, boolean> & { transaction: Db['transaction'] };
  if (target[TRACKED]) return;
  target[TRACKED] = true;
  const transaction = db.transaction.bind(db);
  target.transaction = (async (work: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    if (pending.getStore()) return transaction(work, config);
    const store: Pending = { keys: new Set() };
    try {
      return await pending.run(store, () => transaction(work, config));
    } finally {
      // Also after a rollback: a needless stamp costs one query, a missed one a stale principal.
      if (store.keys.size) await stampAll(states, store.keys);
    }
  }) as Db['transaction'];
}

/**
 * Tells every instance that these users' principals (sessions, role, password flag, hosts,
 * exhibitions, exhibitor, visitor registration) changed. Inside a transaction it takes effect when
 * the transaction ends; on the database itself, at once (call it after the write).
 */
export async function principalsChanged(db: Executor, change: PrincipalChange): Promise<void> {
  const keys = change === 'everyone' ? [ALL] : [...new Set(change.userIds)].map(userKey);
  if (!keys.length) return;
  const store = pending.getStore();
  if (store) {
    for (const k of keys) store.keys.add(k);
    return;
  }
  const states = statesOf.get(db);
  // No app uses this database (the seed, before the app is built): nothing is cached.
  if (states) await stampAll(states, keys);
}
