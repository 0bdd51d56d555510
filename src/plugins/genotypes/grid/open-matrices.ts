import fs from 'node:fs/promises';
import { MatrixReader } from '../storage/matrix-reader.js';

/** What tells one version of a file from the next (a dataset re-imported under the same name). */
export interface FileIdentity {
  path: string;
  /** `ino:size:mtime`: part of every cache key, so a replaced file never serves the old file's tiles. */
  version: string;
}

interface Entry {
  version: string;
  reader: Promise<MatrixReader>;
  users: number;
  /** Dropped from the cache: closed once its last user is done. */
  retired: boolean;
}

/** Inflated tiles kept for scrolling back and forth: 512 tiles of 64 KiB. */
const TILE_BYTES = 32 * 1024 * 1024;
/** Open matrix files (each holds its footer: names, states, tile offsets). */
const READERS = 4;

/**
 * The grid's open matrix files and their recently inflated tiles. A window request borrows a reader (its
 * footer read once per file, not per request) and reads only the tiles the window crosses; a tile read again
 * while the user scrolls comes from memory. Both caches are small LRUs (Map order = use order); neither holds
 * anything a second server process would need.
 */
export class OpenMatrices {
  private readonly readers = new Map<string, Entry>();
  private readonly tiles = new Map<string, Uint8Array>();
  private tileBytes = 0;

  /** Runs `run` with the file's reader; the reader stays open for the next request. */
  async with<T>(path: string, run: (reader: MatrixReader, file: FileIdentity) => Promise<T>): Promise<T> {
    const stat = await fs.stat(path);
    const version = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    let entry = this.readers.get(path);
    if (entry && entry.version !== version) {
      void this.retire(path, entry);
      entry = undefined;
    }
    if (!entry) {
      entry = { version, reader: MatrixReader.open(path), users: 0, retired: false };
      this.readers.set(path, entry);
      entry.reader.catch(() => this.readers.get(path) === entry && this.readers.delete(path));
      for (const [oldPath, old] of this.readers) {
        if (this.readers.size <= READERS) break;
        void this.retire(oldPath, old);
      }
    } else {
      // Most recently used last.
      this.readers.delete(path);
      this.readers.set(path, entry);
    }
    entry.users += 1;
    try {
      return await run(await entry.reader, { path, version });
    } finally {
      entry.users -= 1;
      if (entry.retired && entry.users === 0) void this.close(entry);
    }
  }

  /** One tile's cells (row-major, clipped at the matrix's edges), from memory when it was read lately. */
  async tile(reader: MatrixReader, file: FileIdentity, tileRow: number, tileColumn: number): Promise<{ cells: Uint8Array; columnsIn: number }> {
    const key = `${file.path}\u0000${file.version}\u0000${tileRow}:${tileColumn}`;
    const columnsIn = Math.min(reader.footer.tileColumns, reader.columns - tileColumn * reader.footer.tileColumns);
    const kept = this.tiles.get(key);
    if (kept) {
      this.tiles.delete(key);
      this.tiles.set(key, kept);
      return { cells: kept, columnsIn };
    }
    const { cells } = await reader.tile(tileRow, tileColumn);
    this.tiles.set(key, cells);
    this.tileBytes += cells.length;
    for (const [oldKey, old] of this.tiles) {
      if (this.tileBytes <= TILE_BYTES) break;
      this.tiles.delete(oldKey);
      this.tileBytes -= old.length;
    }
    return { cells, columnsIn };
  }

  /** Closes every file (the server stops). */
  async closeAll(): Promise<void> {
    const closing = [...this.readers.entries()].map(([path, entry]) => this.retire(path, entry));
    this.tiles.clear();
    this.tileBytes = 0;
    await Promise.all(closing);
  }

  /** Takes a reader out of the cache; it closes now, or when its last user is done. */
  private retire(path: string, entry: Entry): Promise<void> {
    if (this.readers.get(path) === entry) this.readers.delete(path);
    if (entry.retired) return Promise.resolve();
    entry.retired = true;
    return entry.users === 0 ? this.close(entry) : Promise.resolve();
  }

  private async close(entry: Entry): Promise<void> {
    try {
      await (await entry.reader).close();
    } catch {
      // Never opened, or closed already.
    }
  }
}
