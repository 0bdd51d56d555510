import { sql, type RawBuilder } from 'kysely';
import { isoTimestamp } from '../../../server/table/engine.js';
import { joinedFrom, type ColumnDef, type ColumnType, type TableView, type ViewJoin } from '../../../server/table/view.js';
import type { TrialsDataColumn } from '../api-types.js';

/** The data view's driving tables: a data point and its plot. */
const BASE = ['pd', 'ts'];

/** A column over `alias.column`: outside the driving tables it reads that join, and is NULL without it. */
const c = (expression: string, type: ColumnType): ColumnDef => {
  const alias = /^(\w+)\./.exec(expression)?.[1];
  return { sql: sql.raw(expression), type, ...(alias && !BASE.includes(alias) ? { joins: [alias], nullWhenUnjoined: true } : {}) };
};

/** One LEFT JOIN of the data view, on a key (at most one row each). */
const join = (alias: string, clause: string, after?: string): ViewJoin => ({ alias, target: sql.raw(clause), ...(after ? { after: [after] } : {}) });

/**
 * SQLite's FTS5 trigram table over germinatebase's names (the germplasm domain's, read by its SQL name):
 * it narrows `contains` on the germplasm's names to the germplasm that can match, whose plots the
 * trialsetup index then finds. PostgreSQL finds its pg_trgm indexes by itself.
 */
const searched = (column: 'name' | 'display_name' | 'general_identifier'): ColumnDef => ({
  ...c(`g.${column}`, 'string'),
  trigram: { table: 'germinatebase_trigram', column, matching: (rowids: RawBuilder<unknown>) => sql`ts.germinatebase_id IN (${rowids})` },
});

/** A recording date as Germinate's timestamp: a stored day (the seed's, older imports') is that day's midnight UTC. */
function recordingDateJson(value: unknown): unknown {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : isoTimestamp(value);
}

/** A plot's treatment, id and position: columns of the data view and of the plot lookup alike. */
function plotColumns(): Record<'treatment' | 'trialsetupId' | 'rep' | 'block' | 'trialRow' | 'trialColumn', ColumnDef> {
  return {
    treatment: c('tr.name', 'string'),
    trialsetupId: c('ts.id', 'integer'),
    rep: c('ts.rep', 'string'),
    block: c('ts.block', 'string'),
    trialRow: c('ts.trial_row', 'integer'),
    trialColumn: c('ts.trial_column', 'integer'),
  };
}

/** The row key of the data view: not one of Germinate's keys, so it is left out of answers and files. */
export const DATA_ROW_KEY = 'phenotypedataId';

/** The keys of a `minimal: true` row (groups are added to every row). */
export const MINIMAL_KEYS = [
  'germplasmId', 'germplasmName', 'germplasmDisplayName', 'datasetId', 'datasetName', 'traitId', 'traitName', 'treatment',
  'recordingDate', 'traitValue',
] as const satisfies readonly TrialsDataColumn[];

/** The keys of a full row, in Germinate's order (groups are added after the query). */
const FULL_KEYS: TrialsDataColumn[] = [
  'germplasmId', 'germplasmGid', 'germplasmName', 'germplasmDisplayName', 'germplasmSynonyms', 'entityParentName',
  'entityParentGeneralIdentifier', 'entityType', 'datasetId', 'datasetName', 'datasetDescription', 'locationName', 'countryName',
  'countryCode2', 'traitId', 'traitName', 'traitNameShort', 'traitRestrictions', 'traitDataType', 'unitName', 'treatment',
  'trialsetupId', 'rep', 'block', 'trialRow', 'trialColumn', 'latitude', 'longitude', 'elevation', 'recordingDate', 'traitValue',
];

/**
 * ViewTableTrialsData: one row per data point (phenotypedata), with its plot, germplasm, trait and dataset.
 * Every join but the plot's is LEFT on a key (the foreign keys make them match exactly one row, or none
 * for the optional ones) and declared join by join, so that a query leaves out those it does not read
 * (PostgreSQL drops an unused LEFT JOIN on a key by itself, SQLite only outside aggregates). The germplasm
 * and trait ids are read from the plot and the data point, whose indexes serve them. Dataset-scoped and
 * licence-gated through the shared engine; the routes narrow it further to the allowed trials datasets and
 * the request's selection.
 */
export function trialsDataView(): TableView {
  // Keyed by the row's keys (api-types.ts), so that the answer and its client type name the same columns.
  const columns: Record<TrialsDataColumn | typeof DATA_ROW_KEY, ColumnDef> = {
    [DATA_ROW_KEY]: c('pd.id', 'integer'),
    germplasmId: c('ts.germinatebase_id', 'integer'),
    germplasmGid: searched('general_identifier'),
    germplasmName: searched('name'),
    germplasmDisplayName: searched('display_name'),
    // Synonyms of type 1 (germplasm): one row per germplasm by convention, read for the rows shown only.
    germplasmSynonyms: c('(SELECT s.synonyms FROM synonyms s WHERE s.foreign_id = ts.germinatebase_id AND s.synonymtype_id = 1 ORDER BY s.id LIMIT 1)', 'json'),
    entityParentName: c('gp.name', 'string'),
    entityParentGeneralIdentifier: c('gp.general_identifier', 'string'),
    entityType: c('et.name', 'string'),
    datasetId: c('ts.dataset_id', 'integer'),
    datasetName: c('d.name', 'string'),
    datasetDescription: c('d.description', 'string'),
    locationName: c('l.site_name', 'string'),
    countryName: c('co.country_name', 'string'),
    countryCode2: c('co.country_code2', 'string'),
    traitId: c('pd.phenotype_id', 'integer'),
    traitName: c('p.name', 'string'),
    traitNameShort: c('p.short_name', 'string'),
    traitRestrictions: c('p.restrictions', 'json'),
    traitDataType: c('p.datatype', 'string'),
    unitName: c('u.unit_name', 'string'),
    ...plotColumns(),
    latitude: c('ts.latitude', 'number'),
    longitude: c('ts.longitude', 'number'),
    elevation: c('ts.elevation', 'number'),
    recordingDate: { ...c('pd.recording_date', 'date'), toJson: recordingDateJson },
    traitValue: c('pd.phenotype_value', 'string'),
  };
  return {
    name: 'trialsData',
    ...joinedFrom(sql.raw('phenotypedata pd JOIN trialsetup ts ON ts.id = pd.trialsetup_id'), [
      join('g', 'germinatebase g ON g.id = ts.germinatebase_id'),
      join('p', 'phenotypes p ON p.id = pd.phenotype_id'),
      join('d', 'datasets d ON d.id = ts.dataset_id'),
      join('gp', 'germinatebase gp ON gp.id = g.entityparent_id', 'g'),
      join('et', 'entitytypes et ON et.id = g.entitytype_id', 'g'),
      join('u', 'units u ON u.id = p.unit_id', 'p'),
      join('l', 'locations l ON l.id = ts.location_id'),
      join('co', 'countries co ON co.id = l.country_id', 'l'),
      join('tr', 'treatments tr ON tr.id = ts.treatment_id'),
    ]),
    columns,
    idColumn: DATA_ROW_KEY,
    exportColumns: FULL_KEYS,
    datasetColumn: 'datasetId',
    licenceGated: true,
  };
}

/** Plots that hold data: Germinate builds its germplasm lookup from the data points, not from the plots alone. */
const HAS_DATA = 'EXISTS (SELECT 1 FROM phenotypedata pd WHERE pd.trialsetup_id = ts.id)';

/**
 * The trial germplasm lookup (`dataset/data/trial/germplasm`): with `isGermplasm` one row per germplasm
 * and dataset, else one row per plot, of the plots that hold data. A germplasm-and-dataset row is its
 * lowest plot with data, so that each row has a key of its own (the plot's id, not one of the row's keys
 * in that mode).
 */
export function trialGermplasmView(isGermplasm: boolean): TableView {
  const germplasm: Record<string, ColumnDef> = {
    germplasmId: c('ts.germinatebase_id', 'integer'),
    germplasmGid: searched('general_identifier'),
    germplasmName: searched('name'),
    germplasmDisplayName: searched('display_name'),
    datasetId: c('ts.dataset_id', 'integer'),
  };
  // The lowest plot with data of its germplasm in its dataset (the trialsetup index on both serves it).
  const first = `ts.id = (SELECT MIN(tf.id) FROM trialsetup tf WHERE tf.germinatebase_id = ts.germinatebase_id AND tf.dataset_id = ts.dataset_id
    AND EXISTS (SELECT 1 FROM phenotypedata pf WHERE pf.trialsetup_id = tf.id))`;
  return {
    name: isGermplasm ? 'trialGermplasm' : 'trialPlots',
    from: sql.raw(`trialsetup ts
      LEFT JOIN germinatebase g ON g.id = ts.germinatebase_id
      LEFT JOIN treatments tr ON tr.id = ts.treatment_id`),
    where: sql.raw(isGermplasm ? `${HAS_DATA} AND ${first}` : HAS_DATA),
    columns: isGermplasm ? { ...germplasm, plotId: c('ts.id', 'integer') } : { ...germplasm, ...plotColumns() },
    idColumn: isGermplasm ? 'plotId' : 'trialsetupId',
    datasetColumn: 'datasetId',
    licenceGated: true,
  };
}

/** The key each mode of the lookup leaves out of its rows (the row key that is not one of Germinate's). */
export const LOOKUP_ROW_KEY = 'plotId';
