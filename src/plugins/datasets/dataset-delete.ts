import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import { fileResourcePath } from '../../server/import/file-resource.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import type { DatasetRemoval } from './schema.js';
import { sourceFiles } from './source-file.js';

/**
 * Deleting a dataset: its data go in one transaction, and the answer says what went, per kind. Most of a
 * dataset's rows follow its row through ON DELETE CASCADE; what no foreign key reaches is removed by hand in
 * the same transaction (attribute values point at datasets polymorphically, and file resources are linked
 * rather than owned, so those linked to this dataset alone would be left pointing at nothing). Files (map
 * overlay images, file resource copies) are removed only after the commit: a rolled-back delete must find
 * them still there.
 */

/** The tables whose rows go with a dataset when they exist, with the count that names them in the answer. */
export const REMOVAL_TABLES = [
  'trialsetup', 'phenotypedata', 'climatedata', 'pedigrees', 'pedigreedefinitions', 'datasetmembers', 'datasetlocations',
  'datasetcollaborators', 'attributes', 'attributedata', 'datasetpermissions', 'mapoverlays', 'datasetfileresources',
  'fileresources', 'datasetaccesslogs',
] as const;

/** Each kind of data: the tables it needs and how its rows of dataset `:id` are counted. Fixed SQL, the id bound. */
const KINDS: { kind: string; needs: string[]; count: (id: number) => ReturnType<typeof sql<{ n: number | string }>> }[] = [
  { kind: 'trialsPlots', needs: ['trialsetup'], count: (id) => sql`SELECT COUNT(*) AS n FROM trialsetup WHERE dataset_id = ${id}` },
  {
    kind: 'trialsValues',
    needs: ['trialsetup', 'phenotypedata'],
    count: (id) => sql`SELECT COUNT(*) AS n FROM phenotypedata pd JOIN trialsetup ts ON ts.id = pd.trialsetup_id WHERE ts.dataset_id = ${id}`,
  },
  { kind: 'climateValues', needs: ['climatedata'], count: (id) => sql`SELECT COUNT(*) AS n FROM climatedata WHERE dataset_id = ${id}` },
  { kind: 'pedigreeEdges', needs: ['pedigrees'], count: (id) => sql`SELECT COUNT(*) AS n FROM pedigrees WHERE dataset_id = ${id}` },
  { kind: 'pedigreeDefinitions', needs: ['pedigreedefinitions'], count: (id) => sql`SELECT COUNT(*) AS n FROM pedigreedefinitions WHERE dataset_id = ${id}` },
  { kind: 'members', needs: ['datasetmembers'], count: (id) => sql`SELECT COUNT(*) AS n FROM datasetmembers WHERE dataset_id = ${id}` },
  { kind: 'locations', needs: ['datasetlocations'], count: (id) => sql`SELECT COUNT(*) AS n FROM datasetlocations WHERE dataset_id = ${id}` },
  { kind: 'collaborators', needs: ['datasetcollaborators'], count: (id) => sql`SELECT COUNT(*) AS n FROM datasetcollaborators WHERE dataset_id = ${id}` },
  {
    kind: 'attributes',
    needs: ['attributes', 'attributedata'],
    count: (id) => sql`SELECT COUNT(*) AS n FROM attributedata ad JOIN attributes a ON a.id = ad.attribute_id WHERE a.target_table = 'datasets' AND ad.foreign_id = ${id}`,
  },
  { kind: 'permissions', needs: ['datasetpermissions'], count: (id) => sql`SELECT COUNT(*) AS n FROM datasetpermissions WHERE dataset_id = ${id}` },
  { kind: 'mapOverlays', needs: ['mapoverlays'], count: (id) => sql`SELECT COUNT(*) AS n FROM mapoverlays WHERE dataset_id = ${id}` },
  { kind: 'fileResources', needs: ['datasetfileresources', 'fileresources'], count: (id) => sql`SELECT COUNT(*) AS n FROM (${onlyHere(id)}) fr` },
  { kind: 'accessLogs', needs: ['datasetaccesslogs'], count: (id) => sql`SELECT COUNT(*) AS n FROM datasetaccesslogs WHERE dataset_id = ${id}` },
];

/** File resources linked to this dataset and to no other. */
function onlyHere(id: number) {
  return sql`SELECT f.id, f.path, f.fileresourcetype_id FROM fileresources f
    WHERE f.id IN (SELECT l.fileresource_id FROM datasetfileresources l WHERE l.dataset_id = ${id})
      AND NOT EXISTS (SELECT 1 FROM datasetfileresources o WHERE o.fileresource_id = f.id AND o.dataset_id <> ${id})`;
}

/** What deleting dataset `id` would remove, or removes when run inside the deleting transaction. */
export async function countDatasetData(db: Kysely<unknown> | Transaction<unknown>, present: PresentTables, id: number): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const kind of KINDS) {
    if (!kind.needs.every((table) => present.has(table))) continue;
    const n = Number((await kind.count(id).execute(db)).rows[0]?.n ?? 0);
    if (n > 0) removed[kind.kind] = n;
  }
  return removed;
}

/**
 * Deletes dataset `id` with everything it holds, in one transaction; null when there is no such dataset.
 * `beforeCommit` runs last inside the transaction: the audit record commits with the deletion, and a failure
 * there (tests make it throw) removes nothing.
 */
export async function deleteDataset(
  db: Kysely<unknown>,
  present: PresentTables,
  dataDir: string,
  id: number,
  beforeCommit?: (trx: Transaction<unknown>, removal: Omit<DatasetRemoval, 'files'>) => Promise<void> | void,
): Promise<DatasetRemoval | null> {
  const files: string[] = [];
  const result = await db.transaction().execute(async (trx) => {
    const row = (await sql<{ name: string; datasettype_id: number; source_file: string | null }>`SELECT name, datasettype_id, source_file FROM datasets WHERE id = ${id}`.execute(trx))
      .rows[0];
    if (!row) return null;
    const removed = await countDatasetData(trx, present, id);
    // A genotype or allele-frequency dataset's matrix file (and a genotype's transposed copy).
    files.push(...sourceFiles(dataDir, Number(row.datasettype_id), row.source_file));
    if (present.has('mapoverlays')) {
      const overlays = await sql<{ name: string }>`SELECT name FROM mapoverlays WHERE dataset_id = ${id}`.execute(trx);
      for (const overlay of overlays.rows) files.push(path.join(dataDir, 'images', 'mapoverlay', path.basename(overlay.name)));
    }
    if (present.has('datasetfileresources') && present.has('fileresources')) {
      const owned = await sql<{ id: number; path: string | null; fileresourcetype_id: number }>`${onlyHere(id)}`.execute(trx);
      for (const resource of owned.rows) {
        if (resource.path) files.push(fileResourcePath(dataDir, { id: resource.id, typeId: resource.fileresourcetype_id, stored: path.basename(resource.path) }));
      }
      const ids = owned.rows.map((r) => Number(r.id));
      if (ids.length > 0) await sql`DELETE FROM fileresources WHERE id IN (${sql.join(ids)})`.execute(trx);
    }
    if (present.has('attributedata') && present.has('attributes')) {
      await sql`DELETE FROM attributedata WHERE foreign_id = ${id}
        AND attribute_id IN (SELECT a.id FROM attributes a WHERE a.target_table = 'datasets')`.execute(trx);
    }
    // The rest cascades from the dataset's row (foreign keys are on in SQLite: database.ts).
    await sql`DELETE FROM datasets WHERE id = ${id}`.execute(trx);
    const removal = { datasetId: id, datasetName: row.name, removed };
    await beforeCommit?.(trx, removal);
    return removal;
  });
  if (!result) return null;
  let gone = 0;
  for (const file of files) {
    try {
      fs.rmSync(file);
      gone++;
    } catch {
      // Already gone (expired, removed by hand): nothing left to remove.
    }
  }
  return { ...result, files: gone };
}
