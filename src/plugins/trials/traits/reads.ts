import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { gateCaller } from '../../../server/access/licences.js';
import { pathId } from '../../../server/access/users.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import { HttpError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { isoTimestamp } from '../../../server/table/engine.js';
import { textSortKey } from '../../../server/table/text-match.js';
import { hasValues, runSource } from './dataset-columns.js';
import { trialsDatasetIds } from '../dataset-scope.js';
import { DatasetRequest } from '../../../server/http/dataset-request.js';
import { TRAIT_SYNONYM_TYPE, type TraitTables } from './tables.js';

/** JSON columns are text on SQLite and parsed jsonb on PostgreSQL. */
export function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** An object without its null and undefined members, as Germinate's JSON leaves them out. */
function withoutNulls(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null && value !== undefined));
}

interface DatasetTraitRow {
  id: number;
  name: string;
  short_name: string | null;
  description: string | null;
  datatype: string;
  restrictions: unknown;
  unit_id: number | null;
  unit_name: string | null;
  unit_description: string | null;
  unit_abbreviation: string | null;
  synonyms: unknown;
}

/** The traits with values in the given datasets, by name: an index seek per trait and run of the datasets' plots. */
async function datasetTraits(db: Kysely<unknown>, dialect: DialectName, datasetIds: readonly number[]) {
  const runs = runSource(idListSql(sql`d.id`, datasetIds, dialect), dialect);
  const rows = await sql<DatasetTraitRow>`SELECT p.id, p.name, p.short_name, p.description, p.datatype, p.restrictions,
      u.id AS unit_id, u.unit_name, u.unit_description, u.unit_abbreviation, s.synonyms
    FROM phenotypes p
    LEFT JOIN units u ON u.id = p.unit_id
    LEFT JOIN synonyms s ON s.foreign_id = p.id AND s.synonymtype_id = ${sql.lit(TRAIT_SYNONYM_TYPE)}
    WHERE EXISTS (SELECT 1 FROM ${runs.from} WHERE ${hasValues(runs.values)})
    ORDER BY ${textSortKey(sql`p.name`, dialect)}, p.id`.execute(db);
  return rows.rows.map((r) =>
    withoutNulls({
      traitId: Number(r.id),
      traitName: r.name,
      traitNameShort: r.short_name,
      traitDescription: r.description,
      dataType: r.datatype,
      traitRestrictions: jsonValue(r.restrictions),
      unitId: r.unit_id === null ? null : Number(r.unit_id),
      unitName: r.unit_name,
      unitDescription: r.unit_description,
      unitAbbreviation: r.unit_abbreviation,
      synonyms: jsonValue(r.synonyms),
      // Germinate's dataset traits carry no count.
      count: 0,
    }),
  );
}

/**
 * The trait reads that are not tables: categories, a trait's distinct values, and the traits of datasets.
 * Values and dataset traits read only trials datasets the caller may read (seen, licence accepted).
 */
export function registerTraitReads(app: FastifyInstance): void {
  const core = app.database.db;
  const db = core.withTables<TraitTables>();
  const raw = core as unknown as Kysely<unknown>;
  const dialect = app.database.dialect;

  app.get('/trait/category', { config: { access: 'public' } }, async () => {
    const rows = await db.selectFrom('phenotypecategories').select(['id', 'name', 'description', 'created_on', 'updated_on']).orderBy('name').orderBy('id').execute();
    return rows.map((r) =>
      withoutNulls({ id: Number(r.id), name: r.name, description: r.description, createdOn: isoTimestamp(r.created_on), updatedOn: isoTimestamp(r.updated_on) }),
    );
  });

  // A trait without values in the caller's datasets has none ([]); an id that names no trait is a 404.
  app.get<{ Params: { id: string } }>('/trait/:id/values', { config: { access: 'public' } }, async (request) => {
    const traitId = pathId(request.params.id, 'NOT_FOUND_ID');
    const trait = await db.selectFrom('phenotypes').select('id').where('id', '=', traitId).executeTakeFirst();
    if (!trait) throw new HttpError(404, 'NOT_FOUND_ID', `No trait ${traitId}`);
    const datasets = await trialsDatasetIds(raw, dialect, gateCaller(request), null);
    if (datasets.length === 0) return [];
    // Code-point order on both databases (PostgreSQL's "C" collation; SQLite compares text that way).
    const order = dialect === 'postgres' ? sql`v.value COLLATE "C"` : sql`v.value`;
    const rows = await sql<{ value: string }>`SELECT v.value FROM (SELECT DISTINCT pd.phenotype_value AS value FROM phenotypedata pd
        JOIN trialsetup ts ON ts.id = pd.trialsetup_id
        WHERE pd.phenotype_id = ${traitId} AND pd.phenotype_value IS NOT NULL AND ${idListSql(sql`ts.dataset_id`, datasets, dialect)}) v
      ORDER BY ${order}`.execute(raw);
    return rows.rows.map((r) => String(r.value));
  });

  app.post('/dataset/trait', { config: { access: 'public' } }, async (request) => {
    if (request.body === undefined || request.body === null) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'A DatasetRequest body is required');
    const body = validate(DatasetRequest, request.body);
    const datasets = await trialsDatasetIds(raw, dialect, gateCaller(request), body.datasetIds);
    if (datasets.length === 0) return [];
    return datasetTraits(raw, dialect, datasets);
  });
}
