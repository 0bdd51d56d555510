import fs from 'node:fs';
import path from 'node:path';
import type { ScheduledTask } from '../../server/tasks.js';
import { imageFolders } from './import/image-write.js';
import type { ImagesTables } from './tables.js';

/** Files younger than this may belong to an import whose transaction has not committed yet. */
export const ORPHAN_AGE_MS = 24 * 3600 * 1000;

/**
 * Removes image files no `images` row points at. An images import moves its files into place just before
 * its transaction commits; should the commit itself fail, or the process die between the move and the
 * commit, those files are left unreferenced. This sweep removes them (and staging folders of killed
 * imports) once they are a day old, so a failed import leaves nothing behind for long.
 */
export const orphanImagesTask: ScheduledTask = {
  name: 'images.orphan-files',
  everyMs: 6 * 3600 * 1000,
  async run({ database, dataDir }, now) {
    const folders = imageFolders(dataDir);
    if (!fs.existsSync(folders.root)) return;
    const referenced = new Set(
      (await database.db.withTables<ImagesTables>().selectFrom('images').select('path').execute()).map((r) => path.basename(r.path)),
    );
    const old = (file: string) => now - fs.statSync(file).mtimeMs > ORPHAN_AGE_MS;
    for (const folder of [folders.upload, folders.thumbnails]) {
      if (!fs.existsSync(folder)) continue;
      for (const name of fs.readdirSync(folder)) {
        const file = path.join(folder, name);
        if (!referenced.has(name) && old(file)) fs.rmSync(file, { force: true });
      }
    }
    for (const name of fs.readdirSync(folders.root)) {
      const folder = path.join(folders.root, name);
      if (name.startsWith('.staging-') && old(folder)) fs.rmSync(folder, { recursive: true, force: true });
    }
  },
};
