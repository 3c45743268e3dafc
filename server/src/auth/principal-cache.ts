import type { Db, Executor } from '../db/client.ts';
import { afterCommit, trackCommits } from '../db/after-commit.ts';
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

const statesOf = new WeakMap<object, Set<SharedState>>();

/** Lets `principalsChanged` reach the shared state of the apps using `db` (called when an app is built; answers the undo, for its close). */
export function trackPrincipalChanges(db: Db, shared: SharedState): () => void {
  const states = statesOf.get(db) ?? new Set<SharedState>();
  states.add(shared);
  statesOf.set(db, states);
  trackCommits(db);
  return () => void states.delete(shared);
}

/**
 * Tells every instance that these users' principals (sessions, role, password flag, hosts,
 * exhibitions, exhibitor, visitor registration) changed. Stamped after the commit, so another
 * instance cannot read the old rows under the new stamp; inside a transaction, when it ends.
 */
export async function principalsChanged(db: Executor, change: PrincipalChange): Promise<void> {
  const keys = change === 'everyone' ? [ALL] : [...new Set(change.userIds)].map(userKey);
  if (!keys.length) return;
  await afterCommit(db, async (root) => {
    // No app uses this database (the seed, before the app is built): nothing is cached.
    for (const s of statesOf.get(root) ?? []) await Promise.all(keys.map((k) => s.stamp(k, STAMP_TTL_SECONDS)));
  });
}
