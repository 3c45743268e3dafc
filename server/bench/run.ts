import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import ExcelJS from 'exceljs';
import { buildServer, distDir, serverEnv, serverNodeFlags } from '../scripts/build.mjs';
import { DEMO_EXHIBITION_ID } from '../src/seed/ids.ts';
import {
  EXHIBITIONS,
  EXPORT_EXHIBITION_ID,
  EXPORT_ROWS,
  IMPORT_EXHIBITION_ID,
  IMPORT_ROWS,
  LARGE,
  LARGE_EXHIBITION_ID,
  PER_EXHIBITION,
  PRODUCTS_PER_EXHIBITOR,
  prepare,
} from './dataset.ts';

/**
 * `npm run bench`: each case's req/s and p99 against the hello route, measured in the same run on
 * the same machine, so the ratios mean something on a shared box where absolute numbers do not.
 * The server runs in its own process (bench/serve.ts, src/main.ts without the web app) on a
 * dataset built before it starts; the load generator (autocannon) runs here.
 */
/** `items`: how many items a correct answer holds (20 unless said). */
type Case = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown; auth?: boolean; items?: number };
type Row = { name: string; rps: number; p99: number; errors: number };
type TimedRow = { name: string; rows: number; seconds: number; peakRssMb?: number; baseRssMb?: number };

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
/** Seconds of unmeasured load before each case (BENCH_WARMUP). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * Only the cases and timed jobs whose name holds this or one of its `|`-separated parts (and hello, always), for a
 * quick look at one list or one job (`export`: hello and the export); `jobs`: hello and both jobs.
 */
const ONLY = process.env.BENCH_ONLY;
/** `embedded` (what `npm start` runs: PostgreSQL's own server on DATA_DIR), `pglite`, `postgres` (the one at BENCH_DATABASE_URL), comma-separated; all three when unset. */
const DATABASES = (process.env.BENCH_DB ?? 'embedded,pglite,postgres').split(',');

const GRAPHQL_LIST = `query($exhibitionId: ID) { exhibitors(exhibitionId: $exhibitionId, pageSize: 20) { totalCount items {
  id compId exhibitionId banner boothArea boothInfo topic category viewCount likeCount
  company { id logo name region address } categories { id name nameEn } } } }`;
const GRAPHQL_PREVIEW = `query($exhibitionId: ID) { exhibitors(exhibitionId: $exhibitionId, pageSize: 20) { totalCount items {
  id compId banner boothInfo proCount company { id logo name } products { id exhibitorId banner view3DUrl } } } }`;
const exhibitorPageCase = (exhibitionId: string, size: string): Case => ({
  name: `exhibitor page of 20 with company and categories, ${size} (POST /api/v1/exhibitor/query)`,
  method: 'POST',
  path: '/api/v1/exhibitor/query',
  body: { exhibitionId, pageIndex: 1, pageSize: 20 },
  auth: true,
});
const CASES: Case[] = [
  { name: 'hello (GET /api/health)', method: 'GET', path: '/api/health' },
  { name: 'who am I (GET /api/v1/account/me)', method: 'GET', path: '/api/v1/account/me', auth: true },
  { name: 'exhibition by id (GET /api/v1/exhibition?id)', method: 'GET', path: `/api/v1/exhibition?id=${DEMO_EXHIBITION_ID}`, auth: true },
  { name: 'exhibition query (POST /api/v1/exhibition/query)', method: 'POST', path: '/api/v1/exhibition/query', body: { pageIndex: 1, pageSize: 20 }, auth: true },
  exhibitorPageCase(DEMO_EXHIBITION_ID, `exhibition of ${PER_EXHIBITION.toLocaleString('en')}`),
  exhibitorPageCase(LARGE_EXHIBITION_ID, `exhibition of ${LARGE.toLocaleString('en')}`),
  { name: 'GraphQL exhibitor list, 20 with company and categories (POST /graphql)', method: 'POST', path: '/graphql', body: { query: GRAPHQL_LIST, variables: { exhibitionId: DEMO_EXHIBITION_ID } }, auth: true },
  {
    name: `GraphQL exhibitor list, 20, exhibition of ${LARGE.toLocaleString('en')} (POST /graphql)`,
    method: 'POST',
    path: '/graphql',
    body: { query: GRAPHQL_LIST, variables: { exhibitionId: LARGE_EXHIBITION_ID } },
    auth: true,
  },
  {
    name: 'product page, 10 with pictures (POST /api/v3/productv3/page)',
    method: 'POST',
    path: '/api/v3/productv3/page',
    body: { exhibitionId: DEMO_EXHIBITION_ID, pageIndex: 1, pageSize: 10 },
    auth: true,
    items: 10,
  },
  { name: 'host enquiry list, 2 rows of the demo exhibition (POST /api/v3/enquiry/page)', method: 'POST', path: '/api/v3/enquiry/page', body: { exhibitionId: DEMO_EXHIBITION_ID, pageIndex: 1, pageSize: 20 }, auth: true, items: 2 },
  { name: 'GraphQL exhibitor preview, 20 with 10 products each (POST /graphql)', method: 'POST', path: '/graphql', body: { query: GRAPHQL_PREVIEW, variables: { exhibitionId: DEMO_EXHIBITION_ID } }, auth: true },
];
/** The visitor site's public reads (anonymous, docs/visitor-site.md), on an exhibitor and a product of the demo exhibition. */
const publicCases = (exhibitorId: string, productId: string): Case[] => [
  { name: 'public exhibition home (GET /api/v1/expo/{id})', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}` },
  { name: 'public exhibitor directory, 20 (GET /api/v1/expo/{id}/exhibitors)', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}/exhibitors?size=20` },
  { name: 'public exhibitor directory, pinyin search (GET …/exhibitors?keyword=jzgs)', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}/exhibitors?size=20&keyword=jzgs` },
  { name: 'public booth page (GET /api/v1/expo/{id}/exhibitors/{exhibitorId})', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}/exhibitors/${exhibitorId}` },
  { name: 'public product page (GET /api/v1/expo/{id}/products/{productId})', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}/products/${productId}` },
  { name: 'public activity programme, 20 (GET /api/v1/expo/{id}/activities)', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}/activities?pageSize=20` },
  { name: 'public live hall, 20 (GET /api/v1/expo/{id}/live)', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}/live?pageSize=20` },
  { name: 'public supply-and-demand board, 20 (GET /api/v1/expo/{id}/supply-demand)', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}/supply-demand?pageSize=20` },
  { name: 'public booth reviews, 10 (GET …/exhibitors/{exhibitorId}/reviews)', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}/exhibitors/${exhibitorId}/reviews?pageSize=10` },
];

async function pgAnswers(url: string) {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const s = net.connect({ host: hostname, port: Number(port || 5432) });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** Starts bench/serve.ts, built as `npm start` builds the server (plain JavaScript), in its own process; answers its address once it listens. */
async function startServer(env: Record<string, string>) {
  await buildServer(['bench-serve']);
  const child = fork(path.join(distDir, 'bench-serve.mjs'), [], {
    cwd: path.join(import.meta.dirname, '..'),
    execArgv: serverNodeFlags(),
    env: serverEnv({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', RATE_LIMIT_LOGIN_PER_IP: '100000', ...env }),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { address: string }).address));
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it listened`)));
  });
  return { child, address };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The server's resident memory now and at its peak (kB in /proc), in MB; clear_refs 5 resets the peak. */
const rssMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
};

async function measure(kind: string, env: Record<string, string>, sample: { exhibitorId: string; productId: string } | null) {
  const { child, address } = await startServer(env);
  try {
    const login = await fetch(`${address}/api/v1/account/login/host`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'host', password: 'pavilion' }) });
    const token = ((await login.json()) as { data: { tokenInfo: { access_token: string } } }).data.tokenInfo.access_token;
    const rows: Row[] = [];
    const cases = [...CASES, ...(sample ? publicCases(sample.exhibitorId, sample.productId) : [])].filter((c, i) => i === 0 || !ONLY || ONLY.split('|').some((part) => c.name.includes(part)));
    for (const c of cases) {
      // One call first: a case that answers an error (a GraphQL error rides on a 200) is reported, not timed.
      const headers = { 'content-type': 'application/json', ...(c.auth ? { authorization: `Bearer ${token}` } : {}) };
      const probe = await fetch(`${address}${c.path}`, { method: c.method, headers, ...(c.body ? { body: JSON.stringify(c.body) } : {}) });
      const answer = (await probe.json()) as { errors?: unknown; data?: { items?: unknown[]; exhibitors?: { items: unknown[] } } };
      const items = answer.data?.items ?? answer.data?.exhibitors?.items;
      if (!probe.ok || answer.errors || (c.path !== '/api/health' && items && items.length !== (c.items ?? 20) && c.body)) {
        console.log(`${kind} ${c.name}: not measured, answered ${probe.status} ${JSON.stringify(answer).slice(0, 300)}`);
        rows.push({ name: `${c.name} — not measured: answered ${probe.status}`, rps: 0, p99: 0, errors: 1 });
        continue;
      }
      const load = { url: `${address}${c.path}`, method: c.method, connections: CONNECTIONS, headers, ...(c.body ? { body: JSON.stringify(c.body) } : {}) };
      // A second of the same load first, not counted: the route's code is compiled and its caches filled, as on a server that has been up.
      await autocannon({ ...load, duration: WARMUP });
      const result = await autocannon({ ...load, duration: DURATION });
      rows.push({ name: c.name, rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors });
      console.log(`${kind} ${c.name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
    }
    const jobs = [{ name: 'exhibitor import', run: () => timeImport(address, token) }, { name: 'exhibitor export', run: () => timeExport(address, token, child.pid!) }];
    const timed: TimedRow[] = [];
    for (const job of jobs) if (!ONLY || ONLY === 'jobs' || ONLY.split('|').some((part) => job.name.includes(part))) timed.push(await job.run());
    return { rows, timed };
  } finally {
    await stopServer(child);
  }
}

/** Runs a job to its end; answers its seconds from start to `succeeded` (the bar the host watches). */
async function runJob(name: string, address: string, token: string, start: () => Promise<Response>) {
  const t0 = Date.now();
  const started = (await (await start()).json()) as { data?: { id: string } };
  if (!started.data) throw new Error(JSON.stringify(started).slice(0, 300));
  for (let failures = 0; ; ) {
    // PGlite answers on the server's event loop: a long query of the job can keep a poll waiting past
    // fetch's connect timeout. A few failed polls in a row are waited out, not taken for a crash.
    const job = await fetch(`${address}/api/v3/backgroundjob?id=${started.data.id}`, { headers: { authorization: `Bearer ${token}` } })
      .then((r) => r.json() as Promise<{ data: { state: string; error: string | null; result: unknown } }>)
      .catch((err: Error) => {
        if (++failures > 5) throw new Error(`${err.message}: ${String((err.cause as Error | undefined)?.message ?? '')}`);
        return null;
      });
    if (!job) continue;
    failures = 0;
    if (job.data.state === 'succeeded') return { seconds: (Date.now() - t0) / 1000, result: job.data.result };
    if (job.data.state === 'failed' || job.data.state === 'cancelled') throw new Error(`${name}: ${job.data.error}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The exhibitor import (an .xlsx of IMPORT_ROWS new companies with two categories each) into an empty exhibition. */
async function timeImport(address: string, token: string): Promise<TimedRow> {
  const name = `exhibitor import, ${IMPORT_ROWS.toLocaleString('en')} rows (POST /api/v3/backgroundjob/import/exhibitor, upload to succeeded)`;
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('exhibitors');
  sheet.addRow(['展商ID', '*公司名称 Company name', '英文名称 English name', '所在地区 Region', '详细地址 Address', '展位号 Booth info', '展位面积 Booth area', '展品类别 Categories']);
  for (let i = 0; i < IMPORT_ROWS; i++) sheet.addRow(['', `导入公司 ${i}`, `Imported Co ${i}`, '', `世纪大道 ${i} 号`, `I-${i}`, '18', `类别 ${i % 10},类别 ${(i + 3) % 10}`]);
  const form = new FormData();
  form.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'exhibitors.xlsx');
  try {
    const { seconds, result } = await runJob(name, address, token, () =>
      fetch(`${address}/api/v3/backgroundjob/import/exhibitor?exhibitionId=${IMPORT_EXHIBITION_ID}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }),
    );
    console.log(`${name}: ${seconds.toFixed(2)} s, ${JSON.stringify(result).slice(0, 200)}`);
    return { name, rows: IMPORT_ROWS, seconds };
  } catch (err) {
    console.log(`${name}: not measured, ${(err as Error).message.slice(0, 300)}`);
    return { name: `${name} — not measured`, rows: 0, seconds: 0 };
  }
}

/** The exhibitor export of the EXPORT_ROWS exhibition, with the server's peak resident memory during it. */
async function timeExport(address: string, token: string, pid: number): Promise<TimedRow> {
  const name = `exhibitor export, ${EXPORT_ROWS.toLocaleString('en')} rows (POST /api/v3/backgroundjob/export, start to succeeded)`;
  try {
    const baseRssMb = rssMb(pid, 'VmRSS');
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const { seconds, result } = await runJob(name, address, token, () =>
      fetch(`${address}/api/v3/backgroundjob/export`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ exhibitionId: EXPORT_EXHIBITION_ID }),
      }),
    );
    const peakRssMb = rssMb(pid, 'VmHWM');
    console.log(`${name}: ${seconds.toFixed(2)} s, RSS ${baseRssMb.toFixed(0)} MB before, peak ${peakRssMb.toFixed(0)} MB, ${JSON.stringify(result)}`);
    return { name, rows: (result as { rows?: number } | null)?.rows ?? 0, seconds, peakRssMb, baseRssMb };
  } catch (err) {
    console.log(`${name}: not measured, ${(err as Error).message.slice(0, 300)}`);
    return { name: `${name} — not measured`, rows: 0, seconds: 0 };
  }
}

/** Two decimals, or two significant digits below 0.1 (so 0.004 does not read 0.00). */
function ratio(x: number) {
  return x >= 0.1 || x === 0 ? x.toFixed(2) : x.toPrecision(2);
}

function table(title: string, { rows, timed }: { rows: Row[]; timed: TimedRow[] }) {
  const hello = rows[0]!;
  const lines = rows.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p99} | ${ratio(r.rps / hello.rps)} | ${(r.p99 / Math.max(hello.p99, 1)).toFixed(2)} | ${r.errors} |`);
  // A job is timed once, not loaded: rows per second beside hello's requests per second.
  const jobs = timed.map((j) => {
    const perSecond = j.seconds ? j.rows / j.seconds : 0;
    const rss = j.peakRssMb ? `${j.baseRssMb!.toFixed(0)} → ${j.peakRssMb.toFixed(0)}` : '';
    return `| ${j.name} | ${j.rows} | ${j.seconds.toFixed(2)} | ${perSecond.toFixed(0)} | ${ratio(perSecond / hello.rps)} | ${rss} |`;
  });
  return `### ${title}\n\n| case | req/s | p99 ms | req/s ÷ hello | p99 ÷ hello | non-2xx |\n|---|---|---|---|---|---|\n${lines.join('\n')}\n
| timed job | rows | seconds | rows/s | rows/s ÷ hello req/s | server RSS MB (before → peak) |\n|---|---|---|---|---|---|\n${jobs.join('\n')}\n`;
}

const sections: string[] = [];
const started = Date.now();
const embedded = { embedded: 'embedded PostgreSQL (the default: its own server on DATA_DIR)', pglite: 'PGlite (DB_ENGINE=pglite, DATA_DIR on disk)' } as const;
for (const engine of ['embedded', 'pglite'] as const) {
  if (!DATABASES.includes(engine)) continue;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pav-bench-'));
  try {
    const sample = await prepare(engine, { dataDir, engine });
    sections.push(table(embedded[engine], await measure(engine, { DATA_DIR: dataDir, DB_ENGINE: engine }, sample)));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (!DATABASES.includes('postgres')) {
  // Left out on request (BENCH_DB).
} else if (await pgAnswers(pgUrl)) {
  const name = `pavilion_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pav-bench-'));
  try {
    const sample = await prepare('postgres', { databaseUrl: url.toString(), dataDir });
    sections.push(table('PostgreSQL (127.0.0.1)', await measure('postgres', { DATABASE_URL: url.toString(), DATA_DIR: dataDir }, sample)));
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
} else sections.push(`PostgreSQL did not answer at ${pgUrl}: not measured.\n`);

const out = `# Benchmark results

Run by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${((Date.now() - started) / 60000).toFixed(1)} min): ${os.cpus().length} cores, Node ${process.version},
${CONNECTIONS} connections, ${DURATION} s per case after ${WARMUP} s of the same load not counted. The server runs in its own process (server/bench/serve.ts: src/main.ts
without the web app, the job worker in process), the load generator (autocannon) in the bench's.
Dataset, built before the server starts: ${EXHIBITIONS} exhibitions of one host with ${PER_EXHIBITION.toLocaleString('en')} exhibitors each
(the demo one among them, beside its demo exhibitors), one of ${LARGE.toLocaleString('en')} and one of ${EXPORT_ROWS.toLocaleString('en')}, each exhibitor with its own company and two of ten categories;
the exhibitor cases read the first page of 20 of one exhibition, signed in as its host.
Each bench exhibitor of the demo exhibition has ${PRODUCTS_PER_EXHIBITOR} approved products with three pictures: the product page reads 10 of its
${(PER_EXHIBITION * PRODUCTS_PER_EXHIBITOR).toLocaleString('en')}, the GraphQL preview 20 exhibitors with their first 10 products each.
The timed jobs: the exhibitor import of ${IMPORT_ROWS.toLocaleString('en')} new companies into an empty exhibition and the exhibitor export of the
${EXPORT_ROWS.toLocaleString('en')}-exhibitor exhibition, each from its start call to \`succeeded\`; the export's row gives the server's resident memory before it and at its peak.
Absolute numbers vary on this shared machine (2 cores, shared with other work); read the ratios to the hello route, taken in the same run.

${sections.join('\n')}`;
fs.writeFileSync(path.join(import.meta.dirname, '../../bench/results.md'), out);
console.log('\nWritten to bench/results.md');
process.exit(0);
