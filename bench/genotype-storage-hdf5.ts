import fs from 'node:fs';
import type * as H5 from 'h5wasm/node';
import type { GenotypeOrientation } from '../src/plugins/genotypes/import/genotype-source.js';
import type { SubsetSource } from './genotype-storage-text.js';

/*
 * Germinate's genotype storage, written and read through h5wasm (libhdf5 compiled to WebAssembly; in Node
 * it reaches the real file system directly): a file with `Lines`, `Markers`, `StateTable` (string arrays,
 * deflate) and `DataMatrix` (uint8, rows = germplasm, each cell an index into StateTable), and its
 * `transposed-` copy with `DataMatrix` rows = markers, which Germinate keeps for marker-wise exports.
 *
 * Records are mapped to codes as they arrive and written 100 at a time (Germinate's write cache) into the
 * matrix whose rows they are: DataMatrix when they arrive germplasm by germplasm, the transposed copy when
 * they arrive marker by marker. The other matrix is then made by reading the first back in bands of whole
 * columns (at most BAND_BYTES of calls) and writing their transpose: memory stays bounded, at the price of
 * inflating the first matrix once per band.
 *
 * h5wasm is loaded on demand (loadHdf5): its WebAssembly heap and module weigh some 40 MiB, which a
 * process that never touches HDF5 should not carry.
 */

let loaded: typeof H5 | null = null;

export async function loadHdf5(): Promise<void> {
  const h5 = await import('h5wasm/node');
  await h5.ready;
  loaded = h5;
}

function lib(): typeof H5 {
  if (!loaded) throw new Error('loadHdf5() first');
  return loaded;
}

export interface Hdf5Layout {
  /** Deflate level of the matrices; 0 writes them without a filter. */
  level: number;
  /** Rows per chunk of a matrix of `rows × width` calls. */
  chunkRows(rows: number, width: number): number;
}

const FOUR_GIB = 4 * 1024 ** 3;
/** Level of the string arrays: JHDF5's default deflate level, which Germinate's string arrays use. */
const NAMES_LEVEL = 6;
/** Records written per write, as Germinate's converter caches them. */
const WRITE_CACHE = 100;
/** Calls held by one band of the transposing pass. */
export const BAND_BYTES = 64 * 1024 * 1024;
/** Rows read per band of a subset: one chunk of the deflate layout. */
const READ_ROWS = 100;

/** The brief's reading of Germinate's layout: chunks of 100 rows of the full width, deflate level 6. */
export const DEFLATE_LAYOUT: Hdf5Layout = { level: 6, chunkRows: (rows) => Math.max(1, Math.min(rows, 100)) };
/**
 * Germinate's importer as written: the matrix gets no filter, and a chunk holds as many whole rows as
 * fit in 4 GiB (the whole matrix, below 4 GiB).
 */
export const GERMINATE_LAYOUT: Hdf5Layout = {
  level: 0,
  chunkRows: (rows, width) => Math.max(1, Math.min(rows, Math.floor((FOUR_GIB - 1) / Math.max(1, width)))),
};

function createMatrix(file: H5.File, rows: number, width: number, layout: Hdf5Layout): H5.Dataset {
  return file.create_dataset({
    name: 'DataMatrix',
    data: new Uint8Array(0),
    shape: [0, width],
    maxshape: [null, width],
    dtype: '<B',
    chunks: [layout.chunkRows(rows, width), width],
    compression: layout.level > 0 ? layout.level : undefined,
  });
}

/** A string array as fixed-length strings (deflate needs a fixed size), chunked and deflated. */
function writeStrings(file: H5.File, name: string, values: readonly string[]): void {
  let size = 1;
  for (const value of values) size = Math.max(size, Buffer.byteLength(value));
  file.create_dataset({ name, data: [...values], dtype: `S${size}`, chunks: [Math.max(1, Math.min(values.length, 65_536))], compression: NAMES_LEVEL });
}

function bytes(output: H5.OutputData | null): Uint8Array {
  if (!(output instanceof Uint8Array)) throw new Error('DataMatrix did not read as bytes');
  return output;
}

function strings(dataset: H5.Entity | null): string[] {
  if (!(dataset instanceof lib().Dataset)) throw new Error('string array missing');
  const value = dataset.value;
  if (!Array.isArray(value)) throw new Error('string array did not read as strings');
  return value.map(String);
}

/** fsync, as the matrix writer does before its rename, so both imports end on disk. */
function sync(file: string): void {
  const fd = fs.openSync(file, 'r+');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
}

export interface Hdf5WriterOptions {
  orientation: GenotypeOrientation;
  /** The names along the records: markers (germplasm-rows) or germplasm (marker-rows). */
  columns: readonly string[];
  /** How many records will come: Germinate counts the lines of a file before it creates the matrix. */
  records: number;
  layout: Hdf5Layout;
}

export class Hdf5GenotypeWriter {
  private readonly directPath: string;
  private readonly otherPath: string;
  private readonly direct: H5.File;
  private readonly matrix: H5.Dataset;
  private readonly width: number;
  private readonly band: Uint8Array;
  private inBand = 0;
  private written = 0;
  private readonly names: string[] = [];
  private readonly states = new Map<string, number>([['', 0]]);

  constructor(
    private readonly file: string,
    private readonly transposedFile: string,
    private readonly options: Hdf5WriterOptions,
  ) {
    const germplasmRows = options.orientation === 'germplasm-rows';
    this.directPath = germplasmRows ? file : transposedFile;
    this.otherPath = germplasmRows ? transposedFile : file;
    this.width = options.columns.length;
    this.direct = new (lib().File)(`${this.directPath}.partial`, 'w');
    this.matrix = createMatrix(this.direct, options.records, this.width, options.layout);
    this.band = new Uint8Array(WRITE_CACHE * this.width);
  }

  private state(call: string): number {
    let code = this.states.get(call);
    if (code === undefined) {
      code = this.states.size;
      if (code > 255) throw new Error(`More than 255 distinct calls; the last was "${call}".`);
      this.states.set(call, code);
    }
    return code;
  }

  add(name: string, calls: readonly string[]): void {
    const start = this.inBand * this.width;
    const end = Math.min(calls.length, this.width);
    for (let i = 0; i < end; i += 1) this.band[start + i] = this.state(calls[i]);
    this.band.fill(0, start + end, start + this.width);
    this.names.push(name);
    this.inBand += 1;
    if (this.inBand === WRITE_CACHE) this.flush();
  }

  private flush(): void {
    if (this.inBand === 0) return;
    const end = this.written + this.inBand;
    this.matrix.resize([end, this.width]);
    this.matrix.write_slice([[this.written, end], []], this.band.subarray(0, this.inBand * this.width));
    this.written = end;
    this.inBand = 0;
  }

  /** Writes the last records, the string arrays, then the other matrix from this one; returns both files' bytes. */
  finish(): number {
    this.flush();
    const germplasmRows = this.options.orientation === 'germplasm-rows';
    const lines = germplasmRows ? this.names : this.options.columns;
    const markers = germplasmRows ? this.options.columns : this.names;
    const states = [...this.states.keys()];
    const other = new (lib().File)(`${this.otherPath}.partial`, 'w');
    try {
      for (const file of [this.direct, other]) {
        writeStrings(file, 'Lines', lines);
        writeStrings(file, 'Markers', markers);
        writeStrings(file, 'StateTable', states);
      }
      this.transposeInto(other);
    } finally {
      other.close();
      this.direct.close();
    }
    let total = 0;
    for (const target of [this.directPath, this.otherPath]) {
      sync(`${target}.partial`);
      fs.renameSync(`${target}.partial`, target);
      total += fs.statSync(target).size;
    }
    return total;
  }

  /** The other matrix: bands of whole columns of this one (a multiple of 100, so its chunks are written whole). */
  private transposeInto(other: H5.File): void {
    const rows = this.written;
    const target = createMatrix(other, this.width, rows, this.options.layout);
    const bandColumns = Math.max(WRITE_CACHE, Math.floor(BAND_BYTES / Math.max(1, rows) / WRITE_CACHE) * WRITE_CACHE);
    for (let c0 = 0; c0 < this.width; c0 += bandColumns) {
      const c1 = Math.min(this.width, c0 + bandColumns);
      const columns = c1 - c0;
      const block = bytes(this.matrix.slice([[], [c0, c1]]));
      const transposed = new Uint8Array(columns * rows);
      for (let r = 0; r < rows; r += 1) {
        const from = r * columns;
        for (let c = 0; c < columns; c += 1) transposed[c * rows + r] = block[from + c];
      }
      target.resize([c1, rows]);
      target.write_slice([[c0, c1], []], transposed);
    }
  }

  abort(): void {
    this.direct.close();
    for (const target of [this.directPath, this.otherPath]) fs.rmSync(`${target}.partial`, { force: true });
  }
}

/** Ascending indexes grouped by band of `size` (key = index ÷ size). */
function bands(indexes: readonly number[], size: number): { key: number; items: number[] }[] {
  const out: { key: number; items: number[] }[] = [];
  for (const index of indexes) {
    const key = Math.floor(index / size);
    const last = out[out.length - 1];
    if (last && last.key === key) last.items.push(index);
    else out.push({ key, items: [index] });
  }
  return out;
}

/** Lines of a subset from a matrix read 100 whole rows at a time (one chunk of the deflate layout). */
function* matrixLines(matrix: H5.Dataset, lines: readonly number[], picks: readonly number[]): Generator<{ index: number; codes: Uint8Array }> {
  const [rows, width] = matrix.shape ?? [0, 0];
  for (const band of bands(lines, READ_ROWS)) {
    const r0 = band.key * READ_ROWS;
    const block = bytes(matrix.slice([[r0, Math.min(rows, r0 + READ_ROWS)], []]));
    for (const line of band.items) {
      const base = (line - r0) * width;
      const codes = new Uint8Array(picks.length);
      for (let k = 0; k < picks.length; k += 1) codes[k] = block[base + picks[k]];
      yield { index: line, codes };
    }
  }
}

/** Reads subsets: germplasm-major from DataMatrix, marker-major from the transposed copy. */
export class Hdf5GenotypeReader implements SubsetSource {
  private constructor(
    private readonly file: H5.File,
    private readonly transposedFile: string,
    readonly states: readonly string[],
    private readonly lines: readonly string[],
    private readonly markers: readonly string[],
  ) {}

  static open(file: string, transposedFile: string): Hdf5GenotypeReader {
    const h5 = new (lib().File)(file, 'r');
    return new Hdf5GenotypeReader(h5, transposedFile, strings(h5.get('StateTable')), strings(h5.get('Lines')), strings(h5.get('Markers')));
  }

  rowName(index: number): string {
    return this.lines[index];
  }

  columnName(index: number): string {
    return this.markers[index];
  }

  private matrixOf(file: H5.File): H5.Dataset {
    const matrix = file.get('DataMatrix');
    if (!(matrix instanceof lib().Dataset)) throw new Error('DataMatrix missing');
    return matrix;
  }

  async *rowLines(rows: readonly number[], columns: readonly number[]): AsyncGenerator<{ index: number; codes: Uint8Array }> {
    yield* matrixLines(this.matrixOf(this.file), rows, columns);
  }

  async *columnLines(columns: readonly number[], rows: readonly number[]): AsyncGenerator<{ index: number; codes: Uint8Array }> {
    const transposed = new (lib().File)(this.transposedFile, 'r');
    try {
      yield* matrixLines(this.matrixOf(transposed), columns, rows);
    } finally {
      transposed.close();
    }
  }

  close(): void {
    this.file.close();
  }
}
