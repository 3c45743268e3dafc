import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Executor } from './client.ts';

type Pending = { db: Db; after: ((db: Db) => Promise<void>)[]; done: boolean };
const pending = new AsyncLocalStorage<Pending>();
const TRACKED = Symbol('after-commit tracked');

/**
 * Makes `afterCommit` wait for the end of the outermost transaction on `db`: every
 * `db.transaction(...)` runs its work with a list of what to do once it ends, and does it before
 * answering, so the request that made a change has told the other instances before it replies.
 */
export function trackCommits(db: Db): void {
  const target = db as unknown as Record<symbol, boolean> & { transaction: Db['transaction'] };
  if (target[TRACKED]) return;
  target[TRACKED] = true;
  const transaction = db.transaction.bind(db);
  target.transaction = (async (work: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    // Each transaction on the database itself is its own unit, even when started inside another's work
    // (savepoints, `tx.transaction`, are not wrapped and belong to theirs).
    const store: Pending = { db, after: [], done: false };
    try {
      return await pending.run(store, () => transaction(work, config));
    } finally {
      store.done = true;
      // Also after a rollback: a needless notice costs a reload, a missed one a stale cache.
      for (const fn of store.after) await fn(db);
    }
  }) as Db['transaction'];
}

/**
 * Runs `fn` with the database once the data written so far is committed: at the end of the
 * enclosing transaction, or at once outside one (`exec` is the database itself and the write has
 * autocommitted).
 */
export async function afterCommit(exec: Executor, fn: (db: Db) => Promise<void>): Promise<void> {
  const store = pending.getStore();
  // A task started inside a transaction's work may outlive it and still see its (finished) store.
  if (store && !store.done) store.after.push(fn);
  else await fn(store?.done ? store.db : (exec as Db));
}

/** The outermost transaction running here (an object to key per-transaction state by), or undefined outside one. */
export function currentCommit(): object | undefined {
  const store = pending.getStore();
  return store && !store.done ? store : undefined;
}
