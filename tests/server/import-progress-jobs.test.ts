import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCPD_COLUMNS } from '../../src/plugins/germplasm/mcpd-codes.js';
import { startServer, passwordOf, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { bigMcpd, errorsOf, uploadJob, waitForJob } from './import-jobs-support.js';

/** Rows enough for a check that lasts many polls: the file's row count is not known until its end. */
const ROWS = 150_000;

/** The same accessions as bigMcpd, as an MCPD workbook written by exceljs' streaming writer. */
async function bigMcpdXlsx(rows: number): Promise<Uint8Array> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-progress-'));
  try {
    const file = path.join(dir, 'big.xlsx');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
    const sheet = workbook.addWorksheet('DATA');
    sheet.addRow([...MCPD_COLUMNS]).commit();
    const values: Record<string, string> = { GENUS: 'Hordeum', SPECIES: 'vulgare', ORIGCTY: 'DEU' };
    for (let i = 0; i < rows; i += 1) {
      sheet.addRow(MCPD_COLUMNS.map((c) => (c === 'ACCENUMB' ? `XL-${String(i).padStart(7, '0')}` : (values[c] ?? null)))).commit();
    }
    sheet.commit();
    await workbook.commit();
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(testDialects())('import job progress on %s', (dialect) => {
  let server: TestServer;
  let curator: string;
  beforeAll(async () => {
    server = await startServer(dialect, { maxUploadBytes: 256 * 1024 * 1024, jobs: { pollMs: 200, heartbeatMs: 200 } });
    curator = await server.login('curator', passwordOf('curator'));
  });
  afterAll(async () => server?.close());

  /** Polls the job until it finishes, keeping the progress of every answer that said "running". */
  async function progressOf(file: { name: string; bytes: Uint8Array | string }) {
    const uuid = await uploadJob(server, curator, file);
    const seen: number[] = [];
    const job = await waitForJob(
      server,
      curator,
      uuid,
      (polled) => {
        if (polled.status === 'running') seen.push(polled.progress ?? 0);
        return !['waiting', 'running'].includes(polled.status);
      },
      240_000,
    );
    return { job, seen };
  }

  const expectRising = (seen: number[]) => {
    // Never backwards, and moving while the check runs: several values between reading and the end.
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    const between = new Set(seen.filter((p) => p > 0.1 && p < 1));
    expect(between.size, `progress seen: ${[...new Set(seen)].join(', ')}`).toBeGreaterThanOrEqual(3);
  };

  it('moves the progress of a large text check by the share of the file read', async () => {
    const { job, seen } = await progressOf({ name: 'big.txt', bytes: bigMcpd(ROWS) });
    expect(job).toMatchObject({ status: 'completed', progress: 1 });
    expect(errorsOf(job)).toEqual([]);
    expectRising(seen);
  }, 300_000);

  it('moves the progress of a large workbook check by the share of its sheet read', async () => {
    const { job, seen } = await progressOf({ name: 'big.xlsx', bytes: await bigMcpdXlsx(ROWS) });
    expect(job).toMatchObject({ status: 'completed', progress: 1 });
    expect(errorsOf(job)).toEqual([]);
    expectRising(seen);
  }, 300_000);
});
