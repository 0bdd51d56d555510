import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One file at a time: a Chromium plus a server per file is as much as two cores carry.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 1, minForks: 1 } },
    fileParallelism: false,
    isolate: false,
  },
});
