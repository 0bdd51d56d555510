import fs from 'node:fs';
import path from 'node:path';
import type { ImportOptions, ParsedFile } from '../../../server/import/importer.js';
import type { DatasheetDb } from './datasheet-write.js';

/** Germinate's file resource type for upload backups (import-rules §0.5). */
const BACKUP_TYPE = { name: 'Dataset resource', description: 'Automatically created linked backups of uploaded data resources.' };

/**
 * import-rules §0.5: keeps the uploaded workbook as a file resource at
 * DATA_DIR/data/download/<type id>/<id>-<name>, linked to the dataset. The copy is the import's last write (a
 * partial copy is removed), so only a failing commit can leave an unreferenced copy behind.
 * Returns null when the caller gave no data directory (nothing to keep it in) or no source file.
 */
export async function backupWorkbook(db: DatasheetDb, file: ParsedFile, options: ImportOptions, datasetId: number): Promise<number | null> {
  if (!file.source || !options.dataDir) return null;
  const now = options.now.toISOString();
  const stamp = { created_on: now, updated_on: now };
  const type = await db.selectFrom('fileresourcetypes').select('id').where('name', '=', BACKUP_TYPE.name).orderBy('id').executeTakeFirst();
  const typeId = type?.id ?? (await db.insertInto('fileresourcetypes').values({ ...BACKUP_TYPE, ...stamp }).returning('id').executeTakeFirstOrThrow()).id;
  const size = (await fs.promises.stat(file.source.path)).size;
  const row = await db
    .insertInto('fileresources')
    .values({ name: file.source.name, path: null, description: 'Automatic upload backup.', filesize: size, fileresourcetype_id: typeId, project_id: null, ...stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stored = `${row.id}-${path.basename(file.source.name).replace(/[^\w.\- ]/g, '_').slice(0, 200) || 'file'}`;
  await db.updateTable('fileresources').set({ path: stored }).where('id', '=', row.id).execute();
  await db.insertInto('datasetfileresources').values({ dataset_id: datasetId, fileresource_id: row.id, ...stamp }).execute();
  const folder = path.join(options.dataDir, 'data', 'download', String(typeId));
  await fs.promises.mkdir(folder, { recursive: true });
  const target = path.join(folder, stored);
  try {
    await fs.promises.copyFile(file.source.path, target);
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    throw error;
  }
  return row.id;
}
