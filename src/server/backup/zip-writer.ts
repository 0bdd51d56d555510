import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';

/** What went into the archive for one entry (uncompressed size and CRC-32). */
export interface WrittenEntry {
  size: number;
  crc: number;
}

/** A file to put into the archive: from disk (streamed) or in memory. */
export interface ZipSource {
  name: string;
  file?: string;
  /** The content, or a function of what was written before it (a manifest naming its files' checksums). */
  bytes?: Uint8Array | ((written: ReadonlyMap<string, WrittenEntry>) => Uint8Array);
  /** Store without compressing (for content that is compressed already, such as pg_dump's custom format). */
  store?: boolean;
}

/** fflate writes no ZIP64 records: an entry must stay below 4 GiB. */
const MAX_ENTRY = 0xffff_ffff;

/**
 * Writes a new zip archive at `target` (never over an existing file), streaming each source. Compression
 * runs in Node's zlib (libuv's thread pool) with stream backpressure, so a database of gigabytes neither
 * blocks the event loop nor sits in memory; fflate only lays out the archive around the compressed bytes.
 * A failure removes the partial archive.
 */
export async function writeZip(target: string, sources: readonly ZipSource[]): Promise<ReadonlyMap<string, WrittenEntry>> {
  const handle = await fs.promises.open(target, 'wx');
  const out = handle.createWriteStream();
  const written = new Map<string, WrittenEntry>();
  let failure: Error | null = null;
  out.on('error', (error) => (failure ??= error));
  const zip = new Zip((error, chunk) => {
    if (error) failure ??= error;
    else out.write(chunk);
  });
  const drained = () => new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('error', done);
      resolve();
    };
    out.once('drain', done);
    out.once('error', done);
  });
  try {
    for (const source of sources) {
      const entry: ZipInputFile = { filename: source.name, size: 0, crc: 0, compression: source.store ? 0 : 8, mtime: new Date() };
      zip.add(entry);
      const emit = entry.ondata!;
      const bytes = typeof source.bytes === 'function' ? source.bytes(written) : source.bytes;
      const input = source.file ? fs.createReadStream(source.file, { highWaterMark: 1 << 20 }) : Readable.from([Buffer.from(bytes ?? new Uint8Array())]);
      const measure = async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          entry.crc = zlib.crc32(chunk as Uint8Array<ArrayBuffer>, entry.crc);
          entry.size += chunk.length;
          if (entry.size > MAX_ENTRY) throw new Error(`${source.name} is larger than 4 GiB, more than a backup archive can hold`);
          yield chunk;
        }
      };
      const sink = async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) {
          emit(null, chunk as Uint8Array<ArrayBuffer>, false);
          if (failure) throw failure;
          // Backpressure: wait for the disk before taking more compressed bytes.
          if (out.writableNeedDrain) await drained();
        }
        emit(null, new Uint8Array(0), true);
      };
      if (source.store) await pipeline(input, measure, sink);
      else await pipeline(input, measure, zlib.createDeflateRaw({ level: 6 }), sink);
      if (failure) throw failure;
      written.set(source.name, { size: entry.size, crc: entry.crc });
    }
    zip.end();
    if (failure) throw failure;
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    return written;
  } catch (error) {
    out.destroy();
    await handle.close().catch(() => undefined);
    await fs.promises.rm(target, { force: true });
    throw error;
  }
}
