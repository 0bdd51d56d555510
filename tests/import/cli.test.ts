import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/server.js';
import { geotiff, geotiffZip } from './geotiff-builder.js';
import { scratchDir } from './helpers.js';

const scratch = scratchDir();
const dataDir = path.join(scratch.dir, 'data');

beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs', '--server'], { cwd: ROOT, stdio: 'pipe' });
}, 120_000);
afterAll(() => scratch.remove());

/**
 * Runs the bundled command on an embedded database in a scratch folder (never the developer's ./data).
 * Asynchronous: a test worker blocked in spawnSync for long on a busy machine misses vitest's own calls.
 */
function cli(...args: string[]) {
  return runCli(args, { DATA_DIR: dataDir, DATABASE_URL: '', DEBUG: '' });
}

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [path.join(ROOT, 'dist/server/import.mjs'), ...args],
      { cwd: scratch.dir, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr, output: stdout + stderr }),
    );
  });
}

describe('npm run import', () => {
  it('prints usage and exits 2 for usage errors', async () => {
    for (const args of [[], ['--bogus', 'x.xlsx'], ['a.xlsx', 'b.xlsx'], ['--type'], ['x.xlsx', '--type', 'no-such-type']]) {
      const run = await cli(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Usage: npm run import -- FILE');
      expect(run.stderr).toContain('mcpd');
    }
    expect((await cli('--type', 'no-such-type', 'x.xlsx')).stderr).toContain('Unknown type "no-such-type"');
    expect(await cli('--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('--check-only') });
    // Seven processes one after the other: on a busy machine each takes seconds to start.
  }, 180_000);

  it('exits 1 with GENERIC_FILE_NOT_FOUND for a missing file, after preparing the database', async () => {
    const run = await cli('missing-passport.xlsx', '--check-only');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('missing-passport.xlsx: rejected');
    expect(run.stdout).toContain('GENERIC_FILE_NOT_FOUND (1 error)');
    expect(run.output).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(path.join(dataDir, 'germinate.sqlite'))).toBe(true);
  });

  it('exits 1 for a file it cannot read, without a stack trace', async () => {
    fs.writeFileSync(path.join(scratch.dir, 'notes.pdf'), 'x');
    fs.writeFileSync(path.join(scratch.dir, 'latin1.txt'), Buffer.from([0x41, 0x0a, 0xe4, 0x0a]));
    const pdf = await cli('notes.pdf');
    expect(pdf.code).toBe(1);
    expect(pdf.stdout).toContain('GENERIC_INVALID_FILE_TYPE');
    const latin1 = await cli('--type=mcpd', 'latin1.txt', '--update');
    expect(latin1.code).toBe(1);
    expect(latin1.stdout).toContain('GENERIC_INVALID_ENCODING');
    expect(latin1.stdout).toContain('line 2');
    expect(pdf.output + latin1.output).not.toMatch(/\n\s+at /);
  });

  it('exits 2 on a configuration error', async () => {
    const result = await runCli(['x.tsv'], { DATA_DIR: dataDir, DATABASE_URL: 'mysql://nope' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Configuration error: DATABASE_URL');
  });

  it('checks and imports a GeoTIFF archive, and refuses a broken one with exit 1 and the report', async () => {
    const tif = geotiff({ epsg: 32630, width: 12, height: 8, origin: [500000, 6200000], pixel: [5, 5], kind: 'float' });
    const good = scratch.file('overlays.zip', await geotiffZip([[null, null, null, null, 'ndvi.tif', 'NDVI', '20240601']], { 'ndvi.tif': tif }));
    const checked = await cli(good, '--type', 'geotiff', '--check-only');
    expect(checked.code, checked.output).toBe(0);
    const imported = await cli(good, '--type', 'geotiff');
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toMatch(/mapoverlays\W+1/);
    expect(fs.readdirSync(path.join(dataDir, 'images', 'mapoverlay')).filter((f) => f.endsWith('.png'))).toHaveLength(1);

    const broken = scratch.file('broken.zip', await geotiffZip([[null, null, null, 'phenotypes', 'ndvi.tif', null, '2024-02-30']], { 'ndvi.tif': tif }));
    const refused = await cli(broken, '--type', 'geotiff');
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain('GENERIC_MISSING_REQUIRED_VALUE');
    expect(refused.output).toContain('GENERIC_INVALID_DATE');
  });
});
