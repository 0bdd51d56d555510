import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DialectName } from '../src/server/db/database.js';

/*
 * The trials export's memory: the built server (dist/server/main.mjs, its own process, as deployed) on a
 * cached trials database downloads `dataset/export/trial?format=tab`, and its peak resident memory is read
 * from Linux's /proc/<pid>/status (VmHWM, the high-water mark of the process itself, which a spawned
 * child does not inherit from its parent as maxRSS does; see bench/import-child.ts).
 */

const USER = 'trialsbench';
const PASSWORD = 'trialsbench-password-1';

/** Where a cached trials database lives: its SQLite file, or its PostgreSQL schema. */
export interface DatabaseLocation {
  dialect: DialectName;
  sqliteFile: string;
  postgresUrl: string;
  schema: string;
}

export interface ExportMemory {
  /** VmHWM once the server answers, before the download (startup, migrations check, first request). */
  startKiB: number;
  /** VmHWM after the whole file was read. */
  peakKiB: number;
  bytes: number;
  /** Lines of the file (header lines included). */
  lines: number;
  ms: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The process's own peak resident memory (KiB) from /proc; null where there is no /proc. */
export function vmHwmKiB(pid: number): number | null {
  try {
    const match = /VmHWM:\s*(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The child's environment: the database given explicitly for both dialects, so that a DATABASE_URL in the
 * benchmark's own environment never sends the SQLite run to PostgreSQL.
 */
function childEnv(location: DatabaseLocation, dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: location.dialect === 'postgres' ? location.postgresUrl : '',
    DATABASE_SCHEMA: location.dialect === 'postgres' ? location.schema : '',
  };
  if (location.dialect === 'sqlite') fs.writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify({ database: { type: 'sqlite', file: location.sqliteFile } }));
  return env;
}

async function waitUntilServing(url: string, child: ChildProcess): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const ok = await fetch(`${url}/api/settings`).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() - started > 600_000) throw new Error('the server did not start within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Reads the answer's body to its end, keeping nothing: its size and its number of lines. */
async function drain(response: Response): Promise<{ bytes: number; lines: number }> {
  if (!response.body) throw new Error('the export answered without a body');
  const reader = response.body.getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes, lines };
    bytes += value.byteLength;
    for (let i = value.indexOf(10); i >= 0; i = value.indexOf(10, i + 1)) lines++;
  }
}

/**
 * Starts the built server on the database, downloads the tab export of `body` once, and reads its peak.
 * `heapMiB` caps the server's V8 heap (--max-old-space-size); null leaves Node's default, as deployed.
 */
export async function exportInChild(root: string, location: DatabaseLocation, body: Record<string, unknown>, heapMiB: number | null): Promise<ExportMemory> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-trials-export-'));
  const port = await freePort();
  const heap = heapMiB === null ? [] : [`--max-old-space-size=${heapMiB}`];
  const child = spawn(process.execPath, [...heap, path.join(root, 'dist/server/main.mjs')], {
    env: childEnv(location, dataDir, port),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(url, child);
    const pid = child.pid;
    if (pid === undefined) throw new Error('the server has no process id');
    const startKiB = vmHwmKiB(pid) ?? NaN;
    const started = performance.now();
    const response = await fetch(`${url}/api/dataset/export/trial?format=tab`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`dataset/export/trial answered ${response.status}: ${await response.text()}`);
    const { bytes, lines } = await drain(response);
    const ms = performance.now() - started;
    return { startKiB, peakKiB: vmHwmKiB(pid) ?? NaN, bytes, lines, ms };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
