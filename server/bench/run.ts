import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { AuditState } from '@pavilion/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { memoryState } from '../src/infra/kv.ts';
import { LIMITS } from '../src/infra/rate-limit.ts';
import { ensureClients } from '../src/seed/clients.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { DEMO_EXHIBITION_ID, DEMO_HOST_ID } from '../src/seed/ids.ts';
import { exhibition } from '../src/modules/exhibition/tables.ts';
import { company } from '../src/modules/company/tables.ts';
import { category } from '../src/modules/category/tables.ts';
import { exhibitor, exhibitorCategory } from '../src/modules/exhibitor/tables.ts';
import { product } from '../src/modules/product/tables.ts';
import ExcelJS from 'exceljs';
import { and, eq, isNull } from 'drizzle-orm';
import { startJobWorker } from '../src/modules/backgroundjob/worker.ts';
import { publicExpoLimit } from '../src/modules/expo/routes.ts';

/**
 * `npm run bench`: each case's req/s and p99 against the hello route, measured in the same run on
 * the same machine, so the ratios mean something on a shared box where absolute numbers do not.
 */
/** `items`: how many items a correct answer holds (20 unless said). */
type Case = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown; auth?: boolean; items?: number };
const GRAPHQL_LIST = `query($exhibitionId: ID) { exhibitors(exhibitionId: $exhibitionId, pageSize: 20) { totalCount items {
  id compId exhibitionId banner boothArea boothInfo topic category viewCount likeCount
  company { id logo name region address } categories { id name nameEn } } } }`;
const GRAPHQL_PREVIEW = `query($exhibitionId: ID) { exhibitors(exhibitionId: $exhibitionId, pageSize: 20) { totalCount items {
  id compId banner boothInfo proCount company { id logo name } products { id exhibitorId banner view3DUrl } } } }`;
const CASES: Case[] = [
  { name: 'hello (GET /api/health)', method: 'GET', path: '/api/health' },
  { name: 'who am I (GET /api/v1/account/me)', method: 'GET', path: '/api/v1/account/me', auth: true },
  { name: 'exhibition query (POST /api/v1/exhibition/query)', method: 'POST', path: '/api/v1/exhibition/query', body: { pageIndex: 1, pageSize: 20 }, auth: true },
  {
    name: 'exhibitor query page, 20 with company and categories (POST /api/v1/exhibitor/query)',
    method: 'POST',
    path: '/api/v1/exhibitor/query',
    body: { exhibitionId: DEMO_EXHIBITION_ID, pageIndex: 1, pageSize: 20 },
    auth: true,
  },
  { name: 'GraphQL exhibitor list, 20 with company and categories (POST /graphql)', method: 'POST', path: '/graphql', body: { query: GRAPHQL_LIST, variables: { exhibitionId: DEMO_EXHIBITION_ID } }, auth: true },
  {
    name: 'product page, 10 with pictures (POST /api/v3/productv3/page)',
    method: 'POST',
    path: '/api/v3/productv3/page',
    body: { exhibitionId: DEMO_EXHIBITION_ID, pageIndex: 1, pageSize: 10 },
    auth: true,
    items: 10,
  },
  { name: 'GraphQL exhibitor preview, 20 with 10 products each (POST /graphql)', method: 'POST', path: '/graphql', body: { query: GRAPHQL_PREVIEW, variables: { exhibitionId: DEMO_EXHIBITION_ID } }, auth: true },
];
/** The visitor site's public reads (anonymous, docs/visitor-site.md), on an exhibitor and a product of the demo exhibition. */
const publicCases = (exhibitorId: string, productId: string): Case[] => [
  { name: 'public exhibition home (GET /api/v1/expo/{id})', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}` },
  { name: 'public exhibitor directory, 20 (GET /api/v1/expo/{id}/exhibitors)', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}/exhibitors?size=20` },
  { name: 'public exhibitor directory, pinyin search (GET …/exhibitors?keyword=jzgs)', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}/exhibitors?size=20&keyword=jzgs` },
  { name: 'public booth page (GET /api/v1/expo/{id}/exhibitors/{exhibitorId})', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}/exhibitors/${exhibitorId}` },
  { name: 'public product page (GET /api/v1/expo/{id}/products/{productId})', method: 'GET', path: `/api/v1/expo/${DEMO_EXHIBITION_ID}/products/${productId}` },
];
const EXHIBITIONS = 20;
const EXHIBITORS = Number(process.env.BENCH_EXHIBITORS ?? 20_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The timed job: a product import of this many rows over IMPORT_EXHIBITORS exhibitors of the demo exhibition. */
const IMPORT_ROWS = 1000;
const IMPORT_EXHIBITORS = 50;
type TimedRow = { name: string; rows: number; seconds: number };
/** Approved, shown products of each exhibitor of the demo exhibition (three pictures each). */
const PRODUCTS_PER_EXHIBITOR = 12;

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
  const t0 = Date.now();
  await buildDataset(database);
  console.log(`${kind}: dataset of ${EXHIBITIONS} exhibitions and ${EXHIBITORS} exhibitors built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // The bench measures what a query costs, not the per-user GraphQL rate (120 a minute), which one
  // signed-in load generator passes in two seconds: those counters always allow here.
  const shared = memoryState();
  const hit = shared.hit.bind(shared);
  const graphqlPerUser = LIMITS.graphqlPerUser('', 0).key;
  const unlimited = [graphqlPerUser, publicExpoLimit('').key];
  shared.hit = (key, limit, windowSeconds) => (unlimited.some((k) => key.startsWith(k)) ? Promise.resolve({ allowed: true, count: 1, retryAfter: 0 }) : hit(key, limit, windowSeconds));
  const app = await buildApp({ config, database, shared, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/v1/account/login/host`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'host', password: 'pavilion' }) });
  const token = ((await login.json()) as { data: { tokenInfo: { access_token: string } } }).data.tokenInfo.access_token;
  const rows: { name: string; rps: number; p99: number; errors: number }[] = [];
  const [sample] = await database.db
    .select({ exhibitorId: product.exhibitorId, productId: product.id })
    .from(product)
    .where(and(eq(product.exhibitionId, DEMO_EXHIBITION_ID), eq(product.auditState, AuditState.Approved), isNull(product.deletedAt)))
    .limit(1);
  for (const c of [...CASES, ...(sample ? publicCases(sample.exhibitorId, sample.productId) : [])]) {
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
    const result = await autocannon({
      url: `${address}${c.path}`,
      method: c.method,
      connections: CONNECTIONS,
      duration: DURATION,
      headers,
      ...(c.body ? { body: JSON.stringify(c.body) } : {}),
    });
    rows.push({ name: c.name, rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors });
    console.log(`${kind} ${c.name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
  }
  const timed = [await timeProductImport(database, app, address, token)];
  await app.close();
  return { rows, timed };
}

/**
 * A background job timed from upload to `succeeded` (the bar the host watches): the product import of
 * IMPORT_ROWS rows, each exhibitor's quota raised so the rows fit beside its 12 products.
 */
async function timeProductImport({ db }: Database, app: Awaited<ReturnType<typeof buildApp>>, address: string, token: string): Promise<TimedRow> {
  const name = `product import, ${IMPORT_ROWS} rows (POST /api/v3/backgroundjob/import/product, upload to succeeded)`;
  const auth = { authorization: `Bearer ${token}` };
  await fetch(`${address}/api/v1/settings/exhibition/patch?exhibitionId=${DEMO_EXHIBITION_ID}`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ exhibitorsLoadProductNumber: 100 }) });
  const owners = await db.select({ id: exhibitor.id }).from(exhibitor).where(and(eq(exhibitor.exhibitionId, DEMO_EXHIBITION_ID), isNull(exhibitor.deletedAt))).limit(IMPORT_EXHIBITORS);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('products');
  sheet.addRow(['*展商 Exhibitor', '*产品名称 Product name', '英文名称 English name', '产品图片 Pictures', '中文介绍 Introduction (Chinese)', '是否显示 Shown']);
  for (let i = 0; i < IMPORT_ROWS; i++) sheet.addRow([owners[i % owners.length]!.id, `压测导入产品 ${i}`, `Bench import ${i}`, `/uploads/bench/${i}.png\n/uploads/bench/${i}-b.png`, `第 ${i} 个产品。`, '是']);
  const form = new FormData();
  form.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'products.xlsx');
  const worker = await startJobWorker(app, { pollMs: 60_000 });
  try {
    const t0 = Date.now();
    const started = (await (await fetch(`${address}/api/v3/backgroundjob/import/product?exhibitionId=${DEMO_EXHIBITION_ID}`, { method: 'POST', headers: auth, body: form })).json()) as { data?: { id: string } };
    if (!started.data) throw new Error(JSON.stringify(started));
    for (;;) {
      const job = (await (await fetch(`${address}/api/v3/backgroundjob?id=${started.data.id}`, { headers: auth })).json()) as { data: { state: string; error: string | null } };
      if (job.data.state === 'succeeded') break;
      if (job.data.state === 'failed' || job.data.state === 'cancelled') throw new Error(`${name}: ${job.data.error}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (Date.now() - t0) / 1000;
    console.log(`${name}: ${seconds.toFixed(2)} s, ${(IMPORT_ROWS / seconds).toFixed(0)} rows/s`);
    return { name, rows: IMPORT_ROWS, seconds };
  } catch (err) {
    console.log(`${name}: not measured, ${(err as Error).message.slice(0, 300)}`);
    return { name: `${name} — not measured`, rows: 0, seconds: 0 };
  } finally {
    await worker.stop();
  }
}

/**
 * 20 exhibitions of the demo host (the demo one among them) sharing 20,000 exhibitors, each with its
 * company and two of ten categories: bulk inserts, a thousand rows a statement, ids made here.
 */
async function buildDataset({ db }: Database) {
  const exhibitionIds = [DEMO_EXHIBITION_ID];
  const more = await db
    .insert(exhibition)
    .values(Array.from({ length: EXHIBITIONS - 1 }, (_, i) => ({ hostId: DEMO_HOST_ID, name: `基准展会 ${i + 2}`, nameEn: `Bench Expo ${i + 2}` })))
    .returning({ id: exhibition.id });
  exhibitionIds.push(...more.map((e) => e.id));
  const cats = await db
    .insert(category)
    .values(Array.from({ length: 10 }, (_, i) => ({ hostId: DEMO_HOST_ID, name: `类别 ${i}`, nameEn: `Category ${i}`, showIndex: i })))
    .returning({ id: category.id });
  const CHUNK = 1000;
  for (let start = 0; start < EXHIBITORS; start += CHUNK) {
    const n = Math.min(CHUNK, EXHIBITORS - start);
    const companies = Array.from({ length: n }, (_, k) => ({ id: crypto.randomUUID(), name: `基准公司 ${start + k}`, nameEn: `Bench Co ${start + k}`, region: '上海市', address: `张江路 ${start + k} 号`, logo: `/uploads/2026/01/${crypto.randomUUID()}.png` }));
    await db.insert(company).values(companies);
    const joins = companies.map((c, k) => ({
      id: crypto.randomUUID(),
      exhibitionId: exhibitionIds[(start + k) % EXHIBITIONS]!,
      companyId: c.id,
      boothInfo: `B-${start + k}`,
      boothArea: '36',
      showIndex: start + k,
    }));
    await db.insert(exhibitor).values(joins);
    await db.insert(exhibitorCategory).values(
      joins.flatMap((j, k) => [
        { exhibitorId: j.id, categoryId: cats[k % 10]!.id, showIndex: 0 },
        { exhibitorId: j.id, categoryId: cats[(k + 3) % 10]!.id, showIndex: 1 },
      ]),
    );
    const demoJoins = joins.filter((j) => j.exhibitionId === DEMO_EXHIBITION_ID);
    const products = demoJoins.flatMap((j) =>
      Array.from({ length: PRODUCTS_PER_EXHIBITOR }, (_, i) => ({
        exhibitorId: j.id,
        exhibitionId: DEMO_EXHIBITION_ID,
        name: `基准产品 ${j.boothInfo}-${i}`,
        nameEn: `Bench product ${j.boothInfo}-${i}`,
        pictures: [1, 2, 3].map((n) => `/uploads/2026/01/${j.id}-${i}-${n}.png`),
        introduction: '<p>基准产品介绍</p>',
        introductionEn: '<p>A bench product</p>',
        showIndex: i,
        auditState: AuditState.Approved,
      })),
    );
    for (let at = 0; at < products.length; at += CHUNK) await db.insert(product).values(products.slice(at, at + CHUNK));
    if (demoJoins.length) await db.update(exhibitor).set({ proCount: PRODUCTS_PER_EXHIBITOR }).where(sql`${exhibitor.id} in ${demoJoins.map((j) => j.id)}`);
  }
  await db.execute(sql`analyze`);
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
    // pool.end() does not wait for the sockets to close; the forced drop below may still reach one.
    (database.db as unknown as { $client: pg.Pool }).$client.on('error', () => undefined);
    await database.close();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
} else sections.push(`PostgreSQL did not answer at ${pgUrl}: not measured.\n`);

/** Two decimals, or two significant digits below 0.1 (so 0.004 does not read 0.00). */
function ratio(x: number) {
  return x >= 0.1 || x === 0 ? x.toFixed(2) : x.toPrecision(2);
}

function table(title: string, { rows, timed }: { rows: { name: string; rps: number; p99: number; errors: number }[]; timed: TimedRow[] }) {
  const hello = rows[0]!;
  const lines = rows.map(
    (r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p99} | ${ratio(r.rps / hello.rps)} | ${(r.p99 / Math.max(hello.p99, 1)).toFixed(2)} | ${r.errors} |`,
  );
  // A job is timed once, not loaded: rows per second beside hello's requests per second.
  const jobs = timed.map((j) => {
    const perSecond = j.seconds ? j.rows / j.seconds : 0;
    return `| ${j.name} | ${j.rows} | ${j.seconds.toFixed(2)} | ${perSecond.toFixed(0)} | ${ratio(perSecond / hello.rps)} |`;
  });
  return `### ${title}\n\n| case | req/s | p99 ms | req/s ÷ hello | p99 ÷ hello | non-2xx |\n|---|---|---|---|---|---|\n${lines.join('\n')}\n
| timed job | rows | seconds | rows/s | rows/s ÷ hello req/s |\n|---|---|---|---|---|\n${jobs.join('\n')}\n`;
}

const out = `# Benchmark results

Run by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, Node ${process.version},
${CONNECTIONS} connections, ${DURATION} s per case, one process serving (autocannon in the same process).
Dataset: ${EXHIBITIONS} exhibitions of one host and ${EXHIBITORS} exhibitors (companies, two categories each);
the exhibitor cases read a page of 20 of one exhibition's ${Math.ceil(EXHIBITORS / EXHIBITIONS)}, signed in as its host.
Each exhibitor of that exhibition has ${PRODUCTS_PER_EXHIBITOR} approved products with three pictures: the product page reads 10 of its
${Math.ceil(EXHIBITORS / EXHIBITIONS) * PRODUCTS_PER_EXHIBITOR}, the GraphQL preview 20 exhibitors with their first 10 products each.
The timed job imports ${IMPORT_ROWS} products over ${IMPORT_EXHIBITORS} of those exhibitors (upload to succeeded, the job's worker in the same process).
Absolute numbers vary on this shared machine; read the ratios to the hello route, taken in the same run.

${sections.join('\n')}`;
fs.writeFileSync(path.join(import.meta.dirname, '../../bench/results.md'), out);
console.log('\nWritten to bench/results.md');
process.exit(0);
