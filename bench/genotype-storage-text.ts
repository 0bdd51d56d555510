import fs from 'node:fs';

/*
 * The text a subset export writes, the same for every candidate so that only the storage differs:
 * Flapjack (germplasm-major: `Accession/Marker` header, one line per germplasm, missing = empty cell) and
 * HapMap (marker-major: the 11 fixed columns, one line per marker, missing = N, `/` removed, single
 * letters doubled). Each cell's bytes (a TAB and the call) are encoded once per state, not per call.
 */

const encoder = new TextEncoder();

/**
 * Each state's cell (a TAB and the call) as bytes, and, when every cell fits in 4 bytes (SNP calls do),
 * packed into one little-endian word: a cell is then one unaligned 32-bit store, twice as fast as a loop
 * over its bytes (the bytes past its length are overwritten by the next cell).
 */
export class CellTable {
  readonly cells: Uint8Array[];
  readonly lengths: Uint8Array;
  readonly packed: Uint32Array | null;

  constructor(texts: readonly string[]) {
    this.cells = texts.map((text) => encoder.encode(`\t${text}`));
    this.lengths = Uint8Array.from(this.cells, (cell) => cell.length);
    this.packed = this.cells.every((cell) => cell.length <= 4)
      ? Uint32Array.from(this.cells, (cell) => cell.reduce((word, byte, i) => word | (byte << (8 * i)), 0) >>> 0)
      : null;
  }
}

/** Flapjack's cells: the call, missing = empty. */
export function flapjackCells(states: readonly string[]): CellTable {
  return new CellTable(states);
}

/** HapMap's cells: missing = N, `/` removed, a single letter doubled. */
export function hapmapCells(states: readonly string[]): CellTable {
  return new CellTable(
    states.map((state) => {
      const letters = state === '' ? 'N' : state.replaceAll('/', '');
      return letters.length === 1 ? letters + letters : letters;
    }),
  );
}

export const FLAPJACK_HEADER = '# fjFile = GENOTYPE\n\nAccession/Marker';
export const HAPMAP_HEADER = 'rs#\talleles\tchrom\tpos\tstrand\tassembly#\tcenter\tprotLSID\tassayLSID\tpanelLSID\tQCcode';
/** The fixed columns of a HapMap marker line after its name: alleles NA, no map, NA for the rest. */
export const HAPMAP_FIXED = '\tNA\t\t\tNA\tNA\tNA\tNA\tNA\tNA\tNA';

/** A text file written through a 1 MiB buffer. */
export class TextOut {
  private readonly fd: number;
  private readonly buffer = new Uint8Array(1024 * 1024);
  private readonly view = new DataView(this.buffer.buffer);
  private used = 0;
  bytes = 0;

  constructor(file: string) {
    this.fd = fs.openSync(file, 'w');
  }

  private flush(): void {
    fs.writeSync(this.fd, this.buffer, 0, this.used);
    this.bytes += this.used;
    this.used = 0;
  }

  text(value: string): void {
    this.raw(encoder.encode(value));
  }

  private raw(value: Uint8Array): void {
    if (this.used + value.length > this.buffer.length) this.flush();
    if (value.length > this.buffer.length) {
      fs.writeSync(this.fd, value);
      this.bytes += value.length;
    } else {
      this.buffer.set(value, this.used);
      this.used += value.length;
    }
  }

  /** A TAB-separated list of names (a header's tail). */
  names(names: readonly string[]): void {
    for (const name of names) this.text(`\t${name}`);
  }

  /** One cell per code. */
  cells(codes: Uint8Array, table: CellTable): void {
    if (table.packed) this.packedCells(codes, table.packed, table.lengths);
    else this.byteCells(codes, table.cells);
  }

  private packedCells(codes: Uint8Array, packed: Uint32Array, lengths: Uint8Array): void {
    const view = this.view;
    const limit = this.buffer.length - 4;
    let used = this.used;
    for (let i = 0; i < codes.length; i += 1) {
      if (used > limit) {
        this.used = used;
        this.flush();
        used = 0;
      }
      const code = codes[i];
      view.setUint32(used, packed[code], true);
      used += lengths[code];
    }
    this.used = used;
  }

  private byteCells(codes: Uint8Array, cells: readonly Uint8Array[]): void {
    const buffer = this.buffer;
    let used = this.used;
    for (let i = 0; i < codes.length; i += 1) {
      const cell = cells[codes[i]];
      if (used + cell.length > buffer.length) {
        this.used = used;
        this.flush();
        used = 0;
      }
      for (let k = 0; k < cell.length; k += 1) buffer[used + k] = cell[k];
      used += cell.length;
    }
    this.used = used;
  }

  newline(): void {
    if (this.used + 1 > this.buffer.length) this.flush();
    this.buffer[this.used] = 10;
    this.used += 1;
  }

  close(): number {
    this.flush();
    fs.closeSync(this.fd);
    return this.bytes;
  }
}

/** What a subset export gets from a store: names, states, and the lines of codes in order. */
export interface SubsetSource {
  states: readonly string[];
  rowName(index: number): string;
  columnName(index: number): string;
  /** Germplasm-major: one line per selected row, codes at the selected columns. */
  rowLines(rows: readonly number[], columns: readonly number[]): AsyncIterable<{ index: number; codes: Uint8Array }>;
  /** Marker-major: one line per selected column, codes at the selected rows. */
  columnLines(columns: readonly number[], rows: readonly number[]): AsyncIterable<{ index: number; codes: Uint8Array }>;
}

/** Writes the Flapjack genotype text of the subset (germplasm-major) to `file`; returns its bytes. */
export async function writeFlapjack(source: SubsetSource, rows: readonly number[], columns: readonly number[], file: string): Promise<number> {
  const out = new TextOut(file);
  out.text(FLAPJACK_HEADER);
  out.names(columns.map((c) => source.columnName(c)));
  out.newline();
  const cells = flapjackCells(source.states);
  for await (const line of source.rowLines(rows, columns)) {
    out.text(source.rowName(line.index));
    out.cells(line.codes, cells);
    out.newline();
  }
  return out.close();
}

/** Writes the HapMap text of the subset (marker-major) to `file`; returns its bytes. */
export async function writeHapmap(source: SubsetSource, rows: readonly number[], columns: readonly number[], file: string): Promise<number> {
  const out = new TextOut(file);
  out.text(HAPMAP_HEADER);
  out.names(rows.map((r) => source.rowName(r)));
  out.newline();
  const cells = hapmapCells(source.states);
  for await (const line of source.columnLines(columns, rows)) {
    out.text(source.columnName(line.index) + HAPMAP_FIXED);
    out.cells(line.codes, cells);
    out.newline();
  }
  return out.close();
}
