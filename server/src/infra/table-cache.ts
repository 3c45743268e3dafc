import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { afterCommit, currentCommit, trackCommits } from '../db/after-commit.ts';
import type { SharedState } from './kv.ts';

/**
 * Reads cached until a table they read is written (docs/performance.md "Per-request costs"). Both sides are seen in
 * one place, the SQL every query sends (drizzle's logger), not declared at call sites: the tables a cached read
 * selected from are recorded while it runs, and a write through any service, import, job or test marks the tables
 * it writes, so no list can miss one. Entries also expire after `MAX_AGE_MS`.
 */
export const TABLES_CHANGED = 'tables:changed';
const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 5_000;
/** A write outside a transaction is seen before it runs: the tables are marked again once it has surely ended. */
const SETTLE_MS = 1_000;

// "select … for update" and "on conflict do update" name no table of their own.
const WRITE = /(?:^|[\s(;])(?:insert\s+into|delete\s+from|truncate(?:\s+table)?|(?<!\b(?:for|do)\s+)update)\s+"?([a-z_][a-z0-9_]*)"?/gi;

const READ = /\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi;
/** The tables the cached read running here has selected from so far. */
const reading = new AsyncLocalStorage<Set<string>>();

/** Adds `tables` to what the cached read running here depends on (a cache inside it that answered without a query). */
export function noteTablesRead(tables: Iterable<string>) {
  const read = reading.getStore();
  if (read) for (const table of tables) read.add(table);
}

/** Runs `load`, recording the tables it selects from, for a cache of its own (infra/read-cache.ts). */
export async function recordingTables<T>(load: () => Promise<T>): Promise<{ value: T; tables: string[] }> {
  const read = new Set<string>();
  const value = await reading.run(read, load);
  return { value, tables: [...read] };
}

/** The tables a statement writes (insert, update, delete, truncate), by name. */
export function tablesWritten(sql: string): string[] {
  if (!/insert|update|delete|truncate/i.test(sql)) return [];
  const found = new Set<string>();
  for (const match of sql.matchAll(WRITE)) found.add(match[1]!.toLowerCase());
  return [...found];
}

/** `tables`: what the read selected from, known once it has finished; `clock`: the write clock when it started. */
type Entry = { value: Promise<unknown>; tables: string[] | null; clock: number; at: number; bytes?: number };
type State = { changedAt: Map<string, number>; clock: number; entries: Map<string, Entry>; bytes: ByteBudget; shared: Set<SharedState> };
const stateOf = new WeakMap<object, State>();
const pendingOf = new WeakMap<object, Set<string>>();

function state(db: object): State {
  let s = stateOf.get(db);
  if (!s) stateOf.set(db, (s = { changedAt: new Map(), clock: 0, entries: new Map(), bytes: { used: 0, max: MAX_BYTES }, shared: new Set() }));
  return s;
}

function mark(s: State, tables: Iterable<string>) {
  s.clock += 1;
  for (const table of tables) s.changedAt.set(table, s.clock);
}

async function announce(db: Db, tables: string[]) {
  const s = state(db);
  mark(s, tables);
  for (const shared of s.shared) await shared.publish(TABLES_CHANGED, tables.join(','));
}

function written(db: Db, tables: string[]) {
  const commit = currentCommit();
  if (!commit) {
    mark(state(db), tables);
    setTimeout(() => void announce(db, tables).catch(() => undefined), SETTLE_MS).unref();
    return;
  }
  // Once per transaction and table, after it ends.
  let seen = pendingOf.get(commit);
  if (!seen) {
    const tablesOfCommit = new Set<string>();
    pendingOf.set(commit, (seen = tablesOfCommit));
    void afterCommit(db, (root) => announce(root, [...tablesOfCommit]));
  }
  for (const table of tables) seen.add(table);
}

/** The logger a database is opened with: it reports each statement's written tables to the cache of `db`. */
export function writeWatcher(): Logger & { attach(db: Db): void } {
  let target: Db | null = null;
  return {
    attach(db) {
      target = db;
    },
    logQuery(query) {
      const read = reading.getStore();
      if (read) for (const match of query.matchAll(READ)) read.add(match[1]!.toLowerCase());
      if (!target) return;
      const tables = tablesWritten(query);
      if (tables.length) written(target, tables);
    },
  };
}

/** Called when an app is built: other instances' writes (announced on SharedState) invalidate here too. Answers the unsubscribe. */
export async function attachTableCache(db: Db, shared: SharedState): Promise<() => Promise<void>> {
  trackCommits(db);
  const s = state(db);
  s.shared.add(shared);
  const unsubscribe = await shared.subscribe(TABLES_CHANGED, (message) => mark(s, message.split(',')));
  return async () => {
    s.shared.delete(shared);
    await unsubscribe();
  };
}

// A read still running is shared only while nothing at all was written since it started (its tables are not known yet).
/**
 * Keeps `entry` under `key` as the newest of at most `max` (the oldest goes first), and forgets it if its value fails:
 * the insertion both in-memory read caches share (this one and infra/read-cache.ts).
 */
/** Bytes of answers a cache may hold (`used` counts them); an answer that is not text counts as `OBJECT_BYTES`. */
export type ByteBudget = { used: number; max: number };
const OBJECT_BYTES = 1_024;
const MAX_BYTES = 32 * 1024 * 1024;

/** Keeps `entry` under `key`: the newest kept, the oldest out past `max` entries (or the budget's bytes), a failed load forgotten. */
export function remember<E extends { value: Promise<unknown>; bytes?: number }>(entries: Map<string, E>, key: string, entry: E, max: number, budget?: ByteBudget) {
  const drop = (k: string) => {
    if (budget) budget.used -= entries.get(k)?.bytes ?? 0;
    entries.delete(k);
  };
  drop(key);
  entries.set(key, entry);
  if (entries.size > max) drop(entries.keys().next().value!);
  entry.value.then(
    (value) => {
      if (!budget || entries.get(key) !== entry) return;
      entry.bytes = typeof value === 'string' ? value.length : OBJECT_BYTES;
      budget.used += entry.bytes;
      while (budget.used > budget.max && entries.size > 1) drop(entries.keys().next().value!);
    },
    () => entries.get(key) === entry && drop(key),
  );
}

const fresh = (s: State, entry: Entry, now: number) =>
  now - entry.at < MAX_AGE_MS && (entry.tables === null ? s.clock === entry.clock : entry.tables.every((t) => (s.changedAt.get(t) ?? 0) <= entry.clock));

/**
 * `load()`, remembered under `key` until a table it selected from is written (here or on another instance) or
 * `MAX_AGE_MS` pass; callers that arrive while it loads share it. Only on the database itself, and only once
 * `attachTableCache` ran for it.
 */
export function cachedByTables<T>(db: Executor, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const s = stateOf.get(db);
  if (!s || s.shared.size === 0) return load();
  const hit = s.entries.get(key);
  const found = hit && fresh(s, hit, now) ? hit : start(s, key, load, now);
  // A cached read around this one depends on what this one selected from, hit or miss (its own load recorded them
  // apart), as with infra/read-cache.ts: the tables are known once the value is.
  return found.value.then((value) => {
    noteTablesRead(found.tables ?? []);
    return value as T;
  });
}

function start(s: State, key: string, load: () => Promise<unknown>, now: number): Entry {
  const read = new Set<string>();
  // The clock is read before the read: a write that lands during it leaves the entry already stale.
  const entry: Entry = { value: reading.run(read, load), tables: null, clock: s.clock, at: now };
  remember(s.entries, key, entry, MAX_ENTRIES, s.bytes);
  entry.value.then(
    () => {
      entry.tables = [...read];
    },
    () => undefined,
  );
  return entry;
}
