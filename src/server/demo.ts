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
  options: { dataDir?: string } = {},
): Promise<void> {
  const done = await database.db.selectFrom('settings').select('key').where('key', '=', MARKER).executeTakeFirst();
  if (done) return;
  const importers = plugins.flatMap((p) => p.importers ?? []);
  // In plugin order (germplasm first: the other templates refer to its accessions), in this process: it
  // runs once, before the server listens, so there is nobody a worker thread would keep waiting.
  for (const plugin of plugins) {
    for (const demo of plugin.demoFiles ?? []) {
      if (!importers.some((i) => i.type === demo.type)) {
        log(`Demo data ${demo.file} was not loaded: no importer for type ${demo.type}`);
        continue;
      }
      const file = path.join(root, demo.file);
      const started = Date.now();
      const result = await runImport(
        database,
        importers,
        { file, originalName: path.basename(file), type: demo.type, update: false, checkOnly: false },
        { maxBytes: 512 * 1024 * 1024, now: new Date(), datasetStateId: 1, userId: null, dataDir: options.dataDir },
      );
      const errors = result.issues.filter((i) => i.type === 'ERROR');
      if (result.status !== 'imported') {
        const first = errors[0] ?? result.issues[0];
        log(`Demo data ${demo.file} was not loaded: ${errors.length} problem(s), first: ${first ? `${first.status} ${first.sheet ?? ''} row ${first.rowIndex} ${first.message}` : 'none'}`);
      } else {
        const counts = Object.entries(result.stats ?? {}).filter(([k, n]) => typeof n === 'number' && n > 0 && !k.endsWith('Id')).map(([k, n]) => `${n} ${k}`);
        log(`Loaded demo data ${demo.file} (${counts.join(', ') || 'nothing new'}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    }
  }
  await database.db
    .insertInto('settings')
    .values({ key: MARKER, value: 'true', updated_on: new Date().toISOString() })
    .execute();
}
