import { sql, type RawBuilder } from 'kysely';
import type { GateCaller } from '../../../server/access/licences.js';
import { visibleGroupMembersSql } from '../../../server/access/groups.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import { tableExists } from '../../../server/db/table-exists.js';
import { HttpError } from '../../../server/http/errors.js';
import { tsvCell } from './categorical.js';
import { GERMPLASM_COLUMN_JOINS, germplasmColumn } from './cross-columns.js';
import { numericSql } from '../../../server/stats/numeric-sql.js';
import type { ComparisonConfig, CrossComparisonRequest } from './request.js';
import type { Db } from './selection.js';
import { listOrNull } from '../../../server/http/dataset-request.js';
import { CLIMATE_DATASET_TYPE, trialsDatasetIds } from '../dataset-scope.js';
import { datasetsOfType } from '../../../server/access/datasets-of-type.js';

/** Most data rows a comparison file holds. */
export const MAX_COMPARISON_ROWS = 100_000;
export const COMPARISON_HEADER = ['name', 'dbId', 'general_identifier'] as const;

/** One side of the comparison: its heading, its value per germplasm (`germplasm_id`, `v`), and the datasets read. */
interface Side {
  heading: string;
  values: RawBuilder<unknown>;
  /** The datasets read that hold values of the side (logged as accessed). */
  used: (db: Db) => Promise<number[]>;
}

export interface Comparison {
  text: string;
  datasetIds: number[];
}

/** `groups`: whether the groups domain is installed (without it, a group has no members). */
type Context = { db: Db; dialect: DialectName; caller: GateCaller; groups: boolean };

const missing = (message: string) => new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', message);

/**
 * The members of a side's selection as a condition on an id: the marked ids and the members of the groups
 * the caller sees (of `targetTable`); no condition when the side selects nothing.
 */
function restriction(ctx: Context, config: ComparisonConfig, id: RawBuilder<unknown>, targetTable: string): RawBuilder<unknown> {
  const marked = listOrNull(config.markedIds);
  const groups = listOrNull(config.groupIds);
  if (!marked && !groups) return sql`(1 = 1)`;
  const parts: RawBuilder<unknown>[] = [
    ...(marked ? [idListSql(id, marked, ctx.dialect)] : []),
    ...(groups && ctx.groups ? [sql`${id} IN (${visibleGroupMembersSql(groups, targetTable, ctx.caller.user)})`] : []),
  ];
  return parts.length === 0 ? sql`(1 = 0)` : sql`(${sql.join(parts, sql` OR `)})`;
}

/** A trait's or climate's heading: its name, with its unit in brackets when it has one. */
async function heading(ctx: Context, table: 'phenotypes' | 'climates', id: number): Promise<string> {
  const rows = await sql<{ name: string; unit: string | null }>`SELECT x.name, COALESCE(u.unit_abbreviation, u.unit_name) AS unit
    FROM ${sql.table(table)} x LEFT JOIN units u ON u.id = x.unit_id WHERE x.id = ${id}`.execute(ctx.db);
  const row = rows.rows[0];
  if (!row) throw new HttpError(404, 'NOT_FOUND_ID', `No ${table === 'phenotypes' ? 'trait' : 'climate'} ${id}.`);
  return row.unit ? `${row.name} [${row.unit}]` : row.name;
}

/** A trait per germplasm: the average of its numeric values in the trials datasets of the side. */
async function traitSide(ctx: Context, config: ComparisonConfig, id: number): Promise<Side> {
  const datasets = await trialsDatasetIds(ctx.db, ctx.dialect, ctx.caller, config.datasetIds);
  const values = sql`SELECT x.germplasm_id, AVG(x.v) AS v FROM (
      SELECT ts.germinatebase_id AS germplasm_id, ${numericSql(ctx.dialect, sql`pd.phenotype_value`)} AS v
      FROM phenotypedata pd JOIN trialsetup ts ON ts.id = pd.trialsetup_id
      WHERE pd.phenotype_id = ${id} AND ${idListSql(sql`ts.dataset_id`, datasets, ctx.dialect)}
        AND ${restriction(ctx, config, sql`ts.germinatebase_id`, 'germinatebase')}) x
    WHERE x.v IS NOT NULL GROUP BY x.germplasm_id`;
  const used = async (db: Db) =>
    (await sql<{ id: number }>`SELECT d.id FROM datasets d WHERE ${idListSql(sql`d.id`, datasets, ctx.dialect)} AND EXISTS (
      SELECT 1 FROM trialsetup ts JOIN phenotypedata pd ON pd.trialsetup_id = ts.id WHERE ts.dataset_id = d.id AND pd.phenotype_id = ${id})`.execute(db)).rows.map((r) => Number(r.id));
  return { heading: await heading(ctx, 'phenotypes', id), values, used };
}

/**
 * A climate variable per germplasm: the average of its numeric values at the germplasm's collecting site
 * in the climate datasets of the side. The side's marked items and groups are locations.
 */
async function climateSide(ctx: Context, config: ComparisonConfig, id: number): Promise<Side> {
  // The climate domain is optional: without it there is no climate variable to name.
  if (!(await tableExists(ctx.db, ctx.dialect, 'climatedata'))) throw new HttpError(404, 'NOT_FOUND_ID', `No climate ${id}.`);
  const datasets = await datasetsOfType(ctx.db, ctx.dialect, ctx.caller, CLIMATE_DATASET_TYPE, config.datasetIds);
  const values = sql`SELECT g.id AS germplasm_id, site.v FROM germinatebase g JOIN (
      SELECT x.location_id, AVG(x.v) AS v FROM (
        SELECT cd.location_id, ${numericSql(ctx.dialect, sql`cd.climate_value`)} AS v FROM climatedata cd
        WHERE cd.climate_id = ${id} AND ${idListSql(sql`cd.dataset_id`, datasets, ctx.dialect)}
          AND ${restriction(ctx, config, sql`cd.location_id`, 'locations')}) x
      WHERE x.v IS NOT NULL GROUP BY x.location_id) site ON site.location_id = g.location_id`;
  const used = async (db: Db) =>
    (await sql<{ id: number }>`SELECT d.id FROM datasets d WHERE ${idListSql(sql`d.id`, datasets, ctx.dialect)} AND EXISTS (
      SELECT 1 FROM climatedata cd WHERE cd.dataset_id = d.id AND cd.climate_id = ${id})`.execute(db)).rows.map((r) => Number(r.id));
  return { heading: await heading(ctx, 'climates', id), values, used };
}

/** A germplasm column per germplasm: its value where it has one. */
function columnSide(ctx: Context, config: ComparisonConfig, name: string): Side {
  const column = germplasmColumn(name);
  if (!column) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', `Unknown germplasm column: ${name}`);
  const values = sql`SELECT g.id AS germplasm_id, ${column.expression} AS v FROM germinatebase g ${GERMPLASM_COLUMN_JOINS}
    WHERE ${column.expression} IS NOT NULL AND ${restriction(ctx, config, sql`g.id`, 'germinatebase')}`;
  return { heading: column.heading, values, used: async () => [] };
}

/** A side as the request names it; null for a kind that cannot be compared (compounds). */
async function sideOf(ctx: Context, config: ComparisonConfig, label: 'first' | 'second'): Promise<Side | null> {
  switch (config.type) {
    case 'TRAIT':
    case 'CLIMATE': {
      if (config.id === undefined || config.id === null) throw missing(`${label}.id is required for a ${config.type} comparison.`);
      return config.type === 'TRAIT' ? traitSide(ctx, config, config.id) : climateSide(ctx, config, config.id);
    }
    case 'GERMPLASM_COLUMN': {
      const name = config.columnName?.trim() ?? '';
      if (name === '') throw missing(`${label}.columnName is required for a GERMPLASM_COLUMN comparison.`);
      return columnSide(ctx, config, name);
    }
    case 'COMPOUND':
      return null;
  }
}

/** A cell's text: numbers as JavaScript writes them, text on one line. */
const cell = (value: unknown) => (typeof value === 'number' ? String(value) : tsvCell(value));

/**
 * `dataset/crosscomparison`: two values per germplasm side by side, for a scatter plot. Each side is a
 * trait (average of the germplasm's numeric values in the trials datasets the caller may read among
 * those named, all when none are), a climate variable (average at the germplasm's collecting site over
 * the allowed climate datasets) or a germplasm column; every pair of these three kinds is compared. A
 * germplasm appears when both sides have a value for it and it passes both sides' selections; by id, at
 * most 100,000 rows. Null (an empty file) when a side is a compound: compounds are not compared.
 */
export async function crossComparison(db: Db, dialect: DialectName, caller: GateCaller, request: CrossComparisonRequest): Promise<Comparison | null> {
  if (request.first.type === 'COMPOUND' || request.second.type === 'COMPOUND') return null;
  const ctx: Context = { db, dialect, caller, groups: await tableExists(db, dialect, 'groupmembers') };
  const first = await sideOf(ctx, request.first, 'first');
  const second = await sideOf(ctx, request.second, 'second');
  if (!first || !second) return null;
  const rows = await sql<{ id: number; name: string; general_identifier: string; first: unknown; second: unknown }>`
    SELECT g.id, g.name, g.general_identifier, a.v AS first, b.v AS second
    FROM germinatebase g JOIN (${first.values}) a ON a.germplasm_id = g.id JOIN (${second.values}) b ON b.germplasm_id = g.id
    ORDER BY g.id LIMIT ${MAX_COMPARISON_ROWS}`.execute(db);
  const lines = [
    '#input=PHENOTYPE',
    [...COMPARISON_HEADER, first.heading, second.heading].map(tsvCell).join('\t'),
    ...rows.rows.map((r) => [r.name, Number(r.id), r.general_identifier, r.first, r.second].map(cell).join('\t')),
  ];
  const datasetIds = [...new Set([...(await first.used(db)), ...(await second.used(db))])].sort((a, b) => a - b);
  return { text: lines.join('\r\n') + '\r\n', datasetIds };
}
