import { defineConfig } from 'vitest/config';

// scripts/e2e.mjs starts one server per worker; a file changes the demo exhibition's settings (the booth link, the
// sensitive words) for a while, so two files never share a server at once (docs/web.md "End-to-end run").
const servers = (process.env.E2E_BASE_URLS ?? process.env.E2E_BASE_URL ?? '').split(',').filter(Boolean).length || 1;

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // A screen answers after its API call; on a loaded two-core machine that is seconds, not the default 1 s.
    expect: { poll: { timeout: 10_000 } },
    // One Chromium for the run (global-setup.ts), and Playwright's client loaded once per worker, not once per file.
    globalSetup: ['./global-setup.ts'],
    isolate: false,
    fileParallelism: servers > 1,
    maxWorkers: servers,
  },
});
