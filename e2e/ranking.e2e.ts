import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ExhibitorRankingRule, RankingPreviewItem } from '@pavilion/contract';
import { apiAs, BASE, DEMO_EXHIBITION_ID, launch, newPage, shot, signInHost, type Api } from './browser.ts';

/**
 * Rankings (issue 15, docs/ranking.md): the host puts "manual weight, descending" first in `hot` and raises the weight
 * of an exhibitor that is not first; a visitor on a phone then finds it first in the site's exhibitor list. The demo
 * exhibition's rules and that weight are put back afterwards (other files share the exhibition).
 */
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 15_000 };

let browser: Browser;
let host: Api;
let original: ExhibitorRankingRule;
let chosen: RankingPreviewItem;

const preview = () => host<RankingPreviewItem[]>('GET', `/api/v3/exhibitorrankingrule/preview?exhibitionId=${DEMO_EXHIBITION_ID}&target=exhibitor`);

beforeAll(async () => {
  browser = await launch();
  host = await apiAs('host');
  original = await host<ExhibitorRankingRule>('GET', `/api/v3/exhibitorrankingrule?exhibitionId=${DEMO_EXHIBITION_ID}`);
  const top = await preview();
  expect(top.length).toBeGreaterThan(1);
  chosen = top.at(-1)!;
});
afterAll(async () => {
  await host?.('PUT', '/api/v3/exhibitorrankingrule', { exhibitionId: DEMO_EXHIBITION_ID, rules: original.rules, productRules: original.productRules }).catch(() => undefined);
  if (chosen) await host?.('PUT', '/api/v3/exhibitorrankingrule/weight', { exhibitionId: DEMO_EXHIBITION_ID, target: 'exhibitor', id: chosen.id, rankWeight: chosen.rankWeight }).catch(() => undefined);
  await browser?.close();
});

describe('rankings (issue 15)', () => {
  it('the host puts "weight desc" first in hot and raises one exhibitor’s weight', async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInHost(page, '/live/index/hot');
    const rules = page.getByTestId('hot-ex');
    await rules.getByTestId('hot-ex-rule-0').waitFor(WAIT);
    const count = await rules.locator('[data-testid^=hot-ex-rule-]').count();
    await rules.getByTestId('hot-ex-add').click();
    await rules.getByTestId(`hot-ex-field-${count}`).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="人工权重"]').click();
    for (let i = count; i > 0; i--) await rules.getByTestId(`hot-ex-up-${i}`).click();
    await expect.poll(() => rules.getByTestId('hot-ex-rule-0').textContent()).toContain('人工权重');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/v3/exhibitorrankingrule');
    await page.getByTestId('hot-save').click();
    expect((await saved).ok()).toBe(true);

    const table = page.getByTestId('hot-preview-exhibitor');
    const row = table.locator('tr').filter({ hasText: chosen.name });
    const weight = row.getByTestId(`hot-weight-${chosen.id}`);
    await weight.fill('999');
    const weighted = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/v3/exhibitorrankingrule/weight');
    await weight.press('Enter');
    expect((await weighted).ok()).toBe(true);
    await expect.poll(() => table.locator('tbody tr.ant-table-row').first().textContent(), WAIT).toContain(chosen.name);
    await shot(page, 'ranking-hot-1440');
    await page.context().close();
  });

  it('a visitor on a phone sees that exhibitor first in the site’s exhibitor list', async () => {
    const page = await newPage(browser);
    await page.setViewportSize(PHONE);
    await page.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}/exhibitors`);
    const first = page.getByTestId('directory').locator('li').first();
    await first.waitFor(WAIT);
    expect(await first.textContent()).toContain(chosen.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'ranking-directory-390');
    await page.context().close();
  });
});
