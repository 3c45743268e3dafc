import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, DEMO_EXHIBITION_ID, launch, newPage, settledCuts, shot, signInAs, signInHost, visit } from './browser.ts';
import { screensOf } from './routes.ts';

// Evaluated through the DevTools protocol: the app's CSP (script-src 'self') rightly refuses an injected script tag.
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
}

/** axe-core's serious and critical violations on the screen now shown, as "rule ×count: first target". */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const result = await page.evaluate(() => (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResult> } }).axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ×${v.nodes.length}: ${JSON.stringify(v.nodes[0]?.target)}`);
}

/**
 * Each screen once: axe at 1366 px, then the tables at 1280 and 1440 px (issue 9 defect 6), so the
 * two checks share one visit per screen.
 */
async function checkScreens(page: Page, paths: readonly string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: 1366, height: 860 });
    await visit(page, path);
    for (const v of await seriousViolations(page)) problems.push(`${path}: ${v}`);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      for (const cut of await settledCuts(page)) problems.push(`${path} at ${width}: ${cut}`);
    }
  }
  return problems;
}

describe('every login page and list screen: axe-core (issue 9 section 4) and no data column hidden (defect 6)', () => {
  it('finds no serious or critical violation on any login page', { timeout: 600_000 }, async () => {
    const page = await newPage(browser);
    const problems: string[] = [];
    for (const path of ['/live/login/alogin', '/live/ex-clound-login/alogin', '/admin/login/alogin', '/ex-live/login/alogin', `/ex-live/login/ex?id=${DEMO_EXHIBITION_ID}`, `/ex-live-en/login/ex?id=${DEMO_EXHIBITION_ID}`]) {
      await page.goto(`${BASE}${path}`);
      await page.getByTestId('login-submit').waitFor();
      for (const v of await seriousViolations(page)) problems.push(`${path}: ${v}`);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('host list screens, signed in: no serious violation, no hidden column', { timeout: 600_000 }, async () => {
    const page = await newPage(browser);
    await signInHost(page);
    const problems = await checkScreens(page, (await screensOf('host', { menuOnly: true })).map((s) => s.path));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${BASE}/live/index/admin/exhibitor`);
    await page.locator('.ant-table-tbody .ant-table-row').first().waitFor();
    await shot(page, 'tables-host-exhibitors-1280');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('admin and exhibitor list screens, signed in: no serious violation, no hidden column', { timeout: 600_000 }, async () => {
    const admin = await newPage(browser);
    await signInAs(admin, 'admin');
    const problems = await checkScreens(admin, (await screensOf('admin', { menuOnly: true })).map((s) => s.path));
    await admin.context().close();
    const exhibitor = await newPage(browser);
    await signInAs(exhibitor, 'exhibitor');
    problems.push(...(await checkScreens(exhibitor, (await screensOf('exhibitor', { menuOnly: true })).map((s) => s.path))));
    await exhibitor.context().close();
    expect(problems).toEqual([]);
  });
});
