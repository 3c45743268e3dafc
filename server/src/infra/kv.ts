import { Redis } from 'ioredis';

export type HitResult = { allowed: boolean; count: number; retryAfter: number };

/**
 * What must be shared between server instances: counters for rate limits and a pub/sub bus.
 * Redis when REDIS_URL is set, process memory otherwise (a single instance).
 */
export interface SharedState {
  kind: 'redis' | 'memory';
  /** Counts one hit on `key` in a fixed window; allowed while the count stays within `limit`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<HitResult>;
  /** The count of `key` in its current window, without counting a hit. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /**
   * Marks `key` changed: it gets a value it never had before, kept for `ttlSeconds`. Whoever
   * remembered the old value (`stamps`) sees at its next read that something changed.
   */
  stamp(key: string, ttlSeconds: number): Promise<void>;
  /** The current values of `keys` (null where never stamped or expired), in one round trip. */
  stamps(keys: string[]): Promise<(string | null)[]>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function memoryState(now = () => Date.now()): SharedState {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const listeners = new Map<string, Set<(m: string) => void>>();
  const marks = new Map<string, { value: string; expiresAt: number }>();
  return {
    kind: 'memory',
    async hit(key, limit, windowSeconds) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      if (windows.size > 100_000) for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
      return { allowed: w.count <= limit, count: w.count, retryAfter: Math.ceil((w.resetAt - t) / 1000) };
    },
    async peek(key) {
      const w = windows.get(key);
      return w && w.resetAt > now() ? w.count : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async stamp(key, ttlSeconds) {
      const t = now();
      marks.set(key, { value: crypto.randomUUID(), expiresAt: t + ttlSeconds * 1000 });
      if (marks.size > 100_000) for (const [k, v] of marks) if (v.expiresAt <= t) marks.delete(k);
    },
    async stamps(keys) {
      const t = now();
      return keys.map((k) => {
        const m = marks.get(k);
        return m && m.expiresAt > t ? m.value : null;
      });
    },
    async publish(channel, message) {
      for (const l of listeners.get(channel) ?? []) l(message);
    },
    async subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return async () => void set.delete(listener);
    },
    async close() {
      windows.clear();
      listeners.clear();
      marks.clear();
    },
  };
}

export async function redisState(url: string, prefix = 'pavilion:'): Promise<SharedState> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await client.connect();
  const subscribers: Redis[] = [];
  return {
    kind: 'redis',
    async hit(key, limit, windowSeconds) {
      const k = `${prefix}rl:${key}`;
      const [[, count], [, ttl]] = (await client.multi().incr(k).ttl(k).exec()) as [[null, number], [null, number]];
      let retryAfter = ttl;
      if (ttl < 0) {
        await client.expire(k, windowSeconds);
        retryAfter = windowSeconds;
      }
      return { allowed: count <= limit, count, retryAfter };
    },
    async peek(key) {
      return Number((await client.get(`${prefix}rl:${key}`)) ?? 0);
    },
    async reset(key) {
      await client.del(`${prefix}rl:${key}`);
    },
    async stamp(key, ttlSeconds) {
      await client.set(`${prefix}st:${key}`, crypto.randomUUID(), 'EX', ttlSeconds);
    },
    async stamps(keys) {
      return client.mget(keys.map((k) => `${prefix}st:${k}`));
    },
    async publish(channel, message) {
      await client.publish(`${prefix}${channel}`, message);
    },
    async subscribe(channel, listener) {
      const sub = client.duplicate();
      subscribers.push(sub);
      const full = `${prefix}${channel}`;
      sub.on('message', (c: string, m: string) => c === full && listener(m));
      await sub.subscribe(full);
      return async () => {
        subscribers.splice(subscribers.indexOf(sub), 1);
        sub.disconnect();
      };
    },
    async close() {
      for (const s of subscribers.splice(0)) s.disconnect();
      await client.quit();
    },
  };
}
