import { SpillBytes } from './spill-bytes.js';

/**
 * A workbook's shared strings (every distinct text of its cells, in xl/sharedStrings.xml), kept as UTF-8 bytes
 * rather than as millions of JavaScript strings: a cell's string is decoded when its row is read. With the
 * bytes in a SpillBytes, a workbook's texts take a bounded amount of memory however many it has.
 *
 * Layout: `texts` holds, per string, one kind byte (a text, or none: an `<si>` without text) and its UTF-8
 * bytes; `ends` holds, per string, where its bytes end in `texts` (32 bits: the zip guard caps a workbook's
 * unpacked parts at 1 GiB).
 */

/** A shared string as exceljs' streaming reader gives it: plain text, rich text runs, or nothing. */
export type SharedStringValue = string | null | undefined | { richText: { text?: string | null }[] };

const TEXT = 0;
const NONE = 1;
const MAX_END = 0xffff_ffff;

export interface SharedStringsOptions {
  /** Bytes of text kept in memory before spilling to a temporary file. */
  memoryBytes?: number;
  /** Folder of the temporary files; default: the system's. */
  dir?: string;
  /** Told once, when the strings no longer fit in `memoryBytes` and a temporary file is started. */
  onSpill?(): void;
}

/** Defaults: a workbook with a few hundred thousand distinct texts keeps them all in memory. */
const TEXT_MEMORY = 8 * 1024 * 1024;

export class SharedStrings {
  private readonly texts: SpillBytes;
  private readonly ends: SpillBytes;
  private count = 0;

  constructor(options: SharedStringsOptions = {}) {
    const memoryBytes = options.memoryBytes ?? TEXT_MEMORY;
    let told = false;
    const onSpill = () => {
      if (!told) options.onSpill?.();
      told = true;
    };
    this.texts = new SpillBytes({ memoryBytes, dir: options.dir, onSpill });
    // Four bytes per string against some fifteen of text: a quarter of the budget.
    this.ends = new SpillBytes({ memoryBytes: Math.floor(memoryBytes / 4), dir: options.dir, onSpill });
  }

  get size(): number {
    return this.count;
  }

  /** Whether part of the strings went to a temporary file. */
  get spilled(): boolean {
    return this.texts.spilled || this.ends.spilled;
  }

  /** Adds the next string. Rich text is kept as its plain text, which is all an import reads of it. */
  add(value: SharedStringValue): void {
    const text = plainText(value);
    this.texts.appendByte(text === null ? NONE : TEXT);
    if (text !== null) this.texts.appendText(text);
    const end = this.texts.length;
    if (end > MAX_END) throw new Error('the workbook\'s shared strings are larger than 4 GiB');
    this.ends.appendUInt32(end);
    this.count += 1;
  }

  /** The string at `index` (0-based); undefined outside the table, as an array would answer. */
  get(index: number): string | null | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    const start = index === 0 ? 0 : this.ends.uint32At((index - 1) * 4);
    const end = this.ends.uint32At(index * 4);
    if (this.texts.byteAt(start) === NONE) return null;
    return this.texts.text(start + 1, end);
  }

  /**
   * An object exceljs' worksheet reader can index like its own array of shared strings
   * (`sharedStrings[n]`), each lookup decoding one string.
   */
  asArrayLike(): Readonly<Record<string, string | null | undefined>> {
    return new Proxy<Record<string, string | null | undefined>>(
      {},
      { get: (_target, key) => (typeof key === 'string' ? this.get(Number(key)) : undefined) },
    );
  }

  close(): void {
    this.texts.close();
    this.ends.close();
  }
}

/** Plain text of a shared string as the cell reader joins rich text runs (read-xlsx's cellValueText). */
function plainText(value: SharedStringValue): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return value.richText.map((run) => run.text ?? '').join('');
}
