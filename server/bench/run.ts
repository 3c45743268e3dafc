import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { memoryState } from '../src/infra/kv.ts';
import { ensureClients } from '../src/seed/clients.ts';
import { seedDemo } from '../src/seed/demo.ts';

/**
 * `npm run bench`: each case's req/s and p99 against the hello route, measured in the same run on
 * the same machine, so the ratios mean something on a shared box where absolute numbers do not.
 */
type Case = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown; auth?: boolean };
const CASES: Case[] = [
  { name: 'hello (GET /api/health)', method: 'GET', path: '/api/health' },
  { name: 'who am I (GET /api/v1/account/me)', method: 'GET', path: '/api/v1/account/me', auth: true },
  { name: 'exhibition query (POST /api/v1/exhibition/query)', method: 'POST', path: '/api/v1/exhibition/query', body: { pageIndex: 1, pageSize: 20 }, auth: true },
];
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function pgAnswers(url: string) {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const s = net.connect({ host: hostname, port: Number(port || 5432) });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

async function measure(kind: string, database: Database) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'pav-bench-')), RATE_LIMIT_LOGIN_PER_IP: '100000' });
  await ensureClients(database.db, config);
  await seedDemo(database.db);
  const app = await buildApp({ config, database, shared: memoryState(), logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/v1/account/login/host`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'host', password: 'pavilion' }) });
  const token = ((await login.json()) as { data: { tokenInfo: { access_token: string } } }).data.tokenInfo.access_token;
  const rows: { name: string; rps: number; p99: number; errors: number }[] = [];
  for (const c of CASES) {
    const result = await autocannon({
      url: `${address}${c.path}`,
      method: c.method,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { 'content-type': 'application/json', ...(c.auth ? { authorization: `Bearer ${token}` } : {}) },
      ...(c.body ? { body: JSON.stringify(c.body) } : {}),
    });
    rows.push({ name: c.name, rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors });
    console.log(`${kind} ${c.name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
  }
  await app.close();
  return rows;
}

const sections: string[] = [];
const pglite = await openDatabase({ dataDir: null });
const pgliteRows = await measure('pglite', pglite);
await pglite.close();
sections.push(table('PGlite (embedded, in memory)', pgliteRows));

const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (await pgAnswers(pgUrl)) {
  const name = `pavilion_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  try {
    sections.push(table('PostgreSQL (127.0.0.1)', await measure('postgres', database)));
  } finally {
    await database.close();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
} else sections.push(`PostgreSQL did not answer at ${pgUrl}: not measured.\n`);

function table(title: string, rows: { name: string; rps: number; p99: number; errors: number }[]) {
  const hello = rows[0]!;
  const lines = rows.map(
    (r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p99} | ${(r.rps / hello.rps).toFixed(2)} | ${(r.p99 / Math.max(hello.p99, 1)).toFixed(2)} | ${r.errors} |`,
  );
  return `### ${title}\n\n| case | req/s | p99 ms | req/s ÷ hello | p99 ÷ hello | non-2xx |\n|---|---|---|---|---|---|\n${lines.join('\n')}\n`;
}

const out = `# Benchmark results

Run by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, Node ${process.version},
${CONNECTIONS} connections, ${DURATION} s per case, one process serving (autocannon in the same process).
Absolute numbers vary on this shared machine; read the ratios to the hello route, taken in the same run.

${sections.join('\n')}`;
fs.writeFileSync(path.join(import.meta.dirname, '../../bench/results.md'), out);
console.log('\nWritten to bench/results.md');
process.exit(0);
