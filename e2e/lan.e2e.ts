import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE, launch, newPage, shot } from './browser.ts';

/** The first IPv4 address of this machine that is not loopback: what the server announces to the LAN. */
function lanAddress(): string {
  for (const addresses of Object.values(os.networkInterfaces()))
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  throw new Error('This machine has no non-loopback IPv4 address to open Pavilion at');
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('opened at the LAN address over plain HTTP', () => {
  it('renders the login page with every asset loaded over http (no https upgrade, no HSTS)', async () => {
    const url = new URL('/live/login/alogin', BASE);
    url.hostname = lanAddress();
    const page = await newPage(browser);
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    const answer = await page.goto(url.toString());
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['strict-transport-security']).toBeUndefined();
    expect(answer?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
    await page.locator('#userName').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('login-submit').isVisible()).toBe(true);
    expect(new URL(page.url()).protocol).toBe('http:');
    expect(failed).toEqual([]);
    await shot(page, 'lan-login');
    await page.context().close();
  });
});
