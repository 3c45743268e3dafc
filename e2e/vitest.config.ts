import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // A screen answers after its API call; on a loaded two-core machine that is seconds, not the default 1 s.
    expect: { poll: { timeout: 10_000 } },
    // Two files at a time against the one server: the run takes about half as long (752 s against 1,384 s of tests
    // on two cores). Files share the server, so a test counts only what it made itself (names of its own), and
    // finds its job bars by the id its start answered (browser.ts `newJobBar`).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
