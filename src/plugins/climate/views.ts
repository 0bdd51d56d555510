import { sql, type RawBuilder } from 'kysely';
import { datasetLicensedSql } from '../../server/access/datasets.js';
import { isoTimestamp, type QueryCaller } from '../../server/table/engine.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import { joinedFrom, type ColumnDef, type ColumnType, type TableView, type ViewJoin } from '../../server/table/view.js';
import type { ClimateDataRow, ClimateRow } from './api-types.js';
import { CLIMATE_DATASET_TYPE } from './import/climate-write.js';

/** A column over `alias.column`: outside the driving table (`base`) it reads that join, and is NULL without it. */
const column = (base: string) => (expression: string, type: ColumnType): ColumnDef => {
  const alias = /^(\w+)\./.exec(expression)?.[1];
  return { sql: sql.raw(expression), type, ...(alias && alias !== base ? { joins: [alias], nullWhenUnjoined: true } : {}) };
};

/** One LEFT JOIN on a key (at most one row each). */
const join = (alias: string, clause: string, after?: string): ViewJoin => ({ alias, target: sql.raw(clause), ...(after ? { after: [after] } : {}) });

/** The climate datasets the caller may read (the shared gate: seen, licence accepted), as a subquery of ids. */
export function readableClimateDatasets(caller: QueryCaller): RawBuilder<unknown> {
  return sql`SELECT d.id FROM datasets d WHERE d.datasettype_id = ${sql.lit(CLIMATE_DATASET_TYPE)} AND ${datasetLicensedSql(sql`d.id`, caller)}`;
}

/** Map overlays of climate `c` (the map overlays domain's table, read by its SQL name; 0 without it). */
export function overlaysSql(present: PresentTables): RawBuilder<unknown> {
  return present.has('mapoverlays') ? sql`(SELECT COUNT(*) FROM mapoverlays mo WHERE mo.reference_table = 'climates' AND mo.foreign_id = c.id)` : sql`0`;
}

/**
 * Germinate's ViewTableClimates (`climate/table`): every climate variable with its unit and number of map
 * overlays. `count` is its values in the climate datasets the caller may read (as the trait table counts
 * a trait's values), not over every dataset: a private dataset's size is not told to those who cannot see it.
 */
export function climateView(present: PresentTables): TableView {
  const c = column('c');
  const count = (caller: QueryCaller) =>
    sql`(SELECT COUNT(*) FROM climatedata cd WHERE cd.climate_id = c.id AND cd.dataset_id IN (${readableClimateDatasets(caller)}))`;
  // Keyed by the row's keys (api-types.ts), in Germinate's order.
  const columns: Record<keyof ClimateRow, ColumnDef> = {
    climateId: c('c.id', 'integer'),
    climateName: c('c.name', 'string'),
    climateNameShort: c('c.short_name', 'string'),
    climateDescription: c('c.description', 'string'),
    dataType: c('c.datatype', 'string'),
    unitId: c('u.id', 'integer'),
    unitName: c('u.unit_name', 'string'),
    unitDescription: c('u.unit_description', 'string'),
    overlays: { sql: overlaysSql(present), type: 'integer' },
    unitAbbreviation: c('u.unit_abbreviation', 'string'),
    count: { sql: count({ user: null }), type: 'integer', forGate: count },
  };
  return {
    name: 'climates',
    ...joinedFrom(sql.raw('climates c'), [join('u', 'units u ON u.id = c.unit_id')]),
    columns,
    idColumn: 'climateId',
  };
}

/** A recording date as Germinate's timestamp: a stored day is that day's midnight UTC. */
function recordingDateJson(value: unknown): unknown {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : isoTimestamp(value);
}

/** The row key of the data view: not one of Germinate's keys, so it is left out of answers and files. */
export const DATA_ROW_KEY = 'climatedataId';

type DataColumn = Exclude<keyof ClimateDataRow, 'groups'>;

/**
 * Germinate's view_table_climate_data: one row per climate value, with its location (type, country),
 * dataset and climate variable (unit). Every join is LEFT on a key and declared, so that a page's id lookup
 * and count read only what their filters and sort read; the routes' scope reads the value row alone.
 * Dataset-scoped and licence-gated through the shared engine.
 */
export function climateDataView(): TableView {
  const c = column('cd');
  const columns: Record<DataColumn | typeof DATA_ROW_KEY, ColumnDef> = {
    [DATA_ROW_KEY]: c('cd.id', 'integer'),
    locationId: c('cd.location_id', 'integer'),
    locationName: c('l.site_name', 'string'),
    locationRegion: c('l.region', 'string'),
    locationState: c('l.state', 'string'),
    locationType: c('lt.name', 'string'),
    locationLatitude: c('l.latitude', 'number'),
    locationLongitude: c('l.longitude', 'number'),
    locationElevation: c('l.elevation', 'number'),
    countryName: c('co.country_name', 'string'),
    countryCode2: c('co.country_code2', 'string'),
    countryCode3: c('co.country_code3', 'string'),
    datasetId: c('cd.dataset_id', 'integer'),
    datasetName: c('d.name', 'string'),
    datasetDescription: c('d.description', 'string'),
    climateId: c('cd.climate_id', 'integer'),
    climateName: c('cl.name', 'string'),
    climateNameShort: c('cl.short_name', 'string'),
    climateDataType: c('cl.datatype', 'string'),
    unitName: c('u.unit_name', 'string'),
    recordingDate: { ...c('cd.recording_date', 'date'), toJson: recordingDateJson },
    climateValue: c('cd.climate_value', 'string'),
  };
  const { [DATA_ROW_KEY]: _key, ...exported } = columns;
  return {
    name: 'climateData',
    ...joinedFrom(sql.raw('climatedata cd'), [
      join('l', 'locations l ON l.id = cd.location_id'),
      join('lt', 'locationtypes lt ON lt.id = l.locationtype_id', 'l'),
      join('co', 'countries co ON co.id = l.country_id', 'l'),
      join('d', 'datasets d ON d.id = cd.dataset_id'),
      join('cl', 'climates cl ON cl.id = cd.climate_id'),
      join('u', 'units u ON u.id = cl.unit_id', 'cl'),
    ]),
    columns,
    idColumn: DATA_ROW_KEY,
    exportColumns: Object.keys(exported),
    datasetColumn: 'datasetId',
    licenceGated: true,
  };
}
