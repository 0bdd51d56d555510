import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';

/** fflate writes no ZIP64 records: an entry must stay below 4 GiB. */
const MAX_ENTRY = 0xffff_ffff;

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

  /** Adds one entry from its chunks (consumed here); answers its uncompressed size. */
  async entry(name: string, chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<number> {
    const entry: ZipInputFile = { filename: name, size: 0, crc: 0, compression: 8, mtime: new Date() };
    this.zip.add(entry);
    const emit = entry.ondata;
    if (!emit) throw new Error('The zip entry takes no data.');
    const measure = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        entry.crc = zlib.crc32(chunk as Uint8Array<ArrayBuffer>, entry.crc);
        entry.size += chunk.length;
        if (entry.size > MAX_ENTRY) throw new Error(`${name} would be larger than 4 GiB, more than a zip entry can hold here; export a smaller subset.`);
        yield chunk;
      }
    };
    const sink = async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) {
        emit(null, chunk as Uint8Array<ArrayBuffer>, false);
        if (this.failure) throw this.failure;
        if (this.out.writableNeedDrain) await this.drained();
      }
      emit(null, new Uint8Array(0), true);
    };
    await pipeline(Readable.from(chunks, { objectMode: true }), measure, zlib.createDeflateRaw({ level: this.level }), sink);
    if (this.failure) throw this.failure;
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
