import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/server.js';

const run = promisify(execFile);

/**
 * SQLite's read workers are child processes that do not keep the server alive while idle. Closing the
 * database must still wait for them to end, also in a process with nothing else to do (a command, a
 * benchmark, the last step of a shutdown): before, such a process ended half way, with code 0.
 */
describe('the SQLite read pool', () => {
  it('lets a process that only closes its database finish the close', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-read-close-'));
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'tests/support/read-pool-close-child.ts'], {
        cwd: ROOT,
        env: { ...process.env, SQLITE_FILE: path.join(dataDir, 'germinate.sqlite') },
        timeout: 120_000,
      });
      expect(stdout).toBe('closed');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
