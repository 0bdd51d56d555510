import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { WORKER_BUNDLES } from '../../src/server/worker-entry.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The workers the server starts, by bundle name (as build.mjs names them). */
const WORKERS: Record<string, string> = {
  'job-worker': 'src/server/jobs/worker.ts',
  'read-worker': 'src/server/db/read-worker.ts',
  'genotype-export-worker': 'src/plugins/genotypes/export/worker.ts',
};

/**
 * Bundles the workers once for this run, from the current sources, and points the test processes at them
 * (GERMINATE_WORKER_BUNDLES): the tests then start workers as the built server does instead of compiling
 * each one through tsx. The folder is under node_modules so that the bundles find their dependencies there.
 * Returns the teardown that removes it.
 */
export async function buildWorkerBundles(): Promise<() => void> {
  const dir = path.join(root, 'node_modules', '.cache', 'germinate-test-workers', String(process.pid));
  await build({
    absWorkingDir: root,
    entryPoints: WORKERS,
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  process.env[WORKER_BUNDLES] = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
