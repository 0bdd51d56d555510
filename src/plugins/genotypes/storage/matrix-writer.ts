import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { GenotypeOrientation } from '../import/genotype-source.js';
import {
  DEFAULT_TILE_COLUMNS, DEFAULT_TILE_ROWS, encodeFooter, FORMAT_VERSION, MAGIC, MAX_STATES, MatrixFileError, tileCount, trailer, type Footer,
} from './matrix-format.js';

export interface MatrixWriterOptions {
  /** How records arrive: one per germplasm (calls per marker) or one per marker (calls per germplasm). */
  orientation: GenotypeOrientation;
  /** The names along the records: markers (germplasm-rows) or germplasm (marker-rows). */
  columns: readonly string[];
  tileRows?: number;
  tileColumns?: number;
  /** zlib level for tiles (1 fastest … 9 smallest). */
  level?: number;
}

export interface MatrixSummary {
  rows: number;
  columns: number;
  states: string[];
  bytes: number;
}

/** Tile columns for marker-by-marker writing: a band of at most 64 MiB, a power of two from 16 to 1024 columns. */
export function markerBandColumns(germplasm: number): number {
  let columns = DEFAULT_TILE_COLUMNS;
  while (columns > 16 && columns * germplasm > 64 * 1024 * 1024) columns /= 2;
  return columns;
}

/** The rename survives a crash only once its folder is on disk too. */
function syncFolder(file: string): void {
  const fd = fs.openSync(path.dirname(file), 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** More distinct calls than a byte can index. */
export class TooManyStatesError extends MatrixFileError {
  override name = 'TooManyStatesError';
}

/**
 * Writes a genotype matrix file (layout: matrix-format.ts) from records in either orientation, keeping one
 * band in memory: `tileRows` germplasm records, or `tileColumns` marker records. Written to `<path>.partial`
 * and renamed on finish, so a file at `path` is always complete; abort() removes the partial file.
 */
export class MatrixWriter {
  private readonly fd: number;
  private readonly partial: string;
  private offset = MAGIC.length;
  private readonly tileRows: number;
  private readonly tileColumns: number;
  private readonly level: number;
  private readonly names: string[] = [];
  private readonly states = new Map<string, number>([['', 0]]);
  /** The band being filled, laid out as records arrive (record-major). */
  private band: Uint8Array;
  private inBand = 0;
  /** Tiles of the band being cut, reused. */
  private readonly tile: Uint8Array;
  private closed = false;

  constructor(
    private readonly path: string,
    private readonly options: MatrixWriterOptions,
  ) {
    this.tileRows = options.tileRows ?? DEFAULT_TILE_ROWS;
    // Marker by marker, a band is tile columns × every germplasm: fewer columns per tile for very many germplasm.
    this.tileColumns = options.tileColumns ?? (options.orientation === 'marker-rows' ? markerBandColumns(options.columns.length) : DEFAULT_TILE_COLUMNS);
    this.level = options.level ?? 1;
    this.partial = `${path}.partial`;
    this.fd = fs.openSync(this.partial, 'w');
    fs.writeSync(this.fd, MAGIC);
    this.band = new Uint8Array(this.bandRecords() * options.columns.length);
    this.tile = new Uint8Array(this.tileRows * this.tileColumns);
  }

  private bandRecords(): number {
    return this.options.orientation === 'germplasm-rows' ? this.tileRows : this.tileColumns;
  }

  /** The byte for a call text, adding it to the state table when new. */
  state(call: string): number {
    let code = this.states.get(call);
    if (code === undefined) {
      code = this.states.size;
      if (code >= MAX_STATES) throw new TooManyStatesError(`More than ${MAX_STATES - 1} distinct calls; the last was "${call}".`);
      this.states.set(call, code);
    }
    return code;
  }

  /** One record: its name and one call per column (missing calls may be '' or absent at the end). */
  add(name: string, calls: readonly string[]): void {
    if (this.closed) throw new MatrixFileError('The matrix file is already finished.');
    const width = this.options.columns.length;
    const start = this.inBand * width;
    const end = Math.min(calls.length, width);
    // Neighbouring calls are often the same (linkage): look a call up only when it changes.
    let last = '';
    let code = 0;
    for (let i = 0; i < end; i += 1) {
      const call = calls[i];
      if (call !== last) {
        code = this.state(call);
        last = call;
      }
      this.band[start + i] = code;
    }
    this.band.fill(0, start + end, start + width);
    this.names.push(name);
    this.inBand += 1;
    if (this.inBand === this.bandRecords()) this.flushBand();
  }

  private writeTile(tileRow: number, tileColumn: number, bytes: Uint8Array): void {
    const compressed = zlib.deflateRawSync(bytes, { level: this.level });
    fs.writeSync(this.fd, compressed, 0, compressed.length, this.offset);
    this.written.push({ tileRow, tileColumn, offset: this.offset, length: compressed.length });
    this.offset += compressed.length;
  }

  private flushBand(): void {
    if (this.inBand === 0) return;
    const width = this.options.columns.length;
    const bandIndex = Math.floor((this.names.length - 1) / this.bandRecords());
    const records = this.inBand;
    if (this.options.orientation === 'germplasm-rows') {
      // The band is tile rows × all markers: cut it into tiles along the markers.
      for (let tc = 0; tc < tileCount(width, this.tileColumns); tc += 1) {
        const c0 = tc * this.tileColumns;
        const cols = Math.min(this.tileColumns, width - c0);
        for (let r = 0; r < records; r += 1) this.tile.set(this.band.subarray(r * width + c0, r * width + c0 + cols), r * cols);
        this.writeTile(bandIndex, tc, this.tile.subarray(0, records * cols));
      }
    } else {
      // The band is tile columns (markers) × all germplasm, marker by marker: each tile is transposed to rows.
      for (let tr = 0; tr < tileCount(width, this.tileRows); tr += 1) {
        const r0 = tr * this.tileRows;
        const rows = Math.min(this.tileRows, width - r0);
        for (let m = 0; m < records; m += 1) {
          const source = m * width + r0;
          for (let r = 0; r < rows; r += 1) this.tile[r * records + m] = this.band[source + r];
        }
        this.writeTile(tr, bandIndex, this.tile.subarray(0, rows * records));
      }
    }
    this.inBand = 0;
  }

  /** Every tile written; their index in the footer is known at the end, when both dimensions are. */
  private readonly written: { tileRow: number; tileColumn: number; offset: number; length: number }[] = [];

  /** Writes the last band and the footer, and moves the file into place. */
  finish(): MatrixSummary {
    if (this.closed) throw new MatrixFileError('The matrix file is already finished.');
    this.flushBand();
    const germplasmRows = this.options.orientation === 'germplasm-rows';
    const rowNames = germplasmRows ? this.names : [...this.options.columns];
    const columnNames = germplasmRows ? [...this.options.columns] : this.names;
    const columnTiles = tileCount(columnNames.length, this.tileColumns);
    const total = tileCount(rowNames.length, this.tileRows) * columnTiles;
    const tileOffsets = new Array<number>(total).fill(0);
    const tileLengths = new Array<number>(total).fill(0);
    for (const tile of this.written) {
      const index = tile.tileRow * columnTiles + tile.tileColumn;
      tileOffsets[index] = tile.offset;
      tileLengths[index] = tile.length;
    }
    const states = [...this.states.keys()];
    const footer: Footer = { version: FORMAT_VERSION, tileRows: this.tileRows, tileColumns: this.tileColumns, rowNames, columnNames, states, tileOffsets, tileLengths };
    const encoded = encodeFooter(footer);
    fs.writeSync(this.fd, encoded, 0, encoded.length, this.offset);
    fs.writeSync(this.fd, trailer(this.offset, encoded.length), 0, 16, this.offset + encoded.length);
    const bytes = this.offset + encoded.length + 16;
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
    this.closed = true;
    fs.renameSync(this.partial, this.path);
    syncFolder(this.path);
    return { rows: rowNames.length, columns: columnNames.length, states, bytes };
  }

  /** Stops and removes what was written. */
  abort(): void {
    if (!this.closed) {
      this.closed = true;
      fs.closeSync(this.fd);
    }
    fs.rmSync(this.partial, { force: true });
  }
}
