import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../db/columns.ts';
import { exhibition, host, userAccount } from '../core/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A file a job reads or wrote, by its storage key (never served publicly; downloaded through the job). */
export type JobFile = { key: string; name: string; contentType: string };
export type JobFiles = { input?: JobFile; output?: JobFile; report?: JobFile };

/**
 * Background jobs (server/src/jobs/runner.ts runs them). A worker claims a queued row with
 * `FOR UPDATE SKIP LOCKED`, holds it by a lease (`locked_by`, `locked_until`) it renews while it
 * works; a row whose lease ran out (its process died) is queued again, so a job survives a restart.
 */
export const backgroundJob = pgTable(
  'background_job',
  {
    id: idColumn(),
    type: text('type').notNull(),
    /** queued → running → succeeded | failed | cancelled (a running job may go back to queued when its lease expires). */
    state: text('state').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    params: jsonb('params').notNull().default({}),
    result: jsonb('result'),
    files: jsonb('files').$type<JobFiles>().notNull().default({}),
    error: text('error'),
    errorCode: integer('error_code'),
    /** The language of the caller who started it: messages and reports are written in it. */
    lang: text('lang').notNull().default('zh-CN'),
    hostId: uuid('host_id').references(() => host.id, { onDelete: 'cascade' }),
    exhibitionId: uuid('exhibition_id').references(() => exhibition.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => userAccount.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: at('run_after').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: at('locked_until'),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    ...timestamps,
  },
  (t) => [
    index('background_job_queue_idx').on(t.runAfter, t.createdAt).where(sql`${t.state} = 'queued'`),
    index('background_job_lease_idx').on(t.lockedUntil).where(sql`${t.state} = 'running'`),
    index('background_job_host_idx').on(t.hostId, t.createdAt),
    index('background_job_exhibition_idx').on(t.exhibitionId, t.createdAt),
  ],
);
export type JobRow = typeof backgroundJob.$inferSelect;
