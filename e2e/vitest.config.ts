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
    // One file at a time: files share the server and some change the demo exhibition's settings (the booth link,
    // the sensitive words) for a while, and two at a time collided there (docs/web.md).
    fileParallelism: false,
  },
});
