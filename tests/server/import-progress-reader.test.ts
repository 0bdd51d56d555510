import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { readImportFile } from '../../src/server/import/read-file.js';
import { rowSource } from '../../src/server/import/row-source.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-progress-reader-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ROWS = 40_000;

function textFile(name: string, rows: number): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, ['ACCENUMB\tGENUS', ...Array.from({ length: rows }, (_, i) => `A-${i}\tHordeum`)].join('\n') + '\n');
  return file;
}

async function workbook(name: string, rows: number): Promise<string> {
  const file = path.join(dir, name);
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = writer.addWorksheet('DATA');
  sheet.addRow(['ACCENUMB', 'GENUS']).commit();
  for (let i = 0; i < rows; i += 1) sheet.addRow([`A-${i}`, 'Hordeum']).commit();
  sheet.commit();
  await writer.commit();
  return file;
}

/** Streams the file's rows; each progress call is paired with the share of rows taken by then. */
async function streamed(file: string) {
  const parsed = await readImportFile(file, { maxBytes: 1024 ** 3, stream: true });
  const calls: { fraction: number; rows: number }[] = [];
  const headers: unknown[][] = [];
  let rows = 0;
  await rowSource(parsed).eachSheet(
    async (sheet) => {
      headers.push(sheet.header);
      for await (const _ of sheet.rows) rows += 1;
    },
    (fraction) => calls.push({ fraction, rows }),
  );
  return { calls, headers, rows };
}

describe('progress of a streamed import file', () => {
  it.each([
    ['text', () => Promise.resolve(textFile('big.txt', ROWS))],
    ['xlsx', () => workbook('big.xlsx', ROWS)],
  ])('%s: rises with the rows read, from near 0 to 1', async (_kind, make) => {
    const { calls, headers, rows } = await streamed(await make());
    expect(headers).toEqual([['ACCENUMB', 'GENUS']]);
    expect(rows).toBe(ROWS);
    expect(calls.length).toBeGreaterThanOrEqual(8);
    for (let i = 1; i < calls.length; i += 1) expect(calls[i].fraction).toBeGreaterThan(calls[i - 1].fraction);
    expect(calls.at(-1)?.fraction).toBe(1);
    // The reader is at most a read-ahead buffer past the rows handed out (64 KiB of a ~0.5 MB file).
    for (const { fraction, rows: taken } of calls) expect(Math.abs(fraction - taken / ROWS)).toBeLessThan(0.2);
  });

  it('reads the header of a file that is read whole at once (progress arrives before row 1)', async () => {
    const { calls, headers, rows } = await streamed(textFile('small.txt', 3));
    expect(headers).toEqual([['ACCENUMB', 'GENUS']]);
    expect(rows).toBe(3);
    expect(calls.map((c) => c.fraction)).toEqual([1]);
  });

  it('gives in-memory sheets progress by rows', async () => {
    const parsed = await readImportFile(textFile('memory.txt', 2500), { maxBytes: 1024 ** 3 });
    const seen: number[] = [];
    await rowSource(parsed).eachSheet(
      async (sheet) => {
        for await (const _ of sheet.rows) void _;
      },
      (fraction) => seen.push(fraction),
    );
    expect(seen).toEqual([0.4, 0.8, 1]);
  });
});
