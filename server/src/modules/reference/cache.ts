import type { FastifyBaseLogger } from 'fastify';
import type { SharedState } from '../../infra/kv.ts';

/** Published after every change of reference data; every instance drops its cache on it. */
export const REFERENCE_CHANGED = 'reference:changed';

export type ReferenceCache = {
  /** The value under `key`, loaded once until the next change. Concurrent callers share one load. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops this instance's values. */
  clear(): void;
  /** After a committed change: drop the values here and tell the other instances. */
  changed(): Promise<void>;
  /** Listen for the other instances' changes; answers the unsubscribe. */
  listen(): Promise<() => Promise<void>>;
};

/**
 * In-process cache of the reference reads. A load that started before a change may still answer its
 * own callers, but is no longer handed out: `clear` forgets it, so the next read loads again.
 * Values also expire after `maxAgeMs`, in case a notification was lost (Redis pub/sub does not
 * replay messages to a subscriber that was reconnecting).
 */
export function createReferenceCache(shared: SharedState, log: FastifyBaseLogger, maxAgeMs = 10 * 60_000, now = () => Date.now()): ReferenceCache {
  const values = new Map<string, { value: Promise<unknown>; at: number }>();
  const clear = () => values.clear();
  return {
    get<T>(key: string, load: () => Promise<T>) {
      const hit = values.get(key);
      if (hit && now() - hit.at < maxAgeMs) return hit.value as Promise<T>;
      const entry = { value: load() as Promise<unknown>, at: now() };
      values.set(key, entry);
      entry.value.catch(() => values.get(key) === entry && values.delete(key));
      return entry.value as Promise<T>;
    },
    clear,
    async changed() {
      clear();
      try {
        await shared.publish(REFERENCE_CHANGED, String(Date.now()));
      } catch (err) {
        // the change is committed; other instances catch up at their next change or restart
        log.warn({ err }, 'could not publish reference:changed');
      }
    },
    listen: () => shared.subscribe(REFERENCE_CHANGED, clear),
  };
}
