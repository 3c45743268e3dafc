import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@pavilion/contract';
import Fastify from 'fastify';
import { createJobWorker, JobError, notifyJobs, type JobHandler, type JobWorker } from '../src/jobs/runner.ts';
import { backgroundJob } from '../src/jobs/tables.ts';
import { createTestContext, type TestContext } from './harness.ts';

/** The job runner on a real database: claim, lease, restart, progress, cancel, retry, wake-up. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const log = Fastify({ logger: false }).log;
const waitFor = async <T>(probe: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const jobRow = async (id: string) => (await ctx.db.select().from(backgroundJob).where(eq(backgroundJob.id, id)))[0]!;
const insertJob = async (type: string, extra: Partial<typeof backgroundJob.$inferInsert> = {}) =>
  (await ctx.db.insert(backgroundJob).values({ type, exhibitionId: ctx.demo.exhibitionId, ...extra }).returning())[0]!;
const worker = (handlers: Record<string, JobHandler>, extra: Partial<Parameters<typeof createJobWorker>[0]> = {}) =>
  createJobWorker({ db: ctx.db, shared: ctx.shared, storage: null as never, log, handlers, pollMs: 60_000, leaseMs: 600, graceMs: 200, ...extra });

describe('job runner', () => {
  it('re-queues a running job whose lease expired (its process died) and completes it: a job survives a restart', async () => {
    const job = await insertJob('test.echo', { state: 'running', lockedBy: 'dead-host:1', lockedUntil: new Date(Date.now() - 1000), attempts: 1, params: { say: 'hi' } });
    const w = worker({ 'test.echo': async (c) => ({ result: { echo: (c.job.params as { say: string }).say } }) });
    await w.start();
    await w.idle();
    await w.stop();
    expect(await jobRow(job.id)).toMatchObject({ state: 'succeeded', progress: 100, result: { echo: 'hi' }, attempts: 2, lockedBy: null });
  });

  it('writes progress while a job runs, without the handler waiting for it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const w = worker({
      'test.progress': async (c) => {
        c.progress({ processed: 30, total: 120, percent: 25 });
        await gate;
        return { result: { done: true } };
      },
    });
    const job = await insertJob('test.progress');
    await w.start();
    const mid = await waitFor(async () => {
      const r = await jobRow(job.id);
      return r.progress === 25 && r;
    });
    expect(mid).toMatchObject({ state: 'running', processed: 30, total: 120 });
    release();
    await w.idle();
    await w.stop();
    expect(await jobRow(job.id)).toMatchObject({ state: 'succeeded', progress: 100 });
  });

  it('stops a running job that is cancelled, and leaves it cancelled', async () => {
    let seenAbort = false;
    const w = worker({
      'test.loop': async (c) => {
        for (;;) {
          c.checkpoint();
          c.progress({ processed: 1, total: 2, percent: 50 });
          await new Promise((r) => setTimeout(r, 20));
          seenAbort = c.signal.aborted;
        }
      },
    });
    const job = await insertJob('test.loop');
    await w.start();
    await waitFor(async () => (await jobRow(job.id)).state === 'running');
    await ctx.db.update(backgroundJob).set({ state: 'cancelled' }).where(eq(backgroundJob.id, job.id));
    await w.idle();
    await w.stop();
    expect(seenAbort).toBe(true);
    expect((await jobRow(job.id)).state).toBe('cancelled');
  });

  it('retries an unexpected failure, and fails a JobError at once with its message in the job language', async () => {
    let calls = 0;
    const w = worker({
      'test.flaky': async () => {
        calls += 1;
        if (calls === 1) throw new Error('database hiccup');
        return { result: { calls } };
      },
      'test.bad': async () => {
        throw new JobError(ErrorCode.SpreadsheetEmpty, {}, { result: { rows: 0 } });
      },
    });
    const flaky = await insertJob('test.flaky');
    const bad = await insertJob('test.bad', { lang: 'en' });
    await w.start();
    await waitFor(async () => (await jobRow(bad.id)).state === 'failed');
    // The retry waits attempts × 5 s; bring it forward instead of sleeping.
    await waitFor(async () => (await jobRow(flaky.id)).state === 'queued');
    await ctx.db.update(backgroundJob).set({ runAfter: new Date(0) }).where(eq(backgroundJob.id, flaky.id));
    w.kick();
    await w.idle();
    await w.stop();
    expect(await jobRow(flaky.id)).toMatchObject({ state: 'succeeded', attempts: 2, result: { calls: 2 } });
    expect(await jobRow(bad.id)).toMatchObject({ state: 'failed', errorCode: ErrorCode.SpreadsheetEmpty, error: 'The spreadsheet has no data rows', result: { rows: 0 }, attempts: 1 });
  });

  it('wakes an idle worker of another instance through the shared notification, not by polling', async () => {
    const a = worker({ 'test.wake': async () => ({ result: { by: 'a' } }) }, { pollMs: 600_000 });
    await a.start();
    await a.idle();
    const job = await insertJob('test.wake');
    await notifyJobs(ctx.shared);
    const done = await waitFor(async () => {
      const r = await jobRow(job.id);
      return r.state === 'succeeded' && r;
    }, 3000);
    await a.stop();
    expect(done.result).toEqual({ by: 'a' });
  });

  it('hands a running job back to the queue when the worker stops, and another worker finishes it', async () => {
    let started = false;
    const slow: JobHandler = async (c) => {
      started = true;
      while (!c.signal.aborted) await new Promise((r) => setTimeout(r, 20));
      c.checkpoint();
    };
    const first = worker({ 'test.slow': slow });
    const job = await insertJob('test.slow');
    await first.start();
    await waitFor(async () => started);
    await first.stop();
    expect(await jobRow(job.id)).toMatchObject({ state: 'queued', lockedBy: null, attempts: 0 });
    const second = worker({ 'test.slow': async () => ({ result: { second: true } }) });
    await second.start();
    await second.idle();
    await second.stop();
    expect(await jobRow(job.id)).toMatchObject({ state: 'succeeded', result: { second: true } });
  });

  it('never lets two workers run the same job (FOR UPDATE SKIP LOCKED claims)', async () => {
    const runs = new Map<string, number>();
    const count: JobHandler = async (c) => {
      runs.set(c.job.id, (runs.get(c.job.id) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 5));
    };
    const jobs = await Promise.all(Array.from({ length: 12 }, () => insertJob('test.count')));
    const ws: JobWorker[] = [worker({ 'test.count': count }), worker({ 'test.count': count })];
    await Promise.all(ws.map((w) => w.start()));
    await Promise.all(ws.map((w) => w.idle()));
    await Promise.all(ws.map((w) => w.stop()));
    expect(jobs.map((j) => runs.get(j.id))).toEqual(jobs.map(() => 1));
  });
});
