import fs from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';

/** fflate writes no ZIP64 records: an entry must stay below 4 GiB. */
const MAX_ENTRY = 0xffff_ffff;
/** Chunks deflated at once: zlib's thread pool has 4 threads. */
const PARALLEL = 3;
/** A deflate stream's last block when every piece before it ended with a full flush: fixed codes, no data. */
const EMPTY_FINAL_BLOCK = Uint8Array.of(0x03, 0x00);
const deflatePiece = promisify(zlib.deflateRaw);
/** Output buffer of one piece: large enough for a deflated 1 MiB chunk in one go (zlib's 16 KiB default means dozens of hops). */
const PIECE_OUTPUT = 512 * 1024;

/**
 * A zip archive written entry by entry as its content is produced: each entry's chunks go through Node's
 * zlib (deflate, level 1: genotype text compresses well even so, and the export is bound by it) and fflate
 * lays out the archive around the compressed bytes, with backpressure from the disk. The archive is
 * written to `<target>.partial` and renamed when complete, so a file at `target` is always whole.
 */
export class ZipOut {
  private failure: Error | null = null;
  private readonly zip: Zip;
  private bytes = 0;

  private constructor(
    private readonly target: string,
    private readonly out: fs.WriteStream,
    private readonly level: number,
  ) {
    out.on('error', (error) => (this.failure ??= error));
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure ??= error;
      else {
        this.bytes += chunk.length;
        out.write(chunk);
      }
    });
  }

  static partialOf(target: string): string {
    return `${target}.partial`;
  }

  static async create(target: string, level = 1): Promise<ZipOut> {
    const handle = await fs.promises.open(ZipOut.partialOf(target), 'w');
    return new ZipOut(target, handle.createWriteStream(), level);
  }

  private drained(): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        this.out.off('drain', done);
        this.out.off('error', done);
        resolve();
      };
      this.out.once('drain', done);
      this.out.once('error', done);
    });
  }

  private async write(compressed: Uint8Array, emit: NonNullable<ZipInputFile['ondata']>, final: boolean): Promise<void> {
    emit(null, compressed as Uint8Array<ArrayBuffer>, final);
    if (this.failure) throw this.failure;
    if (this.out.writableNeedDrain) await this.drained();
  }

  /**
   * Adds one entry from its chunks (consumed here); answers its uncompressed size. Each chunk is deflated on
   * its own (ending on a byte boundary, the dictionary reset) in zlib's thread pool, a few at a time, and
   * the pieces are written in order, then an empty final block: one valid deflate stream, compressed on
   * more than one core while this thread builds the next lines.
   */
  async entry(name: string, chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<number> {
    const entry: ZipInputFile = { filename: name, size: 0, crc: 0, compression: 8, mtime: new Date() };
    this.zip.add(entry);
    const emit = entry.ondata;
    if (!emit) throw new Error('The zip entry takes no data.');
    const pending: Promise<Buffer>[] = [];
    try {
      for await (const chunk of chunks) {
        entry.crc = zlib.crc32(chunk as Uint8Array<ArrayBuffer>, entry.crc);
        entry.size += chunk.length;
        if (entry.size > MAX_ENTRY) throw new Error(`${name} would be larger than 4 GiB, more than a zip entry can hold here; export a smaller subset.`);
        pending.push(deflatePiece(chunk, { level: this.level, finishFlush: zlib.constants.Z_FULL_FLUSH, chunkSize: PIECE_OUTPUT }));
        if (pending.length >= PARALLEL) await this.write(await (pending.shift() as Promise<Buffer>), emit, false);
      }
      for (let next = pending.shift(); next; next = pending.shift()) await this.write(await next, emit, false);
    } finally {
      // Pieces still being deflated after a failure: their results (or errors) are not wanted.
      for (const piece of pending) piece.catch(() => undefined);
    }
    await this.write(EMPTY_FINAL_BLOCK, emit, true);
    return entry.size;
  }

  /** Ends the archive and moves it into place; answers its size in bytes. */
  async finish(): Promise<number> {
    this.zip.end();
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve, reject) => this.out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    await fs.promises.rename(ZipOut.partialOf(this.target), this.target);
    return this.bytes;
  }

  /** Stops writing and removes the partial archive. */
  async abort(): Promise<void> {
    this.zip.terminate();
    await new Promise<void>((resolve) => {
      if (this.out.closed) resolve();
      else {
        this.out.once('close', () => resolve());
        this.out.destroy();
      }
    });
    await fs.promises.rm(ZipOut.partialOf(this.target), { force: true });
  }
}
