import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { dropPostgresSchema, openDatabase, type Database, type DialectName } from '../../src/server/db/database.js';
import { ROOT } from './server.js';
import { nodeArguments } from './test-build.js';

export const ADMIN_PASSWORD = 'admin-password-1';
const STARTUP_LIMIT_MS = 240_000;
/** For the tests' own timeout: a start, some work and a stop. */
export const CHILD_TEST_TIMEOUT_MS = 2 * STARTUP_LIMIT_MS + 60_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls until `test` holds (no fixed sleeps); fails with `what` after a generous limit. */
export async function until(what: string, test: () => Promise<boolean> | boolean, limitMs = 90_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A server started as `npm start` does, from this run's build of the sources, in its own process, on a fresh database. */
export interface ChildServer {
  port: number;
  child: ChildProcess;
  /** Everything the process wrote (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** A connection of the test's own to the same database. */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

export interface ChildPlace {
  dataDir: string;
  databaseUrl: string;
  schema: string;
}

/** A new data directory, and on PostgreSQL a schema name nobody uses yet (the server creates it). */
export function childPlace(dialect: DialectName): ChildPlace {
  return {
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-child-')),
    databaseUrl: dialect === 'postgres' ? inject('postgresUrl') : '',
    schema: dialect === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : '',
  };
}

export async function startChild(place: ChildPlace, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArguments('main'), ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: place.dataDir,
      DATABASE_URL: place.databaseUrl,
      DATABASE_SCHEMA: place.schema,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let ended = false;
  void exited.then(() => (ended = true));
  try {
    // Generous: on a loaded 2-core machine, starting several server processes at once can take minutes.
    await until(
      'the server to start',
      () => {
        if (ended) throw new Error(`server exited: ${text}`);
        return text.includes('is running at');
      },
      STARTUP_LIMIT_MS,
    );
  } catch (error) {
    // A primary killed outright takes its cluster workers with it (they end when it disconnects).
    child.kill('SIGKILL');
    throw error;
  }
  return {
    port,
    child,
    output: () => text,
    exited,
    open: () => openDatabase({ databaseUrl: place.databaseUrl || null, sqliteFile: path.join(place.dataDir, 'germinate.sqlite'), schema: place.schema || null }),
    async cleanup() {
      if (!ended) child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function removePlace(place: ChildPlace): Promise<void> {
  if (place.schema) await dropPostgresSchema(place.databaseUrl, place.schema);
  fs.rmSync(place.dataDir, { recursive: true, force: true });
}

export async function login(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
