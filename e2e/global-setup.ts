import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    browserEndpoint: string;
  }
}

/**
 * One Chromium for the whole run: each file connects to it (e2e/browser.ts launch()) and gets its own
 * contexts, so files stay apart without each paying for a browser's start and shutdown.
 */
export default async function sharedBrowser(project: TestProject) {
  const server = await chromium.launchServer(CHROMIUM);
  project.provide('browserEndpoint', server.wsEndpoint());
  return () => server.close();
}
