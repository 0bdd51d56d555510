import { isAscii } from 'node:buffer';
import fs from 'node:fs/promises';
import { ImportFileError } from '../../../../server/import/file-error.js';
import { firstInvalidUtf8 } from '../../../../server/import/read-text.js';

/** Bytes read from the file at a time: large enough that a line rarely spans many chunks. */
const CHUNK_BYTES = 256 * 1024;
const CR = 0x0d;

/**
 * A UTF-8 text file's lines, read a chunk at a time: only the current chunk's lines are held. Lines end with
 * LF or CRLF (the CR is dropped); a byte order mark is skipped; bytes that are not UTF-8 stop the reading
 * with GENERIC_INVALID_ENCODING and the line they are on.
 *
 * Hot loops take lines without a promise each: `take()` until it answers undefined, then `await fill()`
 * (false at the end of the file). `next()` does both for code that is not hot.
 */
export class LineReader {
  /** 1-based number of the line last taken; 0 before the first. */
  line = 0;
  /** False when the line last taken is the file's last and has no line end (a file cut short, perhaps). */
  terminated = true;

  private lines: string[] = [];
  private index = 0;
  /** The text of a line begun in an earlier chunk, in parts (joined once its end is found). */
  private pending: string[] = [];
  /** Lines split off so far, taken or not: where an encoding error is. */
  private split = 0;
  private ended = false;
  private lastUnterminated = false;
  private first = true;
  private decoderHolds = false;
  private closed = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly buffer = Buffer.allocUnsafe(CHUNK_BYTES);

  private constructor(private readonly handle: fs.FileHandle) {}

  static async open(file: string): Promise<LineReader> {
    return new LineReader(await fs.open(file, 'r'));
  }

  /** The next line already read (without its line end), or undefined when they are used up: then fill(). */
  take(): string | undefined {
    if (this.index >= this.lines.length) return undefined;
    this.line += 1;
    const text = this.lines[this.index];
    this.index += 1;
    if (this.lastUnterminated && this.ended && this.index === this.lines.length) this.terminated = false;
    return text;
  }

  /** Reads on until at least one more line is there; false at the end of the file. */
  async fill(): Promise<boolean> {
    this.lines.length = 0;
    this.index = 0;
    while (this.lines.length === 0) {
      if (this.ended || this.closed) return false;
      const { bytesRead } = await this.handle.read(this.buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) this.finish();
      else this.splitText(this.decode(this.buffer.subarray(0, bytesRead)));
    }
    return true;
  }

  /** The next line, or null at the end of the file. */
  async next(): Promise<string | null> {
    const text = this.take();
    if (text !== undefined) return text;
    return (await this.fill()) ? (this.take() ?? null) : null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.handle.close();
  }

  private finish(): void {
    this.ended = true;
    const rest = this.decode(null);
    if (rest) this.pending.push(rest);
    if (this.pending.length > 0) {
      const text = this.pending.join('');
      this.pending = [];
      if (text !== '') {
        this.lines.push(stripCr(text));
        this.lastUnterminated = true;
      }
    }
  }

  private splitText(text: string): void {
    let start = 0;
    let end = text.indexOf('\n');
    if (end >= 0 && this.pending.length > 0) {
      this.pending.push(text.slice(0, end));
      this.lines.push(stripCr(this.pending.join('')));
      this.pending = [];
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    while (end >= 0) {
      this.lines.push(stripCr(text.slice(start, end)));
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    if (start < text.length) this.pending.push(text.slice(start));
    this.split += this.lines.length;
  }

  /**
   * ASCII chunks (most genotype files are ASCII throughout) are copied as they are, which is several times
   * faster than the checking decoder; it is used for the others, and after a chunk that may have ended
   * inside a character (the decoder then holds that character's first bytes).
   */
  private decode(bytes: Buffer | null): string {
    if (bytes !== null && !this.decoderHolds && isAscii(bytes)) {
      this.first = false;
      return bytes.toString('latin1');
    }
    if (bytes !== null) this.decoderHolds = bytes[bytes.length - 1] >= 0x80;
    try {
      return bytes === null ? this.decoder.decode() : this.decoder.decode(bytes, { stream: true });
    } catch {
      throw this.encodingError(bytes ?? Buffer.alloc(0));
    } finally {
      this.first = false;
    }
  }

  private encodingError(bytes: Buffer): ImportFileError {
    if (this.first && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
      return new ImportFileError('GENERIC_INVALID_ENCODING', 'The file is UTF-16 encoded; it must be UTF-8.', 'UTF-16');
    }
    // A character cut by the chunk's start was begun in the previous chunk: the error is then at 0.
    const bad = Math.max(0, firstInvalidUtf8(bytes));
    let line = this.split + 1;
    for (let i = bytes.indexOf(0x0a); i >= 0 && i < bad; i = bytes.indexOf(0x0a, i + 1)) line += 1;
    const byte = bad < bytes.length ? `0x${bytes[bad].toString(16).toUpperCase().padStart(2, '0')}` : null;
    return new ImportFileError(
      'GENERIC_INVALID_ENCODING',
      `The file must be UTF-8 encoded text; line ${line} contains ${byte ? `the byte ${byte}, which is` : 'bytes that are'} not valid UTF-8.`,
      byte,
    );
  }
}

function stripCr(text: string): string {
  return text.length > 0 && text.charCodeAt(text.length - 1) === CR ? text.slice(0, -1) : text;
}

/** V8 cuts a substring of this length or more as a view into its parent; shorter ones are copies. */
const VIEW_LENGTH = 13;

/**
 * The text, holding no reference to the line (and the read chunk) it was cut from. V8 keeps a longer
 * substring as a view of its parent, so a marker name the importer keeps for the whole file would keep the
 * 256 KiB chunk it came from alive: a million names would hold the whole file. Appending a character makes
 * a new string; cutting it off again copies the text into a string of its own.
 */
export function ownText(text: string): string {
  return text.length < VIEW_LENGTH ? text : `${text}\u0000`.slice(0, -1);
}
