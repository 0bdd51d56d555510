import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Unit tests under src/ that open a database: they need the server project's PostgreSQL setup. */
const SRC_WITH_DATABASE = ['src/plugins/germplasm/pdci-db.test.ts'];

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: two workers keep the suite quick without starving the database servers.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: SRC_WITH_DATABASE,
          // Pure functions and client logic without a server or database: a worker runs file after file
          // without re-importing the module graph for each (measured in the commit that added this).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/**/*.test.ts', ...SRC_WITH_DATABASE],
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
