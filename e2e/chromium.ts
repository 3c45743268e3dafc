import type { LaunchOptions } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this machine's closed network needs: the e2e run's and bench/web.ts's. */
export const CHROMIUM: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
