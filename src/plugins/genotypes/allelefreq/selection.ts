import { sql, type Kysely } from 'kysely';
import { allowedDatasetIds } from '../../../server/access/datasets.js';
import type { GateCaller } from '../../../server/access/licences.js';
import type { GenotypeDataset } from '../export/selection.js';
import { ALLELEFREQ_DATASET_TYPE } from '../tables.js';

/**
 * The first allele-frequency dataset of the request the caller may export (Germinate exports only that one):
 * visible, licence accepted, not external; null when there is none.
 */
export async function firstAllelefreqDataset(db: Kysely<unknown>, who: GateCaller, requested: readonly number[]): Promise<GenotypeDataset | null> {
  const allowed = await allowedDatasetIds(db, who, requested);
  if (allowed.length === 0) return null;
  const rows = await sql<{ id: number; name: string; description: string | null; source_file: string | null }>`SELECT id, name, description, source_file
    FROM datasets WHERE datasettype_id = ${ALLELEFREQ_DATASET_TYPE} AND is_external = 0 AND id IN (${sql.join(allowed)}) ORDER BY id`.execute(db);
  // The request's order decides which is first, as Germinate takes the first of the list it was sent.
  const byId = new Map(rows.rows.map((r) => [Number(r.id), r]));
  const first = requested.map((id) => byId.get(id)).find((row) => row !== undefined);
  return first ? { id: Number(first.id), name: first.name, description: first.description, sourceFile: first.source_file } : null;
}
