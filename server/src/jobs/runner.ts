import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@pavilion/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../db/client.ts';
import type { SharedState } from '../infra/kv.ts';
import type { Storage } from '../storage/storage.ts';
import { fill, type Lang } from '../http/i18n.ts';
import { errorText } from '../http/messages.ts';
import { backgroundJob, type JobFiles, type JobRow } from './tables.ts';

/** The pub/sub channel a new job is announced on, so an idle worker on any instance claims it at once. */
export const JOBS_CHANNEL = 'jobs';

/** A failure the job's owner should read (bad rows, a missing record): failed at once, never retried. */
export class JobError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    /** What the job still reports (counts, the error report file). */
    readonly outcome?: { result?: unknown; files?: JobFiles },
  ) {
    super(`JobError ${code}`);
  }
}

/** The job was cancelled, or its lease was lost to another worker: stop without touching the row. */
export class JobLost extends Error {
  constructor() {
    super('job lost');
  }
}

class WorkerStopping extends Error {
  constructor() {
    super('worker stopping');
  }
}

export type JobOutcome = { result?: unknown; files?: JobFiles };

export type JobContext = {
  job: JobRow;
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  lang: Lang;
  /** Aborted when the job is cancelled, its lease is lost or the worker stops. */
  signal: AbortSignal;
  /** Throws JobLost once `signal` is aborted; call it between chunks of work. */
  checkpoint(): void;
  /** Reports progress; never waits (written in the background, at most a few times a second). */
  progress(p: { processed: number; total: number; percent: number }): void;
  /**
   * Marks the job succeeded inside the caller's transaction, so the work and its completion
   * commit together: a job that crashes after its write is not run twice, a cancelled one rolls back.
   */
  finish(tx: Executor, outcome: JobOutcome): Promise<void>;
};

/** A handler returns its outcome, or nothing when it called `finish` itself. */
export type JobHandler = (ctx: JobContext) => Promise<JobOutcome | void>;

export type WorkerOptions = {
  db: Db;
  shared: SharedState;
  storage: Storage;
  log: FastifyBaseLogger;
  handlers: Record<string, JobHandler>;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** Fallback poll when a notification was missed (another instance without Redis, a lost message). */
  pollMs?: number;
  /** How long a claim holds without a heartbeat; renewed every third of it. */
  leaseMs?: number;
  /** On stop, how long running jobs may take to finish before they are handed back to the queue. */
  graceMs?: number;
  workerId?: string;
};

export type JobWorker = {
  id: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Look for work now (tests; the pub/sub listener calls it too). */
  kick(): void;
  /** Resolves once no job is running or claimable (tests). */
  idle(): Promise<void>;
  /** Queues running jobs whose lease expired; answers how many (run at start and on every poll). */
  requeueExpired(): Promise<number>;
};

/** Announces new work to every instance's worker. */
export const notifyJobs = (shared: SharedState) => shared.publish(JOBS_CHANNEL, 'new').catch(() => undefined);

export const jobMessage = (code: ErrorCode, params: Record<string, string | number>, lang: Lang) => fill(errorText[code][lang], params);

const lease = (ms: number) => sql`now() + cast(${Math.ceil(ms)} as integer) * interval '1 millisecond'`;

export function createJobWorker(opts: WorkerOptions): JobWorker {
  const { db, shared, storage, log, handlers } = opts;
  const id = opts.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const concurrency = opts.concurrency ?? 2;
  const pollMs = opts.pollMs ?? 5000;
  const leaseMs = opts.leaseMs ?? 60_000;
  const graceMs = opts.graceMs ?? 10_000;
  const active = new Map<string, { abort: AbortController; done: Promise<void> }>();
  let stopped = true;
  /** The claiming loop while it runs; a kick meanwhile asks it for one more round. */
  let pumping: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => Promise<void>) | null = null;

  const types = Object.keys(handlers);

  async function claim(): Promise<JobRow | null> {
    if (!types.length) return null;
    const [row] = await db
      .update(backgroundJob)
      .set({ state: 'running', lockedBy: id, lockedUntil: lease(leaseMs), attempts: sql`${backgroundJob.attempts} + 1`, startedAt: sql`coalesce(${backgroundJob.startedAt}, now())`, error: null, errorCode: null })
      .where(
        eq(
          backgroundJob.id,
          sql`(select id from background_job where state = 'queued' and run_after <= now() and type in ${types} order by run_after, created_at limit 1 for update skip locked)`,
        ),
      )
      .returning();
    return row ?? null;
  }

  async function requeueExpired(): Promise<number> {
    const rows = await db
      .update(backgroundJob)
      .set({
        state: sql`case when ${backgroundJob.attempts} >= ${backgroundJob.maxAttempts} then 'failed' else 'queued' end`,
        errorCode: sql`case when ${backgroundJob.attempts} >= ${backgroundJob.maxAttempts} then ${ErrorCode.Internal}::integer else null end`,
        finishedAt: sql`case when ${backgroundJob.attempts} >= ${backgroundJob.maxAttempts} then now() else null end`,
        lockedBy: null,
        lockedUntil: null,
      })
      .where(and(eq(backgroundJob.state, 'running'), sql`${backgroundJob.lockedUntil} < now()`))
      .returning({ id: backgroundJob.id, state: backgroundJob.state, lang: backgroundJob.lang });
    for (const r of rows.filter((r) => r.state === 'failed'))
      await db.update(backgroundJob).set({ error: jobMessage(ErrorCode.Internal, {}, r.lang as Lang) }).where(eq(backgroundJob.id, r.id));
    if (rows.length) log.warn({ jobs: rows.map((r) => r.id) }, 'jobs whose worker stopped answering were re-queued');
    return rows.length;
  }

  function run(job: JobRow) {
    const abort = new AbortController();
    const lang: Lang = job.lang === 'en' ? 'en' : 'zh-CN';
    const handler = handlers[job.type]!;
    const where = and(eq(backgroundJob.id, job.id), eq(backgroundJob.lockedBy, id), eq(backgroundJob.state, 'running'));

    // Progress is written by one background writer, so a handler inside a transaction never waits on it
    // (PGlite runs one statement at a time: an awaited write there would wait for the transaction itself).
    let pending: { processed: number; total: number; percent: number } | null = null;
    let writing = false;
    let lastWrite = 0;
    let flushTimer: NodeJS.Timeout | null = null;
    const flush = () => {
      flushTimer = null;
      if (writing || !pending || abort.signal.aborted) return;
      const p = pending;
      pending = null;
      writing = true;
      lastWrite = Date.now();
      db.update(backgroundJob)
        .set({ processed: p.processed, total: p.total, progress: Math.max(0, Math.min(99, Math.floor(p.percent))) })
        .where(where)
        .returning({ id: backgroundJob.id })
        .then((rows) => {
          if (!rows.length) abort.abort(new JobLost());
        })
        .catch((err) => log.warn({ err, job: job.id }, 'job progress not written'))
        .finally(() => {
          writing = false;
          if (pending && !flushTimer) flushTimer = setTimeout(flush, 250);
        });
    };
    let latest: { processed: number; total: number } | null = null;
    const progress: JobContext['progress'] = (p) => {
      pending = p;
      latest = p;
      if (!flushTimer && !writing) flushTimer = setTimeout(flush, Math.max(0, 250 - (Date.now() - lastWrite)));
    };

    let beating = false;
    const heartbeat = setInterval(() => {
      if (beating) return;
      beating = true;
      db.update(backgroundJob)
        .set({ lockedUntil: lease(leaseMs) })
        .where(where)
        .returning({ id: backgroundJob.id })
        .then((rows) => {
          if (!rows.length) abort.abort(new JobLost());
        })
        .catch((err) => log.warn({ err, job: job.id }, 'job heartbeat failed'))
        .finally(() => (beating = false));
    }, Math.max(50, Math.floor(leaseMs / 3)));

    const complete = async (tx: Executor, outcome: JobOutcome) => {
      const rows = await tx
        .update(backgroundJob)
        .set({
          state: 'succeeded',
          progress: 100,
          // The last step's counts, complete (they may not have been written while a transaction held PGlite).
          ...(latest ? { processed: latest.total || latest.processed, total: latest.total } : { processed: sql`greatest(${backgroundJob.processed}, ${backgroundJob.total})` }),
          result: (outcome.result ?? null) as never,
          files: sql`${backgroundJob.files} || ${JSON.stringify(outcome.files ?? {})}::jsonb`,
          finishedAt: new Date(),
          lockedBy: null,
          lockedUntil: null,
        })
        .where(where)
        .returning({ id: backgroundJob.id });
      if (!rows.length) throw new JobLost();
    };

    let finished = false;
    const ctx: JobContext = {
      job,
      db,
      storage,
      log,
      lang,
      signal: abort.signal,
      checkpoint() {
        if (abort.signal.aborted) throw new JobLost();
      },
      progress,
      async finish(tx, outcome) {
        await complete(tx, outcome);
        finished = true;
      },
    };

    const done = (async () => {
      try {
        const outcome = await handler(ctx);
        if (!finished) await complete(db, outcome ?? {});
      } catch (err) {
        if (abort.signal.reason instanceof WorkerStopping) {
          // The worker is stopping: hand the job back so another instance (or the next start) runs it.
          await db.update(backgroundJob).set({ state: 'queued', lockedBy: null, lockedUntil: null, attempts: sql`greatest(${backgroundJob.attempts} - 1, 0)` }).where(where);
        } else if (err instanceof JobLost || abort.signal.reason instanceof JobLost) {
          log.info({ job: job.id }, 'job stopped: cancelled, or taken over by another worker');
        } else if (err instanceof JobError) {
          await db
            .update(backgroundJob)
            .set({
              state: 'failed',
              error: jobMessage(err.code, err.params, lang),
              errorCode: err.code,
              result: (err.outcome?.result ?? null) as never,
              files: sql`${backgroundJob.files} || ${JSON.stringify(err.outcome?.files ?? {})}::jsonb`,
              finishedAt: new Date(),
              lockedBy: null,
              lockedUntil: null,
            })
            .where(where);
        } else {
          log.error({ err, job: job.id, type: job.type }, 'job failed');
          const last = job.attempts >= job.maxAttempts;
          await db
            .update(backgroundJob)
            .set(
              last
                ? { state: 'failed', error: jobMessage(ErrorCode.Internal, {}, lang), errorCode: ErrorCode.Internal, finishedAt: new Date(), lockedBy: null, lockedUntil: null }
                : { state: 'queued', lockedBy: null, lockedUntil: null, runAfter: sql`now() + cast(${job.attempts * 5} as integer) * interval '1 second'` },
            )
            .where(where);
        }
      } finally {
        clearInterval(heartbeat);
        if (flushTimer) clearTimeout(flushTimer);
        abort.abort(new JobLost());
        active.delete(job.id);
        kick();
      }
    })().catch((err) => log.error({ err, job: job.id }, 'job bookkeeping failed'));
    active.set(job.id, { abort, done });
  }

  async function pump() {
    try {
      do {
        again = false;
        while (!stopped && active.size < concurrency) {
          const job = await claim();
          if (!job) break;
          if (stopped) {
            await db.update(backgroundJob).set({ state: 'queued', lockedBy: null, lockedUntil: null, attempts: sql`greatest(${backgroundJob.attempts} - 1, 0)` }).where(eq(backgroundJob.id, job.id));
            break;
          }
          run(job);
        }
      } while (again && !stopped);
    } catch (err) {
      if (!stopped) log.error({ err }, 'job queue not read');
    }
  }

  function kick() {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pump().finally(() => (pumping = null));
  }

  return {
    id,
    kick,
    requeueExpired,
    async start() {
      if (!stopped) return;
      stopped = false;
      await requeueExpired();
      unsubscribe = await shared.subscribe(JOBS_CHANNEL, () => kick());
      timer = setInterval(() => {
        requeueExpired()
          .catch((err) => log.warn({ err }, 'expired jobs not re-queued'))
          .finally(kick);
      }, pollMs);
      timer.unref();
      kick();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearInterval(timer);
      await unsubscribe?.().catch(() => undefined);
      await pumping;
      const running = [...active.values()];
      const all = Promise.all(running.map((r) => r.done));
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, graceMs)));
      await Promise.race([all, grace]);
      clearTimeout(graceTimer);
      for (const r of active.values()) r.abort.abort(new WorkerStopping());
      await all;
    },
    async idle() {
      for (;;) {
        if (pumping) await pumping;
        else if (active.size) await Promise.all([...active.values()].map((r) => r.done));
        else {
          const [queued] = await db
            .select({ id: backgroundJob.id })
            .from(backgroundJob)
            .where(and(eq(backgroundJob.state, 'queued'), sql`${backgroundJob.runAfter} <= now()`, sql`${backgroundJob.type} in ${types}`))
            .limit(1);
          if (!queued || stopped) return;
          kick();
          // Another worker may hold the job: give it time rather than spin.
          if (!pumping && !active.size) await new Promise((r) => setTimeout(r, 10));
        }
      }
    },
  };
}
