import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../core/random.js';
import { MatrixReader } from './matrix-reader.js';
import { markerBandColumns, MatrixWriter, TooManyStatesError } from './matrix-writer.js';
import { MatrixFileError } from './matrix-format.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gtm-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CALLS = ['', 'A', 'C', 'G', 'T', 'A/G', 'C|T', 'AT'];

/** A germplasm × marker grid of call texts, from a seeded generator. */
function grid(rows: number, columns: number, seed: number): string[][] {
  const random = seededRandom(seed);
  return Array.from({ length: rows }, () => Array.from({ length: columns }, () => CALLS[Math.floor(random() * CALLS.length)]));
}

const rowNames = (n: number) => Array.from({ length: n }, (_, i) => `G${i}`);
const columnNames = (n: number) => Array.from({ length: n }, (_, i) => `M${i}`);

function write(file: string, calls: string[][], orientation: 'germplasm-rows' | 'marker-rows', tile = { tileRows: 4, tileColumns: 8 }) {
  const rows = calls.length;
  const columns = calls[0]?.length ?? 0;
  if (orientation === 'germplasm-rows') {
    const writer = new MatrixWriter(file, { orientation, columns: columnNames(columns), ...tile });
    calls.forEach((line, r) => writer.add(`G${r}`, line));
    return writer.finish();
  }
  const writer = new MatrixWriter(file, { orientation, columns: rowNames(rows), ...tile });
  for (let c = 0; c < columns; c += 1) writer.add(`M${c}`, calls.map((line) => line[c]));
  return writer.finish();
}

async function readAll(reader: MatrixReader, rows: number[], columns: number[], by: 'rows' | 'columns'): Promise<string[][]> {
  const states = reader.states;
  const out: string[][] = [];
  const lines = by === 'rows' ? reader.rowLines(rows, columns) : reader.columnLines(columns, rows);
  for await (const line of lines) out.push(Array.from(line.codes, (code) => states[code]));
  return out;
}

const transpose = (m: string[][]) => (m[0] ?? []).map((_, c) => m.map((row) => row[c]));

describe('genotype matrix file', () => {
  it('reads tiles in the order asked, neighbours in one read or several, the same as one by one', async () => {
    const calls = grid(13, 29, 5);
    const file = path.join(dir, 'tiles.gtm');
    write(file, calls, 'germplasm-rows');
    const reader = await MatrixReader.open(file);
    try {
      // Neighbours in a band, a jump back, a tile of another band, and the last (clipped) tile.
      const places = [[1, 0], [1, 1], [1, 2], [0, 3], [3, 3], [0, 0]] as const;
      const single = await Promise.all(places.map(([r, c]) => reader.tile(r, c)));
      for (const runBytes of [1, 1 << 20]) {
        const batched = [];
        for await (const tile of reader.tiles(places, runBytes)) batched.push(tile);
        expect(batched, `runs of ${runBytes} bytes`).toEqual(single);
      }
      // The last tile holds the matrix's clipped corner: 13 - 12 rows × 29 - 24 columns.
      expect(single[4]).toMatchObject({ rowsIn: 1, columnsIn: 5 });
      expect(Array.from(single[4].cells, (code) => reader.states[code])).toEqual(calls[12].slice(24));
    } finally {
      await reader.close();
    }
  });

  it.each(['germplasm-rows', 'marker-rows'] as const)('round-trips every call from %s records, in both directions, at sizes that are no multiple of a tile', async (orientation) => {
    const calls = grid(23, 37, 7);
    const file = path.join(dir, `${orientation}.gtm`);
    const summary = write(file, calls, orientation);
    expect(summary).toMatchObject({ rows: 23, columns: 37 });
    const reader = await MatrixReader.open(file);
    expect(reader.footer.rowNames).toEqual(rowNames(23));
    expect(reader.footer.columnNames).toEqual(columnNames(37));
    const all = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(await readAll(reader, all(23), all(37), 'rows')).toEqual(calls);
    expect(await readAll(reader, all(23), all(37), 'columns')).toEqual(transpose(calls));
    // A subset across tile edges, both ways.
    const rows = [0, 3, 4, 5, 11, 22];
    const columns = [1, 7, 8, 9, 16, 30, 36];
    const expected = rows.map((r) => columns.map((c) => calls[r][c]));
    expect(await readAll(reader, rows, columns, 'rows')).toEqual(expected);
    expect(await readAll(reader, rows, columns, 'columns')).toEqual(transpose(expected));
    await reader.close();
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
  });

  it('reads columns in several passes when a band would be too large, with the same result', async () => {
    const calls = grid(23, 37, 11);
    const file = path.join(dir, 'passes.gtm');
    write(file, calls, 'germplasm-rows');
    const reader = await MatrixReader.open(file);
    const rows = Array.from({ length: 23 }, (_, i) => i);
    const columns = [0, 1, 2, 3, 5, 8, 9, 20, 36];
    const lines: string[][] = [];
    // 46 bytes a pass: two columns of 23 rows at a time.
    for await (const line of reader.columnLines(columns, rows, 46)) lines.push(Array.from(line.codes, (c) => reader.states[c]));
    expect(lines).toEqual(columns.map((c) => calls.map((row) => row[c])));
    await reader.close();
  });

  it('narrows marker-by-marker tiles for very many germplasm, keeping a band near 64 MiB', () => {
    expect(markerBandColumns(10_000)).toBe(1024);
    expect(markerBandColumns(1_000_000)).toBe(64);
    expect(markerBandColumns(100_000_000)).toBe(16);
  });

  it('pads short records with missing calls and maps the empty call to byte 0', async () => {
    const file = path.join(dir, 'short.gtm');
    const writer = new MatrixWriter(file, { orientation: 'germplasm-rows', columns: columnNames(3) });
    writer.add('G0', ['A']);
    writer.add('G1', ['', 'T', 'G']);
    writer.finish();
    const reader = await MatrixReader.open(file);
    expect(reader.states[0]).toBe('');
    expect(await readAll(reader, [0, 1], [0, 1, 2], 'rows')).toEqual([['A', '', ''], ['', 'T', 'G']]);
    await reader.close();
  });

  it('refuses a 256th distinct call, and abort leaves nothing behind', () => {
    const file = path.join(dir, 'states.gtm');
    const writer = new MatrixWriter(file, { orientation: 'germplasm-rows', columns: columnNames(300) });
    const calls = Array.from({ length: 300 }, (_, i) => `S${i}`);
    expect(() => writer.add('G0', calls)).toThrow(TooManyStatesError);
    writer.abort();
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('states'))).toEqual([]);
  });

  it('refuses a truncated file and a file of another kind', async () => {
    const file = path.join(dir, 'whole.gtm');
    write(file, grid(5, 5, 1), 'germplasm-rows');
    const bytes = fs.readFileSync(file);
    const cut = path.join(dir, 'cut.gtm');
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 5));
    await expect(MatrixReader.open(cut)).rejects.toThrow(MatrixFileError);
    const other = path.join(dir, 'other.gtm');
    fs.writeFileSync(other, 'rs#\talleles\tchrom\n'.repeat(10));
    await expect(MatrixReader.open(other)).rejects.toThrow(MatrixFileError);
  });
});
