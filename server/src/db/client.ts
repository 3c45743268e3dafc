import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { writeWatcher } from '../infra/table-cache.ts';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
/** A transaction handle; services take `Db | Tx` so they compose inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tar, which `snapshot` opens again. */
  dump?: () => Promise<Blob>;
}

const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');

export class DataDirLockedError extends Error {}

/** One process per PGlite data directory: a second one would corrupt it. */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'pavilion.lock');
  const take = () => fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  try {
    take();
  } catch {
    const pid = Number(fs.readFileSync(lockFile, 'utf8'));
    let alive = false;
    try {
      if (pid && pid !== process.pid) process.kill(pid, 0);
      alive = pid !== process.pid && Boolean(pid);
    } catch {
      alive = false;
    }
    if (alive)
      throw new DataDirLockedError(
        `The data directory ${dir} is in use by process ${pid}. Stop it, or set DATA_DIR to another directory.`,
      );
    fs.rmSync(lockFile, { force: true });
    take();
  }
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.rmSync(lockFile);
    } catch {
      /* already gone */
    }
  };
}

/**
 * `databaseUrl` selects PostgreSQL; otherwise PGlite, on disk under `dataDir/pgdata`, or in
 * memory when `dataDir` is null (tests), starting from `snapshot` (a PGlite data-directory dump) if given.
 */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string | null; snapshot?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, failover, a dropped database) must not crash the process;
    // the pool replaces it at the next checkout.
    pool.on('error', (err) => console.warn(`PostgreSQL dropped an idle connection: ${err.message}`));
    const writes = writeWatcher();
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger: writes }) as unknown as Db;
    writes.attach(db);
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  try {
    const client = opts.dataDir ? new PGlite(path.join(opts.dataDir, 'pgdata')) : new PGlite(opts.snapshot ? { loadDataDir: opts.snapshot } : {});
    await client.waitReady;
    const writes = writeWatcher();
    const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: writes });
    writes.attach(db);
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      dump: () => client.dumpDataDir('none'),
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
