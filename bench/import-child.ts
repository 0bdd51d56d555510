import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropPostgresSchema, type DialectName } from '../src/server/db/database.js';

/**
 * Runs `npm run import` on a file in a child process against a fresh database and returns the child's peak
 * resident memory (written by a preloaded exit hook) and its time: the import's own memory, with none of the
 * benchmark's. Its heap has the limit an import job's worker has.
 *
 * The peak is Linux's VmHWM, not process.resourceUsage().maxRSS: on Linux a spawned child's maxRSS starts at
 * its parent's resident size when it was forked (the kernel carries the high-water mark across exec), so it
 * reported the benchmark's own memory — some 790 MiB right after writing a million-row workbook — as the
 * import's. maxRSS remains the fallback where /proc is missing.
 */

export interface ChildImport {
  maxRssKiB: number;
  ms: number;
}

/** The repository root: the nearest folder up with a package.json (bench/ from sources, dist/bench/ bundled). */
function repositoryRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('package.json not found above the benchmark');
    dir = up;
  }
  return dir;
}

/** Bundled, the built CLI beside the bundled server (npm run bench builds it); from sources, through tsx. */
function cliArguments(root: string): string[] {
  if (import.meta.url.endsWith('.mjs')) return [path.join(root, 'dist/server/import.mjs')];
  return ['--import', 'tsx', path.join(root, 'src/server/cli/import.ts')];
}

/** As an import job's worker thread is limited (IMPORT_MAX_MEMORY_MB's default), so V8 collects as it would there. */
export const HEAP_MB = 512;

/** A `--require` script that writes the child's peak resident memory (Linux VmHWM; maxRSS where /proc is missing) to BENCH_RSS_FILE on exit. */
export const EXIT_HOOK = `process.on('exit', () => {
  const fs = require('node:fs');
  let kib = process.resourceUsage().maxRSS;
  try {
    const hwm = /VmHWM:\\s*(\\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (hwm) kib = Number(hwm[1]);
  } catch {}
  fs.writeFileSync(process.env.BENCH_RSS_FILE, String(kib));
});
`;

export async function importInChild(file: string, dialect: DialectName, postgresUrl: string, scratch: string): Promise<ChildImport> {
  const root = repositoryRoot();
  const run = path.join(scratch, `child-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(run);
  const hook = path.join(run, 'rss-hook.cjs');
  fs.writeFileSync(hook, EXIT_HOOK);
  const rssFile = path.join(run, 'maxrss');
  const schema = `bench_child_${randomBytes(4).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: run,
    MAX_UPLOAD_BYTES: String(4 * 1024 ** 3),
    BENCH_RSS_FILE: rssFile,
    DATABASE_URL: dialect === 'postgres' ? postgresUrl : '',
    DATABASE_SCHEMA: dialect === 'postgres' ? schema : '',
  };
  const started = process.hrtime.bigint();
  try {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--require', hook, ...cliArguments(root), file], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', reject);
      child.on('close', (exitCode) => resolve({ code: exitCode, output }));
    });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (code !== 0) throw new Error(`npm run import ${path.basename(file)} exited ${code}:\n${output}`);
    return { maxRssKiB: Number(fs.readFileSync(rssFile, 'utf8')), ms };
  } finally {
    if (dialect === 'postgres') await dropPostgresSchema(postgresUrl, schema);
    fs.rmSync(run, { recursive: true, force: true });
  }
}
