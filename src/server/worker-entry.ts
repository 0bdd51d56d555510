import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A folder of prebuilt worker bundles for code that runs from its sources. The test run sets it after
 * bundling the workers once: through tsx, every worker thread or process would compile its whole module
 * graph again (about a second each), and the tests start hundreds of them.
 */
export const WORKER_BUNDLES = 'GERMINATE_WORKER_BUNDLES';

/** How a worker starts: a bundled file, or a TypeScript source through tsx's loader. */
export type WorkerEntry = { bundle: string } | { source: string; tsx: string };

/**
 * The entry of the worker named `bundle` (build.mjs's name, without .mjs) for the module at `here`
 * (its import.meta.url). Bundled: the file beside that bundle, or in dist/server when the caller is bundled
 * one folder over (the bench). From the sources: the bundle in GERMINATE_WORKER_BUNDLES when there,
 * else `source` (relative to `here`) through tsx. Null when a bundled caller finds no such bundle.
 */
export function workerEntry(here: string, source: string, bundle: string): WorkerEntry | null {
  const file = `${bundle}.mjs`;
  if (here.endsWith('.ts')) {
    const prebuilt = process.env[WORKER_BUNDLES];
    if (prebuilt && fs.existsSync(path.join(prebuilt, file))) return { bundle: path.join(prebuilt, file) };
    const tsx = path.dirname(createRequire(here).resolve('tsx/package.json'));
    return { source: fileURLToPath(new URL(source, here)), tsx };
  }
  for (const candidate of [`./${file}`, `../server/${file}`]) {
    const found = fileURLToPath(new URL(candidate, here));
    if (fs.existsSync(found)) return { bundle: found };
  }
  return null;
}

/** Starts `entry` as a worker thread; a source entry registers tsx inside the thread first (threads do not inherit loaders). */
export function startThread(entry: WorkerEntry, options: WorkerOptions): Worker {
  if ('bundle' in entry) return new Worker(entry.bundle, options);
  const api = pathToFileURL(path.join(entry.tsx, 'dist/esm/api/index.mjs')).href;
  const module = pathToFileURL(entry.source).href;
  const code = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(module)}); })`;
  return new Worker(code, { ...options, eval: true });
}

/** The file and Node options to fork `entry` as a child process. */
export function forkArguments(entry: WorkerEntry): { file: string; execArgv: string[] } {
  if ('bundle' in entry) return { file: entry.bundle, execArgv: [] };
  return { file: entry.source, execArgv: ['--import', pathToFileURL(path.join(entry.tsx, 'dist/loader.mjs')).href] };
}
