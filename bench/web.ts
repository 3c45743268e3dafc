/**
 * `npm run bench:web`: what each login page, three heavy back-office screens and the visitor site's pages
 * load in Chromium (JS and CSS gzip, requests, LCP), and the size of every built chunk, against the
 * budgets of issue 12 (docs/performance.md "The web"). Exits 1 when a budget is broken.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { buildWebIfStale, freePort, root, runServer, serverUp } from '../scripts/lib.mjs';
import { CHROMIUM } from '../e2e/chromium.ts';

const BUDGET = { loginJsKb: 150, expoJsKb: 150, chunkKb: 250, loginLcpMs: 1200 };
const LOADS = 3;
const DEMO = '00000000-0000-4000-a000-000000000001';
const LOGINS = [
  '/live/login/alogin',
  '/live/ex-clound-login/alogin',
  '/admin/login/alogin',
  '/ex-live/login/alogin',
  `/ex-live/login/ex?id=${DEMO}`,
  `/ex-live-en/login/ex?id=${DEMO}`,
];

const kb = (bytes: number) => bytes / 1024;
const gz = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Load {
  jsKb: number;
  cssKb: number;
  jsFiles: number;
  requests: number;
  lcpMs: number;
}

/** Counts what the page fetches until the network has been quiet for 500 ms. */
function watch(page: Page) {
  const bodies: Promise<{ kind: 'js' | 'css'; bytes: number }>[] = [];
  let inflight = 0;
  let last = Date.now();
  let requests = 0;
  page.on('request', () => {
    requests++;
    inflight++;
    last = Date.now();
  });
  const done = () => {
    inflight--;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    const kind = /\.m?js$/.test(new URL(response.url()).pathname) ? 'js' : /\.css$/.test(new URL(response.url()).pathname) ? 'css' : null;
    // A redirect or a body the closing page no longer holds counts as nothing.
    if (kind) bodies.push(response.body().then((b) => ({ kind, bytes: gz(b) }), () => ({ kind, bytes: 0 })));
  });
  return {
    reset() {
      bodies.length = 0;
      requests = 0;
    },
    async quiet() {
      const start = Date.now();
      while ((inflight > 0 || Date.now() - last < 500) && Date.now() - start < 20_000) await new Promise((r) => setTimeout(r, 50));
    },
    async sums() {
      const all = await Promise.all(bodies);
      const sum = (k: 'js' | 'css') => kb(all.filter((b) => b.kind === k).reduce((a, b) => a + b.bytes, 0));
      return { jsKb: sum('js'), cssKb: sum('css'), jsFiles: all.filter((b) => b.kind === 'js').length, requests };
    },
  };
}

const lcpObserver = () => {
  const w = window as unknown as { __lcp: number };
  w.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

/** A first visit: a new context (empty cache), optionally with a signed-in person's localStorage. */
async function firstVisit(browser: Browser, url: string, storageState?: BrowserContextOptions['storageState']): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'zh-CN', ...(storageState ? { storageState } : {}) });
  await context.addInitScript(lcpObserver);
  const page = await context.newPage();
  const net = watch(page);
  await page.goto(url, { waitUntil: 'load' });
  // The app paints after its chunks have run: the first LCP candidate, then a quiet network, then a last look.
  await page.waitForFunction(() => (window as unknown as { __lcp: number }).__lcp > 0, null, { timeout: 30_000 }).catch(() => undefined);
  await net.quiet();
  await page.waitForTimeout(300);
  const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  const sums = await net.sums();
  await context.close();
  if (process.env.BENCH_WEB_VERBOSE) console.error(`${url}: ${JSON.stringify({ ...sums, lcpMs })}`);
  return { ...sums, lcpMs };
}

/** What a screen change loads: the area's home is open, then the screen is opened the way its menu does. */
async function screenChange(browser: Browser, home: string, url: string, storageState: BrowserContextOptions['storageState']) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'zh-CN', storageState });
  const page = await context.newPage();
  const net = watch(page);
  await page.goto(home, { waitUntil: 'load' });
  await net.quiet();
  net.reset();
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, new URL(url).pathname + new URL(url).search);
  await net.quiet();
  const sums = await net.sums();
  await context.close();
  return sums;
}

async function signedIn(browser: Browser, base: string, loginPath: string, userName: string, home: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${base}${loginPath}`);
  await page.locator('#userName').fill(userName);
  await page.locator('#password').fill('pavilion');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`**${home}`);
  // The host's home chooses the current exhibition; the screens below work on it.
  await page.waitForFunction(() => localStorage.getItem('exhibitionId') !== null && localStorage.getItem('exhibitionId') !== 'null');
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Every built JS chunk's gzip size: no chunk, vendor or screen, may pass the budget. */
function chunks() {
  const dir = path.join(root, 'web/dist/assets');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, kb: kb(gz(fs.readFileSync(path.join(dir, f)))) }))
    .sort((a, b) => b.kb - a.kb);
}

async function main() {
  buildWebIfStale();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-bench-web-'));
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'w');
  const server = runServer({ PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_LOGIN_PER_IP: '10000' }, { stdio: ['ignore', log, log] });
  const base = `http://127.0.0.1:${port}`;
  const up = await serverUp(base);
  console.error(`The server answers on ${base}.`);
  if (!up) {
    console.error(`The server did not start:\n${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`);
    server.kill('SIGTERM');
    process.exit(1);
  }

  const browser = await chromium.launch(CHROMIUM);
  const browserVersion = browser.version();
  const failures: string[] = [];
  const rows: string[] = [];
  const row = (name: string, load: Load, screen?: { jsKb: number; jsFiles: number }) =>
    rows.push(`| ${name} | ${load.jsKb.toFixed(1)} | ${load.jsFiles} | ${load.cssKb.toFixed(1)} | ${load.requests} | ${Math.round(load.lcpMs)} | ${screen ? `${screen.jsKb.toFixed(1)} (${screen.jsFiles})` : '—'} |`);
  const measure = async (url: string, state?: BrowserContextOptions['storageState']) => {
    const loads: Load[] = [];
    for (let i = 0; i < LOADS; i++) loads.push(await firstVisit(browser, url, state));
    return { ...loads[0]!, lcpMs: median(loads.map((l) => l.lcpMs)) };
  };

  try {
    for (const login of LOGINS) {
      const load = await measure(`${base}${login}`);
      row(`login ${login}`, load);
      if (load.jsKb > BUDGET.loginJsKb) failures.push(`${login}: ${load.jsKb.toFixed(1)} kB gzip of JS > ${BUDGET.loginJsKb}`);
      if (load.lcpMs > BUDGET.loginLcpMs) failures.push(`${login}: LCP ${Math.round(load.lcpMs)} ms > ${BUDGET.loginLcpMs}`);
    }

    const host = await signedIn(browser, base, '/live/login/alogin', 'host', '/live/index/home/home');
    const exhibitor = await signedIn(browser, base, `/ex-live/login/ex?id=${DEMO}`, 'exhibitor', '/ex-live/index/home');
    const heavy = [
      { url: '/live/index/admin/exhibitor', home: '/live/index/home/home', state: host },
      { url: '/live/index/basic/form', home: '/live/index/home/home', state: host },
      { url: '/ex-live/index/set/my/home', home: '/ex-live/index/home', state: exhibitor },
    ];
    for (const screen of heavy) {
      const load = await measure(`${base}${screen.url}`, screen.state);
      row(`screen ${screen.url}`, load, await screenChange(browser, `${base}${screen.home}`, `${base}${screen.url}`, screen.state));
    }

    const directory = (await (await fetch(`${base}/api/v1/expo/${DEMO}/exhibitors?page=1&size=1`)).json()) as { data: { items: { id: string }[] } };
    const exhibitorId = directory.data.items[0]?.id;
    const programme = (await (await fetch(`${base}/api/v1/expo/${DEMO}/activities?pageSize=1`)).json()) as { data?: { items: { id: string }[] } };
    const activityId = programme.data?.items[0]?.id;
    const hall = (await (await fetch(`${base}/api/v1/expo/${DEMO}/live?pageSize=1`)).json().catch(() => ({}))) as { data?: { items: { id: string }[] } };
    const roomId = hall.data?.items[0]?.id;
    const visitorPages = [
      `/expo/${DEMO}`,
      ...(exhibitorId ? [`/expo/${DEMO}/exhibitors/${exhibitorId}`] : []),
      `/expo/${DEMO}/activities`,
      ...(activityId ? [`/expo/${DEMO}/activities/${activityId}`] : []),
      `/expo/${DEMO}/live`,
      ...(roomId ? [`/expo/${DEMO}/live/${roomId}`] : []),
    ];
    for (const page of visitorPages) {
      const load = await measure(`${base}${page}`);
      row(`visitor ${page.replace(DEMO, '{demo}').replace(exhibitorId ?? '-', '{exhibitor}').replace(activityId ?? '-', '{activity}').replace(roomId ?? '-', '{room}')}`, load);
      if (load.jsKb > BUDGET.expoJsKb) failures.push(`${page}: ${load.jsKb.toFixed(1)} kB gzip of JS > ${BUDGET.expoJsKb}`);
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const built = chunks();
  for (const c of built) if (c.kb > BUDGET.chunkKb) failures.push(`chunk ${c.file}: ${c.kb.toFixed(1)} kB gzip > ${BUDGET.chunkKb}`);

  const out = [
    `Run by \`npm run bench:web\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)} at the end, shared), Node ${process.version}, Chromium ${browserVersion}, headless, from 127.0.0.1 without throttling.`,
    'JS and CSS: the bodies of the page\'s .js and .css responses gzipped here (zlib level 9), whatever the server sent; requests: all of them, API calls included.',
    'A first visit is a new browser context (empty cache); signed-in screens get the session in localStorage. "Screen change": the area\'s home is open and the screen is opened the way its menu does.',
    '',
    '| page | JS kB gzip | JS files | CSS kB gzip | requests | LCP ms (median of 3) | screen change: JS kB gzip (files) |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Built JS chunks: ${built.length}, largest: ${built
      .slice(0, 5)
      .map((c) => `${c.file} ${c.kb.toFixed(1)} kB`)
      .join(', ')}.`,
    '',
    failures.length ? `Budgets broken:\n${failures.map((f) => `- ${f}`).join('\n')}` : `All budgets hold (login JS ≤ ${BUDGET.loginJsKb} kB, visitor page JS ≤ ${BUDGET.expoJsKb} kB, every chunk ≤ ${BUDGET.chunkKb} kB gzip, login LCP ≤ ${BUDGET.loginLcpMs} ms).`,
  ].join('\n');
  console.log(out);
  fs.writeFileSync(process.env.BENCH_WEB_OUT ?? path.join(root, 'bench/results-web.md'), `# Web results\n\n${out}\n`);
  process.exit(failures.length ? 1 : 0);
}

await main();
