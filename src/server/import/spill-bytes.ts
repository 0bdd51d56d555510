import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * An append-only store of bytes whose memory does not grow with what it holds: the first `memoryBytes` stay
 * in memory, the rest go to a temporary file, read back through a small cache of pages. Used for the parts of
 * a workbook that must be looked up while its rows stream by (its shared strings), which may be as large as
 * the workbook itself.
 */

/** Page size: a power of two and a multiple of 4, so a 32-bit number appended on its own never straddles two pages. */
export const SPILL_PAGE = 64 * 1024;

export interface SpillOptions {
  /** Bytes kept in memory before the store spills to its file (rounded down to whole pages). */
  memoryBytes: number;
  /** Spilled pages kept in memory for reading: lookups mostly move forwards, as rows do. */
  cachePages?: number;
  /** Folder of the temporary file; default: the system's. */
  dir?: string;
  /** Told when the temporary file is started. */
  onSpill?(): void;
}

export class SpillBytes {
  private readonly resident: Buffer[] = [];
  private readonly memoryPages: number;
  private readonly cachePages: number;
  private readonly dir: string;
  private readonly onSpill: (() => void) | undefined;
  /** The page being filled: page number `fullPages`, always in memory. */
  private tail = Buffer.allocUnsafe(SPILL_PAGE);
  private tailUsed = 0;
  private fullPages = 0;
  private fd: number | null = null;
  /** Set only where an open file could not be unlinked (not on Linux or macOS): removed on close. */
  private fileToRemove: string | null = null;
  /** Spilled pages read back, least recently used first. */
  private readonly cache = new Map<number, Buffer>();
  /** The spilled page read last: most lookups hit it, and it saves the cache's reordering (-1: none). */
  private lastPage = -1;
  private lastBuffer: Buffer | null = null;
  private closed = false;

  constructor(options: SpillOptions) {
    this.memoryPages = Math.max(0, Math.floor(options.memoryBytes / SPILL_PAGE));
    this.cachePages = Math.max(1, options.cachePages ?? 16);
    this.dir = options.dir ?? os.tmpdir();
    this.onSpill = options.onSpill;
  }

  get length(): number {
    return this.fullPages * SPILL_PAGE + this.tailUsed;
  }

  /** Whether part of the bytes lives in the temporary file. */
  get spilled(): boolean {
    return this.fd !== null;
  }

  append(bytes: Uint8Array): void {
    let from = 0;
    while (from < bytes.length) {
      const count = Math.min(SPILL_PAGE - this.tailUsed, bytes.length - from);
      this.tail.set(bytes.subarray(from, from + count), this.tailUsed);
      this.tailUsed += count;
      from += count;
      if (this.tailUsed === SPILL_PAGE) this.finishPage();
    }
  }

  appendByte(value: number): void {
    this.tail[this.tailUsed] = value;
    this.tailUsed += 1;
    if (this.tailUsed === SPILL_PAGE) this.finishPage();
  }

  /** Appends a string's UTF-8 bytes; returns how many. Short strings are encoded straight into the page. */
  appendText(text: string): number {
    const size = Buffer.byteLength(text, 'utf8');
    if (size <= SPILL_PAGE - this.tailUsed) {
      this.tail.write(text, this.tailUsed, 'utf8');
      this.tailUsed += size;
      if (this.tailUsed === SPILL_PAGE) this.finishPage();
    } else {
      this.append(Buffer.from(text, 'utf8'));
    }
    return size;
  }

  /** Appends an unsigned 32-bit number (little endian). Aligned when only such numbers are appended. */
  appendUInt32(value: number): void {
    if (this.tailUsed + 4 <= SPILL_PAGE) {
      this.tail.writeUInt32LE(value, this.tailUsed);
      this.tailUsed += 4;
      if (this.tailUsed === SPILL_PAGE) this.finishPage();
    } else {
      const bytes = Buffer.allocUnsafe(4);
      bytes.writeUInt32LE(value, 0);
      this.append(bytes);
    }
  }

  byteAt(position: number): number {
    return this.page(Math.floor(position / SPILL_PAGE))[position % SPILL_PAGE];
  }

  /** The 32-bit number at `position`, which must not straddle two pages (see appendUInt32). */
  uint32At(position: number): number {
    const offset = position % SPILL_PAGE;
    if (offset + 4 > SPILL_PAGE) throw new RangeError('a 32-bit number straddles two pages');
    return this.page(Math.floor(position / SPILL_PAGE)).readUInt32LE(offset);
  }

  /** The UTF-8 text of bytes [start, end). */
  text(start: number, end: number): string {
    if (end <= start) return '';
    const first = Math.floor(start / SPILL_PAGE);
    const last = Math.floor((end - 1) / SPILL_PAGE);
    if (first === last) return this.page(first).toString('utf8', start % SPILL_PAGE, ((end - 1) % SPILL_PAGE) + 1);
    // Across pages: gather the bytes first, as a character may be split between two pages.
    const bytes = Buffer.allocUnsafe(end - start);
    let at = 0;
    for (let n = first; n <= last; n += 1) {
      const from = n === first ? start % SPILL_PAGE : 0;
      const to = n === last ? ((end - 1) % SPILL_PAGE) + 1 : SPILL_PAGE;
      at += this.page(n).copy(bytes, at, from, to);
    }
    return bytes.toString('utf8');
  }

  /** Frees the pages and closes (and so deletes) the temporary file. Safe to call twice. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.resident.length = 0;
    this.cache.clear();
    this.lastPage = -1;
    this.lastBuffer = null;
    this.tail = Buffer.alloc(0);
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
    if (this.fileToRemove) fs.rmSync(this.fileToRemove, { force: true });
  }

  private finishPage(): void {
    if (this.fullPages < this.memoryPages) {
      this.resident.push(this.tail);
      this.tail = Buffer.allocUnsafe(SPILL_PAGE);
    } else {
      // The same buffer is reused for the next page once its bytes are in the file.
      fs.writeSync(this.file(), this.tail, 0, SPILL_PAGE, (this.fullPages - this.memoryPages) * SPILL_PAGE);
    }
    this.fullPages += 1;
    this.tailUsed = 0;
  }

  private file(): number {
    if (this.closed) throw new Error('the byte store is closed');
    if (this.fd !== null) return this.fd;
    const name = path.join(this.dir, `germinate-spill-${randomBytes(8).toString('hex')}`);
    this.fd = fs.openSync(name, 'wx+', 0o600);
    // Unlinked at once where the system allows it: the file then disappears with the process, even a killed one.
    try {
      fs.unlinkSync(name);
    } catch {
      this.fileToRemove = name;
    }
    this.onSpill?.();
    return this.fd;
  }

  private page(n: number): Buffer {
    if (n < this.resident.length) return this.resident[n];
    if (n === this.fullPages) return this.tail;
    if (n === this.lastPage && this.lastBuffer) return this.lastBuffer;
    if (n > this.fullPages || n < 0 || this.fd === null) throw new RangeError(`page ${n} is outside the store`);
    const cached = this.cache.get(n);
    if (cached) {
      // Most recently used goes last.
      this.cache.delete(n);
      this.cache.set(n, cached);
      this.lastPage = n;
      this.lastBuffer = cached;
      return cached;
    }
    let buffer: Buffer;
    if (this.cache.size >= this.cachePages) {
      const [oldest, evicted] = this.cache.entries().next().value as [number, Buffer];
      this.cache.delete(oldest);
      buffer = evicted;
    } else {
      buffer = Buffer.allocUnsafe(SPILL_PAGE);
    }
    fs.readSync(this.fd, buffer, 0, SPILL_PAGE, (n - this.memoryPages) * SPILL_PAGE);
    this.cache.set(n, buffer);
    // The evicted buffer may have been the last page's: it now holds page n.
    this.lastPage = n;
    this.lastBuffer = buffer;
    return buffer;
  }
}
