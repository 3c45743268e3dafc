import { afterAll, describe, expect, it } from 'vitest';
import { memoryState, redisState, type SharedState } from './kv.ts';
import { redisAnswers, redisUrl } from '../../test/redis.ts';

function behaves(name: string, make: () => Promise<SharedState>) {
  describe(name, () => {
    let state: SharedState;
    afterAll(() => state?.close());
    it('counts hits in a window and refuses past the limit', async () => {
      state = await make();
      const key = `test:${Math.random()}`;
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await state.hit(key, 3, 60));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results[3]!.retryAfter).toBeGreaterThan(0);
      expect(results[3]!.retryAfter).toBeLessThanOrEqual(60);
      await state.reset(key);
      expect((await state.hit(key, 3, 60)).allowed).toBe(true);
    });
    it('gives a stamped key a value it never had, which expires', async () => {
      const key = `stamp:${Math.random()}`;
      expect(await state.stamps([key])).toEqual([null]);
      await state.stamp(key, 60);
      const [first] = await state.stamps([key]);
      expect(first).toEqual(expect.any(String));
      await state.stamp(key, 60);
      const [second, other] = await state.stamps([key, `${key}:other`]);
      expect(second).not.toBe(first);
      expect(other).toBeNull();
    });
    it('delivers published messages to subscribers until they leave', async () => {
      const channel = `chan:${Math.random()}`;
      const got: string[] = [];
      const arrived = new Promise<void>((resolve) => {
        void state.subscribe(channel, (m) => {
          got.push(m);
          resolve();
        }).then(async (unsubscribe) => {
          await state.publish(channel, 'hello');
          await arrived;
          await unsubscribe();
        });
      });
      await arrived;
      expect(got).toEqual(['hello']);
    });
  });
}

behaves('memory state', async () => memoryState());
describe.runIf(redisAnswers)('with Redis', () => behaves('redis state', () => redisState(redisUrl, `pavilion-test-${process.pid}:`)));

it('two instances on one Redis share their counters', async () => {
  if (!redisAnswers) return;
  const prefix = `pavilion-test-share-${process.pid}:`;
  const a = await redisState(redisUrl, prefix);
  const b = await redisState(redisUrl, prefix);
  try {
    await a.hit('shared', 2, 60);
    await b.hit('shared', 2, 60);
    expect((await a.hit('shared', 2, 60)).allowed).toBe(false);
    await a.reset('shared');
  } finally {
    await a.close();
    await b.close();
  }
});

it('the memory window starts again after it ends', async () => {
  let now = 0;
  const state = memoryState(() => now);
  await state.hit('k', 1, 10);
  expect((await state.hit('k', 1, 10)).allowed).toBe(false);
  now = 10_001;
  expect((await state.hit('k', 1, 10)).allowed).toBe(true);
});
