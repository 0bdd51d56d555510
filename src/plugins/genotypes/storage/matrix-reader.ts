import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import { decodeFooter, MAGIC, MatrixFileError, tileCount, TRAILER_BYTES, TRAILER_MAGIC, type Footer } from './matrix-format.js';

/** One tile's cells, row-major, `rowsIn × columnsIn` (clipped at the matrix's edges). */
export interface Tile {
  cells: Uint8Array;
  rowsIn: number;
  columnsIn: number;
}

/** The most one read of neighbouring tiles takes (compressed bytes; a tile holds at most 64 KiB of calls). */
const RUN_BYTES = 4 * 1024 * 1024;

/** One row (germplasm) or column (marker) of a subset: its index in the file and its calls' bytes in subset order. */
export interface MatrixLine {
  index: number;
  codes: Uint8Array;
}

/**
 * Reads a genotype matrix file (layout: matrix-format.ts). Subsets come out band by band in file order, each
 * tile inflated once per band, so memory is a band of the subset plus one tile, whatever the matrix's size.
 * Indexes given to the readers must be ascending and within the matrix.
 */
export class MatrixReader {
  private constructor(
    private readonly file: fs.FileHandle,
    readonly footer: Footer,
  ) {}

  static async open(path: string): Promise<MatrixReader> {
    const file = await fs.open(path, 'r');
    try {
      const { size } = await file.stat();
      if (size < MAGIC.length + TRAILER_BYTES) throw new MatrixFileError(`${path} is too short to be a genotype matrix.`);
      const head = Buffer.alloc(MAGIC.length);
      await file.read(head, 0, head.length, 0);
      const tail = Buffer.alloc(TRAILER_BYTES);
      await file.read(tail, 0, TRAILER_BYTES, size - TRAILER_BYTES);
      if (!head.equals(MAGIC) || !tail.subarray(12).equals(TRAILER_MAGIC)) throw new MatrixFileError(`${path} is not a complete genotype matrix.`);
      const offset = tail.readDoubleLE(0);
      const length = tail.readUInt32LE(8);
      if (offset + length + TRAILER_BYTES !== size) throw new MatrixFileError(`${path} has a damaged footer.`);
      const bytes = Buffer.alloc(length);
      await file.read(bytes, 0, length, offset);
      return new MatrixReader(file, decodeFooter(bytes));
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  get rows(): number {
    return this.footer.rowNames.length;
  }

  get columns(): number {
    return this.footer.columnNames.length;
  }

  get states(): readonly string[] {
    return this.footer.states;
  }

  close(): Promise<void> {
    return this.file.close();
  }

  private readonly columnTiles = (): number => tileCount(this.columns, this.footer.tileColumns);

  /** One tile's cells, row-major, `rowsIn × columnsIn` (clipped at the matrix's edges). */
  async tile(tileRow: number, tileColumn: number): Promise<Tile> {
    const index = tileRow * this.columnTiles() + tileColumn;
    const compressed = Buffer.allocUnsafe(this.footer.tileLengths[index]);
    const { bytesRead } = await this.file.read(compressed, 0, compressed.length, this.footer.tileOffsets[index]);
    if (bytesRead !== compressed.length) throw new MatrixFileError(`Tile ${tileRow},${tileColumn} is cut short.`);
    return this.inflate(tileRow, tileColumn, compressed);
  }

  /**
   * The tiles at these places, in the order given, read with as few reads as their places in the file allow:
   * tiles stored one after another (a band's tiles are) come in one read of at most RUN_BYTES. Each read's
   * tiles are inflated as they are taken, so memory is one read and one tile.
   */
  async *tiles(places: readonly (readonly [tileRow: number, tileColumn: number])[], runBytes = RUN_BYTES): AsyncGenerator<Tile> {
    const { tileOffsets, tileLengths } = this.footer;
    const columnTiles = this.columnTiles();
    let at = 0;
    while (at < places.length) {
      const first = places[at][0] * columnTiles + places[at][1];
      let end = at + 1;
      let bytes = tileLengths[first];
      let next = tileOffsets[first] + tileLengths[first];
      while (end < places.length) {
        const index = places[end][0] * columnTiles + places[end][1];
        if (tileOffsets[index] !== next || bytes + tileLengths[index] > runBytes) break;
        bytes += tileLengths[index];
        next += tileLengths[index];
        end += 1;
      }
      const run = Buffer.allocUnsafe(bytes);
      const { bytesRead } = await this.file.read(run, 0, bytes, tileOffsets[first]);
      if (bytesRead !== bytes) throw new MatrixFileError(`Tile ${places[at][0]},${places[at][1]} is cut short.`);
      let offset = 0;
      for (let k = at; k < end; k += 1) {
        const [tileRow, tileColumn] = places[k];
        const length = tileLengths[tileRow * columnTiles + tileColumn];
        yield this.inflate(tileRow, tileColumn, run.subarray(offset, offset + length));
        offset += length;
      }
      at = end;
    }
  }

  private inflate(tileRow: number, tileColumn: number, compressed: Uint8Array): Tile {
    const rowsIn = Math.min(this.footer.tileRows, this.rows - tileRow * this.footer.tileRows);
    const columnsIn = Math.min(this.footer.tileColumns, this.columns - tileColumn * this.footer.tileColumns);
    const expected = rowsIn * columnsIn;
    let cells: Buffer;
    try {
      // One output chunk of the tile's size (the default 16 KiB chunks assemble a tile from pieces), and never
      // more than a tile holds, whatever a damaged file says.
      cells = zlib.inflateRawSync(compressed, { chunkSize: Math.max(64, expected), maxOutputLength: Math.max(1, expected) });
    } catch (error) {
      throw new MatrixFileError(`Tile ${tileRow},${tileColumn} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (cells.length !== expected) throw new MatrixFileError(`Tile ${tileRow},${tileColumn} holds ${cells.length} cells, not ${expected}.`);
    return { cells, rowsIn, columnsIn };
  }

  /**
   * The selected rows (germplasm), each with its calls at the selected columns, in file order: what a
   * germplasm-by-marker export (Flapjack) writes line by line.
   */
  async *rowLines(rows: ArrayLike<number>, columns: ArrayLike<number>): AsyncGenerator<MatrixLine> {
    const { tileRows, tileColumns } = this.footer;
    const columnGroups = groupBy(columns, tileColumns);
    for (const band of groupBy(rows, tileRows)) {
      const out = band.items.map(() => new Uint8Array(columns.length));
      let g = 0;
      for await (const { cells, columnsIn } of this.tiles(columnGroups.map((group) => [band.key, group.key] as const))) {
        const group = columnGroups[g];
        g += 1;
        for (let r = 0; r < band.items.length; r += 1) {
          const base = (band.items[r] - band.key * tileRows) * columnsIn - group.key * tileColumns;
          const line = out[r];
          for (let k = 0; k < group.items.length; k += 1) line[group.start + k] = cells[base + group.items[k]];
        }
      }
      for (let r = 0; r < band.items.length; r += 1) yield { index: band.items[r], codes: out[r] };
    }
  }

  /**
   * The selected columns (markers), each with its calls at the selected rows, in file order: what a
   * marker-by-germplasm export (HapMap, VCF) writes line by line.
   */
  async *columnLines(columns: ArrayLike<number>, rows: ArrayLike<number>, bandBytes = BAND_BYTES): AsyncGenerator<MatrixLine> {
    const { tileRows, tileColumns } = this.footer;
    const rowGroups = groupBy(rows, tileRows);
    // A band holds its columns' calls for every selected row: at 10^6 germplasm fewer columns per pass.
    const perPass = Math.max(1, Math.floor(bandBytes / Math.max(1, rows.length)));
    for (const band of groupBy(columns, tileColumns).flatMap((group) => split(group, perPass))) {
      const out = band.items.map(() => new Uint8Array(rows.length));
      let g = 0;
      for await (const { cells, columnsIn } of this.tiles(rowGroups.map((group) => [group.key, band.key] as const))) {
        const group = rowGroups[g];
        g += 1;
        for (let k = 0; k < group.items.length; k += 1) {
          const base = (group.items[k] - group.key * tileRows) * columnsIn - band.key * tileColumns;
          const at = group.start + k;
          for (let c = 0; c < band.items.length; c += 1) out[c][at] = cells[base + band.items[c]];
        }
      }
      for (let c = 0; c < band.items.length; c += 1) yield { index: band.items[c], codes: out[c] };
    }
  }
}

/** What one pass of columnLines holds at most (columns × selected rows). */
const BAND_BYTES = 64 * 1024 * 1024;

/** A group cut into groups of at most `size` items, each with its position in the whole list. */
function split(group: { key: number; start: number; items: number[] }, size: number): { key: number; start: number; items: number[] }[] {
  if (group.items.length <= size) return [group];
  const out: { key: number; start: number; items: number[] }[] = [];
  for (let i = 0; i < group.items.length; i += size) out.push({ key: group.key, start: group.start + i, items: group.items.slice(i, i + size) });
  return out;
}

/** Ascending indexes grouped by tile (`key` = index ÷ size), with each group's position in the whole list. */
function groupBy(indexes: ArrayLike<number>, size: number): { key: number; start: number; items: number[] }[] {
  const groups: { key: number; start: number; items: number[] }[] = [];
  for (let i = 0; i < indexes.length; i += 1) {
    const key = Math.floor(indexes[i] / size);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.items.push(indexes[i]);
    else groups.push({ key, start: i, items: [indexes[i]] });
  }
  return groups;
}
