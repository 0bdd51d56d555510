import fs from 'node:fs';
import path from 'node:path';
import { LineReader } from '../import/readers/lines.js';
import { MARKERS_LABEL } from '../import/readers/germplasm-rows.js';

/**
 * The stored allele-frequency matrix, as Germinate keeps it: DATA_DIR/data/allelefreq/<datasets.source_file>,
 * tab-separated UTF-8 text, a header line (a label, then the marker names), then one line per germplasm (its
 * name as the upload wrote it, then its frequencies as written, empty where missing), LF line ends, no
 * comment lines. Kept as text rather than binary: the numbers stay exactly as written (no float rounding in
 * the unbinned export), `download-source` serves the file itself, and a Germinate server reading the same
 * folder would find its own layout. It is read line by line, never whole.
 */

/** Where allele-frequency files live (the datasets domain deletes and serves them there by source_file). */
export const allelefreqFolder = (dataDir: string) => path.join(dataDir, 'data', 'allelefreq');

/** Bytes collected before a write: large writes, few calls. */
const WRITE_BYTES = 1 << 20;

/** Writes a frequency file line by line (synchronously: it runs in the import's worker, before its transaction). */
export class FrequencyFileWriter {
  private readonly fd: number;
  private parts: string[] = [];
  private pending = 0;
  private closed = false;

  constructor(readonly file: string, markers: readonly string[]) {
    this.fd = fs.openSync(file, 'wx');
    this.line(MARKERS_LABEL, markers);
  }

  /** One line: the first cell, then the cells (none may hold a TAB or a line end: the readers split on those). */
  line(first: string, cells: readonly string[]): void {
    const text = `${first}\t${cells.join('\t')}\n`;
    this.parts.push(text);
    this.pending += text.length;
    if (this.pending >= WRITE_BYTES) this.flush();
  }

  private flush(): void {
    if (this.parts.length === 0) return;
    fs.writeSync(this.fd, this.parts.join(''));
    this.parts = [];
    this.pending = 0;
  }

  finish(): void {
    this.flush();
    this.close();
  }

  /** Stops and removes the file. */
  abort(): void {
    this.close();
    fs.rmSync(this.file, { force: true });
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    fs.closeSync(this.fd);
  }
}

/** One germplasm's line: its name and its cells (one per marker, '' where missing). */
export interface FrequencyLine {
  name: string;
  cells: string[];
}

/**
 * A stored frequency file opened for one reading: its header, then its lines. Empty lines and `#` lines
 * (which a file placed by hand may hold) are skipped.
 */
export class FrequencyFileReader {
  private constructor(
    private readonly lines: LineReader,
    /** The header's first cell, kept as the exports' first column heading. */
    readonly label: string,
    readonly markers: string[],
  ) {}

  static async open(file: string): Promise<FrequencyFileReader> {
    const lines = await LineReader.open(file);
    try {
      for (let text = await lines.next(); text !== null; text = await lines.next()) {
        if (text === '' || text.startsWith('#')) continue;
        const cells = text.split('\t');
        return new FrequencyFileReader(lines, cells[0], cells.slice(1));
      }
      return new FrequencyFileReader(lines, MARKERS_LABEL, []);
    } catch (error) {
      await lines.close();
      throw error;
    }
  }

  /** The germplasm lines in file order; the file is closed when they end or the caller stops. */
  async *rows(): AsyncGenerator<FrequencyLine> {
    const lines = this.lines;
    try {
      for (;;) {
        const text = lines.take();
        if (text === undefined) {
          if (!(await lines.fill())) break;
          continue;
        }
        if (text === '' || text.startsWith('#')) continue;
        const cells = text.split('\t');
        yield { name: cells[0].trim(), cells: cells.slice(1) };
      }
    } finally {
      await lines.close();
    }
  }

  close(): Promise<void> {
    return this.lines.close();
  }
}

/** A cell's frequency, or null when it is empty or (in a file placed by hand) not a number from 0 to 1. */
export function frequencyOf(cell: string | undefined): number | null {
  if (cell === undefined || cell === '') return null;
  const value = Number(cell);
  return cell.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= 1 ? value : null;
}
