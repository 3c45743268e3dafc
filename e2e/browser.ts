import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM } from './chromium.ts';

/** This worker's own server: scripts/e2e.mjs starts one per worker (VITEST_POOL_ID counts from 1). */
const bases = (process.env.E2E_BASE_URLS ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').split(',');
export const BASE = bases[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % bases.length]!;
export const DEMO_EXHIBITION_ID = '00000000-0000-4000-a000-000000000001';
const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join(import.meta.dirname, 'screenshots');

/**
 * The run's shared Chromium (e2e/global-setup.ts), connected to: closing what this returns closes only this
 * file's contexts. A file run on its own config without the global setup launches a Chromium of its own.
 */
export async function launch(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch(CHROMIUM);
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'zh-CN', reducedMotion: 'reduce' });
  // Counts the page's API calls in flight, for quiet().
  await context.addInitScript(() => {
    const w = window as unknown as { __inflight: number; __lastFetch: number };
    w.__inflight = 0;
    w.__lastFetch = 0;
    const fetch = window.fetch.bind(window);
    window.fetch = async (...args) => {
      w.__inflight++;
      try {
        return await fetch(...args);
      } finally {
        w.__inflight--;
        w.__lastFetch = performance.now();
      }
    };
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** Waits until no CSS animation or transition runs (the contexts ask for reduced motion, so few do). */
export const settled = (page: Page) => expect.poll(() => page.evaluate(() => document.getAnimations().length), { timeout: 10_000 }).toBe(0);

/** No API call in flight, and none for 150 ms: the screen shows its data (the app fetches through window.fetch). */
export const quiet = (page: Page) =>
  page.waitForFunction(() => {
    const w = window as unknown as { __inflight: number; __lastFetch: number };
    return w.__inflight === 0 && performance.now() - w.__lastFetch > 150;
  });

/**
 * Opens a back-office screen the way its menu does, without reloading the app (a reload costs a
 * second of start-up per screen), and waits for its data.
 */
export async function visit(page: Page, path: string) {
  // The pointer may rest on where the last screen had a table: a hovered row is not the state under test.
  await page.mouse.move(0, 0);
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.locator(`[data-testid=page-title][data-path="${new URL(path, BASE).pathname}"]`).filter({ hasText: /\S/ }).waitFor();
  await quiet(page);
}

/** A full-page picture for a person to look at; `E2E_SCREENSHOTS=off` (CI, where nobody opens them) skips it. */
export async function shot(page: Page, name: string) {
  if (SHOTS === 'off') return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Fills the login form the way a person does and submits it. */
export async function signIn(page: Page, url: string, userName: string, password = 'pavilion') {
  await page.goto(`${BASE}${url}`);
  await page.locator('#userName').fill(userName);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** On the change-password screen an issued password leads to: sets a password of one's own. */
export async function setOwnPassword(page: Page, issued: string, own: string) {
  await page.getByTestId('change-password').waitFor();
  await page.locator('#change-password_oldPassword').fill(issued);
  await page.locator('#change-password_password').fill(own);
  await page.locator('#change-password_confirm').fill(own);
  await page.getByTestId('password-submit').click();
}

export const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
};

/** A bearer token for `userName` (exhibitors sign in to the demo exhibition), its password made its own if it was issued. */
export async function tokenOf(area: 'admin' | 'host' | 'exhibitor', userName: string = area, password = 'pavilion'): Promise<string> {
  const login = await fetch(`${BASE}/api/v1/account/login/${area}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password, ...(area === 'exhibitor' ? { exhibitionId: DEMO_EXHIBITION_ID } : {}) }),
  });
  const info = ((await login.json()) as { data: { tokenInfo: { access_token: string; userInfo?: { mustChangePassword?: boolean } } } }).data.tokenInfo;
  // An account a host or administrator made has an issued password: the server answers nothing else until it is one's own.
  if (info.userInfo?.mustChangePassword) await callWith(info.access_token, 'PUT', '/api/v1/account/password/old', { oldPassword: password, password });
  return info.access_token;
}

/** One API call with `token`; a refused one throws with the server's answer. */
export async function callWith<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${BASE}${url}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const json = (await answer.json()) as { success: boolean; data: T };
  if (!json.success) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
  return json.data;
}

/** An API caller signed in as `userName`: for set-up and checks the screens themselves do not make. */
export type Api = <T = unknown>(method: string, url: string, body?: unknown) => Promise<T>;
export async function apiAs(area: 'admin' | 'host' | 'exhibitor', userName: string = area, password = 'pavilion'): Promise<Api> {
  const token = await tokenOf(area, userName, password);
  return <T>(method: string, url: string, body?: unknown) => callWith<T>(token, method, url, body);
}

/** What the platform sent to `recipient` (SMS and e-mail), newest first, as the administrator's outbox shows it. */
export type OutboxMessage = { channel: string; recipient: string; body: string };
export async function messagesTo(recipient: string, channel = 'sms'): Promise<OutboxMessage[]> {
  const admin = await apiAs('admin');
  const { items } = await admin<{ items: OutboxMessage[] }>('POST', '/api/v3/outbox/query', { pageIndex: 1, pageSize: 20, recipient });
  return items.filter((m) => m.channel === channel);
}

/** The code in the SMS that `send` makes the platform send to `mobile`. */
export async function codeSentBy(mobile: string, send: () => Promise<void>): Promise<string> {
  const before = (await messagesTo(mobile)).length;
  await send();
  let code = '';
  await expect
    .poll(async () => {
      const all = await messagesTo(mobile);
      code = all.length > before ? (all[0]!.body.match(/\b\d{4,8}\b/)?.[0] ?? '') : '';
      return code;
    }, { timeout: 15_000 })
    .not.toBe('');
  return code;
}

/** The demo accounts a flow signs in as: where each one's login is, and where it lands. */
const DEMO_LOGINS = {
  admin: { login: '/admin/login/alogin', home: '/admin/adminEx' },
  host: { login: '/live/login/alogin', home: '/live/index/home/home' },
  exhibitor: { login: `/ex-live/login/ex?id=${DEMO_EXHIBITION_ID}`, home: '/ex-live/index/home' },
  exhibitor2: { login: `/ex-live/login/ex?id=${DEMO_EXHIBITION_ID}`, home: '/ex-live/index/home' },
} as const;
type DemoUser = keyof typeof DEMO_LOGINS;

/** Each demo account's signed-in localStorage (where the app keeps its session), once per server in a worker. */
const sessions = new Map<string, [string, string][]>();

/**
 * `page` signed in as a demo account, showing `to` (its home by default). The first call of the run signs in through
 * the login form; later ones put that session into the page's fresh context and open `to` straight away, so a flow
 * pays for one screen instead of the login page, the home and then its screen (the login itself is login.e2e's to
 * test). A session a flow has since ended (a logout) is noticed and replaced by a new sign-in.
 */
export async function signInAs(page: Page, user: DemoUser, to?: string) {
  const { login, home } = DEMO_LOGINS[user];
  const target = to ?? home;
  const key = `${BASE} ${user}`;
  const saved = sessions.get(key);
  if (saved) {
    // A same-origin document that loads no app, to write the session where the app will read it.
    await page.goto(`${BASE}/config/config.json`);
    await page.evaluate((items) => items.forEach(([k, v]) => window.localStorage.setItem(k, v)), saved);
    await page.goto(`${BASE}${target}`);
    const screen = page.locator(`[data-testid=page-title][data-path="${new URL(target, BASE).pathname}"]`);
    await screen.or(page.locator('#userName')).first().waitFor();
    if (await screen.isVisible()) return;
    sessions.delete(key);
  }
  await signIn(page, login, user);
  await page.waitForURL(`**${home}`);
  // The landing screen finishes the session (the host's current exhibition, the role menu) before it is kept.
  await page.locator(`[data-testid=page-title][data-path="${home}"]`).filter({ hasText: /\S/ }).waitFor();
  await quiet(page);
  sessions.set(key, await page.evaluate(() => Object.entries(window.localStorage)));
  if (to) await page.goto(`${BASE}${to}`);
}

/** The demo host signed in on `page`, its home showing the demo exhibition (or the screen `to`). */
export async function signInHost(page: Page, to?: string) {
  await signInAs(page, 'host', to);
  if (!to) await page.getByTestId('exhibition-name').filter({ hasText: '2026 数字贸易博览会' }).waitFor();
}

/**
 * The progress bar of the background job `start` begins, found by the id the server answered. Job
 * lists show every earlier job too (other files' imports, failed dry runs), so the first bar, or the
 * first new one, is not always this one.
 */
export async function newJobBar(page: Page, start: () => Promise<void>) {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/v3\/backgroundjob\/[a-z]+\/[a-z]+/.test(new URL(r.url()).pathname));
  await start();
  const job = (await (await answered).json()) as { success: boolean; data?: { id: string } };
  expect(job.success, JSON.stringify(job)).toBe(true);
  return page.getByTestId(`job-progress-${job.data!.id}`);
}

/**
 * Every table on the screen: the header cells of its data columns that are cut off by the table's
 * edge or lie under its fixed action column (the column's name and where it is), none when all show.
 */
export const hiddenColumns = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.ant-table-wrapper')]
      .filter((wrapper) => wrapper.offsetParent !== null)
      .flatMap((wrapper) => {
        const box = wrapper.querySelector('.ant-table-container')!.getBoundingClientRect();
        const heads = [...wrapper.querySelectorAll<HTMLElement>('.ant-table-thead > tr > th')].filter((th) => th.getBoundingClientRect().width > 0);
        const fixed = heads.filter((th) => th.classList.contains('ant-table-cell-fix-end')).map((th) => th.getBoundingClientRect());
        return heads
          .filter((th) => !th.className.includes('ant-table-cell-fix') && !th.classList.contains('ant-table-selection-column') && !th.classList.contains('ant-table-row-expand-icon-cell'))
          .flatMap((th) => {
            const r = th.getBoundingClientRect();
            const outside = r.left < box.left - 1 || r.right > box.right + 1;
            const under = fixed.some((f) => r.right > f.left + 1 && r.left < f.right - 1);
            return outside || under ? [`"${th.textContent}" ${Math.round(r.left)}–${Math.round(r.right)} (table ${Math.round(box.left)}–${Math.round(box.right)}${fixed[0] ? `, actions from ${Math.round(fixed[0].left)}` : ''})`] : [];
          });
      }),
  );

/**
 * A table with a horizontal scroll takes its new width from a ResizeObserver a frame or two after the viewport
 * changes (an empty one keeps its old width longest), and on a loaded machine more: measured frame by frame until no
 * column is cut, for at most 3 seconds. A real cut stays and is reported.
 */
export async function settledCuts(page: Page) {
  let cuts: string[] = [];
  for (const deadline = Date.now() + 3000; Date.now() < deadline; ) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    cuts = await hiddenColumns(page);
    if (cuts.length === 0) break;
  }
  return cuts;
}
