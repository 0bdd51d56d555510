import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Unzip, UnzipInflate } from 'fflate';
import type { WrittenEntry } from './zip-writer.js';

/**
 * Extracts the entries named in `wanted` (exact names, so nothing lands outside `dir`) into `dir`,
 * streaming: the archive is read in chunks and each entry written as it inflates. Answers the size and
 * CRC-32 of what was extracted, for the caller to compare with the manifest. Decompression runs on this
 * thread: it is for the restore command, which has nothing else to do meanwhile.
 */
export async function extractZip(archive: string, dir: string, wanted: readonly string[]): Promise<Map<string, WrittenEntry>> {
  const found = new Map<string, WrittenEntry>();
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (!wanted.includes(file.name) || found.has(file.name)) return;
    const entry = { size: 0, crc: 0 };
    found.set(file.name, entry);
    const fd = fs.openSync(path.join(dir, file.name), 'wx');
    file.ondata = (error, chunk, final) => {
      if (error) {
        failure ??= error;
        fs.closeSync(fd);
        return;
      }
      fs.writeSync(fd, chunk);
      entry.size += chunk.length;
      entry.crc = zlib.crc32(chunk as Uint8Array<ArrayBuffer>, entry.crc);
      if (final) fs.closeSync(fd);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of fs.createReadStream(archive, { highWaterMark: 1 << 20 })) {
      unzip.push(chunk as Uint8Array);
      if (failure) throw failure;
    }
    unzip.push(new Uint8Array(0), true);
  } catch (error) {
    throw new Error(`${path.basename(archive)} is not a readable zip archive: ${(error as Error).message}`, { cause: error });
  }
  if (failure) throw failure;
  return found;
}
