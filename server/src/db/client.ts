import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { EmbeddedUnavailable, startEmbeddedPostgres } from './embedded.ts';
import * as schema from './schema.ts';
import { writeWatcher } from '../infra/table-cache.ts';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
/** A transaction handle; services take `Db | Tx` so they compose inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Without DATABASE_URL: PostgreSQL's own server on DATA_DIR (`embedded`, what `npm start` runs) or PGlite (tests, or on request). */
export type DbEngine = 'embedded' | 'pglite';

export interface Database {
  db: Db;
  /** The embedded PostgreSQL is `postgres`: only PGlite answers on the server's event loop. */
  kind: 'pglite' | 'postgres';
  /** Where the data is, for the start-up message. */
  where?: string;
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
 * `databaseUrl` selects PostgreSQL. Otherwise, with a `dataDir`, `engine` says which embedded database
 * holds it: `embedded` (PostgreSQL under `dataDir/postgres`, docs/performance.md) or `pglite` (the default
 * here, under `dataDir/pgdata`); without one, PGlite in memory (tests), starting from `snapshot`
 * (a PGlite data-directory dump) if given.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  engine?: DbEngine;
  embeddedPort?: number | undefined;
  snapshot?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { kind: 'postgres', close: async () => {}, where: 'PostgreSQL' });
  const dataDir = opts.dataDir;
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    if (dataDir && opts.engine === 'embedded') {
      // A PGlite database from before the embedded PostgreSQL stays in use until its owner moves on (README, DB_ENGINE).
      if (fs.existsSync(path.join(dataDir, 'pgdata')) && !fs.existsSync(path.join(dataDir, 'postgres')))
        console.warn(
          `${dataDir}/pgdata holds a PGlite database: using it. To move to the embedded PostgreSQL, start once with an empty DATA_DIR ` +
            `(its data is not carried over) or set DB_ENGINE=pglite to keep PGlite without this note.`,
        );
      else {
        const server = await startEmbeddedPostgres({ dataDir, port: opts.embeddedPort, log: (line) => console.log(line) }).catch((err: unknown) => {
          // `npm start` must work wherever the project is (a root's private home, a machine without the binaries): PGlite then.
          if (!(err instanceof EmbeddedUnavailable)) throw err;
          console.warn(`${err.message}\nUsing PGlite in ${path.join(dataDir, 'pgdata')} instead.`);
          return null;
        });
        if (server)
          try {
            return await openPostgres(server.url, {
              kind: 'postgres',
              where: `embedded PostgreSQL in ${server.clusterDir}`,
              close: async () => {
                await server.stop();
                unlock();
              },
            });
          } catch (err) {
            await server.stop();
            throw err;
          }
      }
    }
    const client = dataDir ? new PGlite(path.join(dataDir, 'pgdata')) : new PGlite(opts.snapshot ? { loadDataDir: opts.snapshot } : {});
    await client.waitReady;
    const writes = writeWatcher();
    const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: writes });
    writes.attach(db);
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      where: dataDir ? `PGlite in ${path.join(dataDir, 'pgdata')}` : 'PGlite in memory',
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

/** A pool on a PostgreSQL server, migrated; `then.close` runs after the pool has ended. */
async function openPostgres(url: string, then: Omit<Database, 'db'> & { close(): Promise<void> }): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client dropped by the server (restart, failover, a dropped database) must not crash the process;
  // the pool replaces it at the next checkout.
  pool.on('error', (err) => console.warn(`PostgreSQL dropped an idle connection: ${err.message}`));
  const writes = writeWatcher();
  const db = drizzlePg(pool, { schema, casing: 'snake_case', logger: writes }) as unknown as Db;
  writes.attach(db);
  try {
    await migratePg(db as never, { migrationsFolder });
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    ...then,
    db,
    close: async () => {
      await pool.end();
      await then.close();
    },
  };
}
