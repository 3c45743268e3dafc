import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Each run's routeSecurity() cases land here; the reporter judges them after the run (server/test/ledger.ts).
// Made by the first case written, removed by the reporter.
process.env.PAVILION_SECURITY_LEDGER = path.join(os.tmpdir(), `pavilion-ledger-${process.pid}-${Date.now()}`);

/** One test command for every tier but end-to-end: contract and server in Node, web in jsdom. */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on CI's two, which leaves a core idle
    // while a test waits on its database. Two workers there took the web tests from 201 s to 120 s.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    reporters: ['default', './server/test/ledger-reporter.ts'],
    projects: [
      {
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker keeps its imports between files (Fastify, Drizzle, every module): files stay apart through their own database copy.
          isolate: false,
          globalSetup: ['./server/test/seed-once.ts'],
        },
      },
      {
        extends: './web/vite.config.ts',
        // jsdom runs in Node, where tus-js-client's main entry is its Node build (Buffers and streams, no File).
        resolve: { alias: { 'tus-js-client': 'tus-js-client/lib.esm/browser/index.js' } },
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
          // React, antd and jsdom load once per worker instead of once per file (a third of the run); setup.ts cleans up between files.
          isolate: false,
        },
      },
    ],
  },
});
