import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../db/tables.js';
import type { ImportOptions, ParsedFile } from './importer.js';

type FilesDb = Kysely<CoreTables>;

const BACKUP_TYPE = { name: 'Dataset resource', description: 'Automatically created linked backups of uploaded data resources.' };
export const SHAPEFILE_TYPE = { name: 'Trials Shapefile', description: 'Shapefile associated with trials dataset.' };
export const GEOTIFF_TYPE = { name: 'Trials GeoTIFF', description: 'GeoTIFF associated with trials dataset.' };

/** The file resource type of that name, created when missing (Germinate's rule). */
async function resourceType(db: FilesDb, type: { name: string; description: string }, now: string): Promise<number> {
  const found = await db.selectFrom('fileresourcetypes').select('id').where('name', '=', type.name).orderBy('id').executeTakeFirst();
  if (found) return found.id;
  return (await db.insertInto('fileresourcetypes').values({ ...type, created_on: now, updated_on: now }).returning('id').executeTakeFirstOrThrow()).id;
}

/** Only the last part of a user's file name, with characters a file system could object to replaced. */
function safeName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  return base.replace(/[^\w.\- ]/g, '_').slice(0, 200) || 'file';
}

/**
 * Keeps a copy of `source` as a file resource at DATA_DIR/data/download/<type>/<id>-<name>, linked to each
 * of the datasets. The copy is made inside the import's transaction; if the transaction then fails the row goes but
 * the copy stays behind as an orphan file, which harms nothing.
 */
export async function storeFileResource(
  db: FilesDb,
  source: { path: string; name: string },
  dataDir: string,
  datasetIds: readonly number[],
  type: { name: string; description: string },
  description: string,
  now: string,
): Promise<number> {
  const typeId = await resourceType(db, type, now);
  const size = (await fs.promises.stat(source.path)).size;
  const name = safeName(source.name);
  const row = await db
    .insertInto('fileresources')
    .values({ name: source.name, path: null, description, filesize: size, fileresourcetype_id: typeId, project_id: null, created_on: now, updated_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stored = `${row.id}-${name}`;
  const folder = path.join(dataDir, 'data', 'download', String(typeId));
  await fs.promises.mkdir(folder, { recursive: true });
  await fs.promises.copyFile(source.path, path.join(folder, stored));
  await db.updateTable('fileresources').set({ path: stored }).where('id', '=', row.id).execute();
  for (const datasetId of datasetIds) {
    await db.insertInto('datasetfileresources').values({ dataset_id: datasetId, fileresource_id: row.id, created_on: now, updated_on: now }).execute();
  }
  return row.id;
}

/** import-rules §0.5: the uploaded workbook kept as the dataset's resource, when the pipeline gave its path. */
export async function backupFile(db: FilesDb, file: ParsedFile, options: ImportOptions, datasetId: number): Promise<number | null> {
  if (!file.source || !options.dataDir) return null;
  return storeFileResource(db, file.source, options.dataDir, [datasetId], BACKUP_TYPE, 'Automatic upload backup.', options.now.toISOString());
}
