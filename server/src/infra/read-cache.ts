import type { Db, Executor } from '../db/client.ts';
import { afterCommit, trackCommits } from '../db/after-commit.ts';
import type { SharedState } from './kv.ts';
import { noteTablesRead, recordingTables, remember } from './table-cache.ts';

/** Published after a committed change of a cached read ("name\nkey"); every instance drops that entry. */
export const READS_CHANGED = 'reads:changed';
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

/** `tables`: what the load selected from, told to any answer cached around a hit (infra/table-cache.ts). */
type Entry = { value: Promise<unknown>; at: number; tables: string[] };
type Reads = { shared: Set<SharedState>; entries: Map<string, Entry> };
const readsOf = new WeakMap<object, Reads>();

function drop(reads: Reads, message: string) {
  if (!message.endsWith('\n*')) return void reads.entries.delete(message);
  const prefix = message.slice(0, -1);
  for (const id of reads.entries.keys()) if (id.startsWith(prefix)) reads.entries.delete(id);
}

/**
 * Hot reads (an exhibition's settings, its feature keys) kept in process memory per database
 * (docs/performance.md "Per-request costs"). Called when an app is built; answers the unsubscribe.
 */
export async function attachReadCache(db: Db, shared: SharedState): Promise<() => Promise<void>> {
  trackCommits(db);
  let reads = readsOf.get(db);
  if (!reads) readsOf.set(db, (reads = { shared: new Set(), entries: new Map() }));
  reads.shared.add(shared);
  const r = reads;
  const unsubscribe = await shared.subscribe(READS_CHANGED, (message) => drop(r, message));
  return async () => {
    r.shared.delete(shared);
    await unsubscribe();
  };
}

/**
 * `load()`, remembered under name and key until a change of it is announced (`readChanged`) or a
 * minute passes (a lost notice). Only on the database itself: inside a transaction a read must
 * see that transaction's own writes, so it loads.
 */
export function cachedRead<T>(db: Executor, name: string, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const reads = readsOf.get(db);
  if (!reads) return load();
  const id = `${name}\n${key}`;
  let entry = reads.entries.get(id);
  if (!entry || now - entry.at >= MAX_AGE_MS) {
    const fresh: Entry = { value: Promise.resolve(), at: now, tables: [] };
    fresh.value = recordingTables(load).then(({ value, tables }) => {
      fresh.tables = tables;
      return value;
    });
    remember(reads.entries, id, fresh, MAX_ENTRIES);
    entry = fresh;
  }
  const found = entry;
  // An answer cached around this read depends on what this read's load selected from, hit or miss.
  return found.value.then((value) => {
    noteTablesRead(found.tables);
    return value as T;
  });
}

/** After the commit: drops the entry here and tells the other instances ('*' as key: every entry of `name`). */
export async function readChanged(db: Executor, name: string, key: string): Promise<void> {
  await afterCommit(db, async (root) => {
    const reads = readsOf.get(root);
    if (!reads) return;
    const message = `${name}\n${key}`;
    drop(reads, message);
    for (const shared of reads.shared) await shared.publish(READS_CHANGED, message);
  });
}
