import path from 'node:path';
import type { Database } from './db/database.js';
import type { ServerPlugin } from './plugin.js';
import { runImport } from './import/pipeline.js';

const MARKER = 'internal.demoDataLoaded';

/**
 * Loads each plugin's demo files through the curators' import pipeline, once: on the first start of an
 * empty embedded database. A marker row keeps it from coming back after curators delete the demo rows.
 */
export async function loadDemoData(
  database: Database,
  plugins: ServerPlugin[],
  root: string,
  log: (message: string) => void,
): Promise<void> {
  const done = await database.db.selectFrom('settings').select('key').where('key', '=', MARKER).executeTakeFirst();
  if (done) return;
  const importers = plugins.flatMap((p) => p.importers ?? []);
  for (const plugin of plugins) {
    for (const demo of plugin.demoFiles ?? []) {
      const file = path.join(root, demo.file);
      const started = Date.now();
      const result = await runImport(
        database,
        importers,
        { file, originalName: path.basename(file), type: demo.type, update: false, checkOnly: false },
        { maxBytes: 512 * 1024 * 1024, now: new Date() },
      );
      const errors = result.issues.filter((i) => i.type === 'ERROR').length;
      if (result.status !== 'imported') {
        log(`Demo data ${demo.file} was not loaded: ${errors} problem(s), first: ${result.issues[0]?.status ?? 'none'}`);
      } else {
        const count = result.stats?.germplasm ?? 0;
        log(`Loaded demo data ${demo.file} (${count} germplasm) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    }
  }
  await database.db
    .insertInto('settings')
    .values({ key: MARKER, value: 'true', updated_on: new Date().toISOString() })
    .execute();
}
