import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, DEMO_EXHIBITION_ID, launch, newPage, shot } from './browser.ts';

// Evaluated through the DevTools protocol: the app's CSP rightly refuses an injected script tag.
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ×${v.nodes.length}: ${JSON.stringify(v.nodes[0]?.target)}`);
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The API's own count, read past any cache. */
async function viewCountOf(exhibitorId: string): Promise<number> {
  const res = await fetch(`${BASE}/api/v1/expo/${DEMO_EXHIBITION_ID}/exhibitors/${exhibitorId}?t=${Date.now()}`, { headers: { 'cache-control': 'no-cache' } });
  return ((await res.json()) as { data: { viewCount: number } }).data.viewCount;
}

describe('the visitor site, home → directory → booth page (issue 11)', () => {
  for (const [width, height, label] of [
    [390, 844, 'phone'],
    [1440, 900, 'desktop'],
  ] as const) {
    it(`walks from the home to a booth page with real counts at ${width}×${height}`, async () => {
      const page = await newPage(browser);
      await page.setViewportSize({ width, height });
      const problems: string[] = [];

      await page.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}`);
      await page.getByRole('heading', { level: 1 }).filter({ hasText: /\S/ }).waitFor();
      await page.getByTestId('figure-exhibitors').waitFor();
      expect(await page.getByTestId('figure-exhibitors').textContent()).toMatch(/^\d{1,3}(,\d{3})*$/);
      expect(await page.evaluate(() => [...document.scripts].some((s) => /\/assets\/index-/.test(s.src)))).toBe(false);
      await page.waitForLoadState('networkidle');
      problems.push(...(await seriousViolations(page)).map((v) => `home: ${v}`));
      expect(await sideways(page), 'home scrolls sideways').toBeLessThanOrEqual(0);
      await shot(page, `visitor-site-home-${label}`);

      await page.getByRole('link', { name: '浏览全部展商' }).click();
      const first = page.locator('[data-testid="directory"] a').first();
      await first.waitFor();
      await page.waitForLoadState('networkidle');
      problems.push(...(await seriousViolations(page)).map((v) => `directory: ${v}`));
      expect(await sideways(page), 'directory scrolls sideways').toBeLessThanOrEqual(0);
      await shot(page, `visitor-site-directory-${label}`);

      const href = (await first.getAttribute('href'))!;
      const exhibitorId = href.split('/').pop()!;
      const before = await viewCountOf(exhibitorId);
      await first.click();
      await page.getByRole('button', { name: '点赞' }).waitFor();
      // The page posts its view once it shows: the count on screen is the server's, one more than before.
      await expect.poll(async () => (await page.getByTestId('count-views').textContent())?.replace(/,/g, '')).toBe(String(before + 1));
      expect(await viewCountOf(exhibitorId)).toBe(before + 1);
      await page.waitForLoadState('networkidle');
      problems.push(...(await seriousViolations(page)).map((v) => `booth: ${v}`));
      expect(await sideways(page), 'booth page scrolls sideways').toBeLessThanOrEqual(0);
      await shot(page, `visitor-site-booth-${label}`);

      // The English site: the same page from its prefix.
      await page.getByRole('link', { name: 'English' }).click();
      await page.getByRole('button', { name: 'Like' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/expo-en/${DEMO_EXHIBITION_ID}/exhibitors/${exhibitorId}`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
