import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../db/tables.js';
import type { ImportOptions, ParsedFile } from './importer.js';

type FilesDb = Kysely<CoreTables>;

/** Germinate's file resource type for upload backups (the uploaded file kept for download). */
export const BACKUP_TYPE = { name: 'Dataset resource', description: 'Automatically created linked backups of uploaded data resources.' };
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

/** A file resource's row: where its copy goes under DATA_DIR/data/download/<typeId>/<stored>. */
export interface FileResourceRow {
  id: number;
  typeId: number;
  stored: string;
}

/**
 * The database half of keeping `source` as a file resource: its type (created when missing), its row with
 * the stored name `<id>-<name>`, and its links to each of the datasets. The caller copies the file.
 */
export async function insertFileResource(
  db: FilesDb,
  source: { path: string; name: string },
  datasetIds: readonly number[],
  type: { name: string; description: string },
  description: string,
  now: string,
): Promise<FileResourceRow> {
  const typeId = await resourceType(db, type, now);
  const size = (await fs.promises.stat(source.path)).size;
  const row = await db
    .insertInto('fileresources')
    .values({ name: source.name, path: null, description, filesize: size, fileresourcetype_id: typeId, project_id: null, created_on: now, updated_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stored = `${row.id}-${safeName(source.name)}`;
  await db.updateTable('fileresources').set({ path: stored }).where('id', '=', row.id).execute();
  for (const datasetId of datasetIds) {
    await db.insertInto('datasetfileresources').values({ dataset_id: datasetId, fileresource_id: row.id, created_on: now, updated_on: now }).execute();
  }
  return { id: row.id, typeId, stored };
}

/** Where a file resource's copy lives. */
export function fileResourcePath(dataDir: string, row: FileResourceRow): string {
  return path.join(dataDir, 'data', 'download', String(row.typeId), row.stored);
}

/**
 * Keeps a copy of `source` as a file resource linked to each of the datasets. The copy is the last step (a
 * partial copy is removed), so only the import's commit failing afterwards can leave an unreferenced copy.
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
  const row = await insertFileResource(db, source, datasetIds, type, description, now);
  const target = fileResourcePath(dataDir, row);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  try {
    await fs.promises.copyFile(source.path, target);
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    throw error;
  }
  return row.id;
}

export const BACKUP_DESCRIPTION = 'Automatic upload backup.';

/**
 * The uploaded file kept as the dataset's resource, for curators to download. Null when the pipeline gave no source
 * file or no data directory to keep it in.
 */
export async function backupFile(db: FilesDb, file: ParsedFile, options: ImportOptions, datasetId: number): Promise<number | null> {
  if (!file.source || !options.dataDir) return null;
  return storeFileResource(db, file.source, options.dataDir, [datasetId], BACKUP_TYPE, BACKUP_DESCRIPTION, options.now.toISOString());
}
