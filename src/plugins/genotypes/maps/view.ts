import { sql } from 'kysely';
import type { DialectName } from '../../../server/db/database.js';
import type { ColumnDef, TableView } from '../../../server/table/view.js';
import { markerNameColumn, markerSynonymsColumn, synonymsJoin, type MarkerIndexes } from '../markers/view.js';
import { mapVisibleSql } from './visibility.js';

const c = (expression: string, type: ColumnDef['type']): ColumnDef => ({ sql: sql.raw(expression), type });

/** maps.visibility (an integer column) as Germinate's Boolean: PostgreSQL compares it with a boolean only as an expression. */
const visibility = (alias: string, dialect: DialectName) => c(dialect === 'postgres' ? `(${alias}.visibility <> 0)` : `${alias}.visibility`, 'boolean');

/**
 * Germinate's ViewTableMaps (`map/table`): the maps the caller sees. `markerCount` counts the map's
 * definitions as Germinate's view does (a count over the map LEFT JOIN its definitions, so a map without
 * any reports 1), through the definitions' map index, for the rows of a page only.
 */
export function mapView(dialect: DialectName): TableView {
  return {
    name: 'maps',
    from: sql.raw('maps mp'),
    columns: {
      mapId: c('mp.id', 'integer'),
      mapName: c('mp.name', 'string'),
      mapDescription: c('mp.description', 'string'),
      userId: c('mp.user_id', 'integer'),
      visibility: visibility('mp', dialect),
      markerCount: c('(SELECT CASE WHEN COUNT(*) = 0 THEN 1 ELSE COUNT(*) END FROM mapdefinitions mdc WHERE mdc.map_id = mp.id)', 'integer'),
    },
    idColumn: 'mapId',
    requestCondition: (_body, caller) => mapVisibleSql('mp', caller.user),
  };
}

/**
 * Germinate's ViewTableMapdefinitions (`map/mapdefinition/table`): one row per definition of a map the
 * caller sees, with its marker (Germinate starts from the markers and drops those on no visible map, which
 * is these rows). Filters on mapId and markerId compare the definitions' own columns, which their indexes
 * serve. A marker is a row of each of its definitions, so the rows' id is the definition's:
 * `mapDefinitionId`, which pages and exports use and rows do not carry (Germinate's rows have no such key).
 * The routes add the visibility condition (mapVisibleSql on `mp`).
 */
export function mapDefinitionView(dialect: DialectName, indexes: MarkerIndexes): TableView {
  return {
    name: 'mapDefinitions',
    from: sql`mapdefinitions md
      JOIN markers m ON m.id = md.marker_id
      JOIN maps mp ON mp.id = md.map_id
      LEFT JOIN mapfeaturetypes ft ON ft.id = md.mapfeaturetype_id
      LEFT JOIN ${synonymsJoin('md.marker_id')}`,
    columns: {
      markerId: c('md.marker_id', 'integer'),
      markerName: markerNameColumn('m.marker_name', 'md.marker_id', indexes, 'md'),
      synonyms: markerSynonymsColumn('s.synonyms', 'md.marker_id', 'md'),
      mapFeatureType: c('ft.description', 'string'),
      mapId: c('md.map_id', 'integer'),
      userId: c('mp.user_id', 'integer'),
      visibility: visibility('mp', dialect),
      mapName: c('mp.name', 'string'),
      chromosome: c('md.chromosome', 'string'),
      position: c('md.definition_start', 'number'),
      mapDefinitionId: { ...c('md.id', 'integer'), toJson: () => undefined },
    },
    idColumn: 'mapDefinitionId',
    exportColumns: ['markerId', 'markerName', 'synonyms', 'mapFeatureType', 'mapId', 'userId', 'visibility', 'mapName', 'chromosome', 'position'],
  };
}
