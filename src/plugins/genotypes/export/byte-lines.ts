/**
 * Text files of genotype calls built as bytes: each state's cell (a TAB and its text) is encoded once, and a
 * line is the cells of its codes copied into a chunk, never a string per call. Chunks of about 1 MiB leave
 * the writer as Buffers that nobody changes afterwards (each chunk is a fresh allocation).
 */

const encoder = new TextEncoder();
const CHUNK = 1 << 20;
/** A packed cell writes 4 bytes whatever its length: the line's room includes this slack. */
const SLACK = 4;

export const encode = (text: string): Uint8Array => encoder.encode(text);

/** The cells a line's codes index: bytes, and when every cell fits in 4 bytes, packed words and lengths. */
export interface Cells {
  readonly cells: readonly Uint8Array[];
  readonly lengths: Uint8Array;
  readonly packed: Uint32Array | null;
  /** The longest cell's bytes: a line needs at most codes × widest. */
  readonly widest: number;
}

/** A cell's bytes as one little-endian word (cells of at most 4 bytes). */
export const packCell = (cell: Uint8Array): number => cell.reduce((word, byte, i) => word | (byte << (8 * i)), 0) >>> 0;

/**
 * The cell of each state byte, `\t` + text, and when every cell fits in 4 bytes (SNP calls do) each packed
 * into one little-endian word: a cell is then one 32-bit store, the bytes past its length overwritten by
 * the next cell.
 */
export class CellTable implements Cells {
  readonly cells: Uint8Array[];
  readonly lengths: Uint8Array;
  readonly packed: Uint32Array | null;
  readonly widest: number;

  constructor(texts: readonly string[]) {
    this.cells = texts.map((text) => encode(`\t${text}`));
    // A cell wider than 255 bytes cannot be packed nor counted in a byte: such tables take the byte loop.
    this.widest = this.cells.reduce((max, cell) => Math.max(max, cell.length), 0);
    this.lengths = Uint8Array.from(this.cells, (cell) => Math.min(cell.length, 255));
    this.packed = this.widest <= 4 ? Uint32Array.from(this.cells, packCell) : null;
  }
}

/** Output in chunks: reserve room for a line, write into it, and take the chunk once it is full. */
export class ChunkedBytes {
  private buffer = Buffer.allocUnsafe(CHUNK);
  private view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.length);
  private used = 0;

  /**
   * Makes room for `bytes` more; when the current chunk has not that room, it is returned (to be emitted)
   * and a new one started, large enough for the line.
   */
  reserve(bytes: number): Buffer | null {
    const need = bytes + SLACK;
    if (this.used + need <= this.buffer.length) return null;
    const full = this.used > 0 ? this.buffer.subarray(0, this.used) : null;
    this.buffer = Buffer.allocUnsafe(Math.max(CHUNK, need));
    this.view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.length);
    this.used = 0;
    return full;
  }

  /** The chunk when it is at least half full (else null): emitted between lines, so chunks stay large. */
  takeIfFull(): Buffer | null {
    return this.used >= this.buffer.length / 2 ? this.take() : null;
  }

  /** Whatever is written, as a chunk of its own (null when nothing is). */
  take(): Buffer | null {
    if (this.used === 0) return null;
    const full = this.buffer.subarray(0, this.used);
    this.buffer = Buffer.allocUnsafe(CHUNK);
    this.view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.length);
    this.used = 0;
    return full;
  }

  /** Bytes already reserved for. */
  bytes(value: Uint8Array): void {
    this.buffer.set(value, this.used);
    this.used += value.length;
  }

  byte(value: number): void {
    this.buffer[this.used] = value;
    this.used += 1;
  }

  /** The cells of `codes` (room reserved for `codes.length × table.widest`). */
  cells(codes: Uint8Array, table: Cells): void {
    let at = this.used;
    const { packed, lengths } = table;
    if (packed) {
      const view = this.view;
      for (let i = 0; i < codes.length; i += 1) {
        const code = codes[i];
        view.setUint32(at, packed[code], true);
        at += lengths[code];
      }
    } else {
      const buffer = this.buffer;
      const cells = table.cells;
      for (let i = 0; i < codes.length; i += 1) {
        const cell = cells[codes[i]];
        for (let j = 0; j < cell.length; j += 1) buffer[at + j] = cell[j];
        at += cell.length;
      }
    }
    this.used = at;
  }
}

export const TAB = 0x09;
export const LF = 0x0a;

/** Writes whole texts through a ChunkedBytes; for header lines and other rare text. */
export function* textChunks(out: ChunkedBytes, text: string): Generator<Buffer> {
  const bytes = encode(text);
  const full = out.reserve(bytes.length);
  if (full) yield full;
  out.bytes(bytes);
  const taken = out.takeIfFull();
  if (taken) yield taken;
}
