import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { memoryState } from '../../infra/kv.ts';
import { createReferenceCache, REFERENCE_CHANGED } from './cache.ts';

const log = { warn() {} } as unknown as FastifyBaseLogger;

describe('reference cache', () => {
  it('loads once for concurrent callers, and again after a change or a notification', async () => {
    const shared = memoryState();
    const cache = createReferenceCache(shared, log);
    const off = await cache.listen();
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    await cache.changed();
    expect(await cache.get('k', load)).toBe(2);
    await shared.publish(REFERENCE_CHANGED, 'elsewhere');
    expect(await cache.get('k', load)).toBe(3);
    await off();
    await shared.publish(REFERENCE_CHANGED, 'elsewhere');
    expect(await cache.get('k', load)).toBe(3);
  });

  it('does not keep a failed load, and expires values after maxAge', async () => {
    let now = 0;
    const cache = createReferenceCache(memoryState(), log, 1000, () => now);
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
    expect(await cache.get('k', async () => 'newer')).toBe('ok');
    now = 1000;
    expect(await cache.get('k', async () => 'newer')).toBe('newer');
  });
});
