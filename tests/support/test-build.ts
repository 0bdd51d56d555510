import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { WORKER_BUNDLES } from '../../src/server/worker-entry.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Set by the global setup: the folder of this run's build (its `server/` holds what dist/server holds). */
export const TEST_BUILD = 'GERMINATE_TEST_BUILD';

/** What the tests start as processes or threads, by bundle name (as build.mjs names them). */
const ENTRIES: Record<string, string> = {
  'server/main': 'src/server/main.ts',
  'server/restore': 'src/server/cli/restore.ts',
  'server/job-worker': 'src/server/jobs/worker.ts',
  'server/read-worker': 'src/server/db/read-worker.ts',
  'server/genotype-export-worker': 'src/plugins/genotypes/export/worker.ts',
};

/**
 * Bundles the server, its command line and its workers once for this run, from the current sources, as
 * build.mjs does, and points the test processes at them. Tests then start servers and workers as the
 * built product does instead of compiling each one's module graph through tsx (a second or more each,
 * hundreds of times). The folder sits in the repository, two levels above the bundles as dist/ is, so
 * that they find the repository (locales, client) and node_modules as the built server does.
 * Returns the teardown that removes it.
 */
export async function buildForTests(): Promise<() => void> {
  const dir = path.join(root, `.test-dist-${process.pid}`);
  await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  process.env[TEST_BUILD] = dir;
  process.env[WORKER_BUNDLES] = path.join(dir, 'server');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * The Node arguments that run `script` (main: the server, restore: its command) from this run's build,
 * or from the sources through tsx when a test runs without the global setup.
 */
export function nodeArguments(script: 'main' | 'restore'): string[] {
  const dir = process.env[TEST_BUILD];
  if (dir) return [path.join(dir, 'server', `${script}.mjs`)];
  return ['--import', 'tsx', script === 'main' ? 'src/server/main.ts' : 'src/server/cli/restore.ts'];
}
