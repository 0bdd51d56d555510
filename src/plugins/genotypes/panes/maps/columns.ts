import { defaultCellText, type TableColumn, type TableDeclaration } from '../../../../core/table-declaration.js';
import type { Filter } from '../../../../core/table-request.js';
import { PANE } from '../ids.js';
import { markerPane } from '../markers/columns.js';

/** A row of the map table: Germinate's ViewTableMaps (`map/table`). */
export interface MapRow extends Record<string, unknown> {
  mapId: number;
  mapName: string;
  mapDescription?: string | null;
  userId?: number | null;
  visibility?: boolean | null;
  markerCount?: number | null;
}

/** A row of the map definition table: Germinate's ViewTableMapdefinitions (`map/mapdefinition/table`). */
export interface MapDefinitionRow extends Record<string, unknown> {
  markerId: number;
  markerName: string;
  synonyms?: string[] | null;
  mapFeatureType?: string | null;
  mapId: number;
  userId?: number | null;
  visibility?: boolean | null;
  mapName?: string | null;
  chromosome?: string | null;
  position?: number | null;
}

const mapColumn = (id: string, type: TableColumn['type'] = 'text'): TableColumn => ({ id, titleKey: `genotypes.maps.column.${id}`, type });
const definitionColumn = (id: string, type: TableColumn['type'] = 'text'): TableColumn => ({ id, titleKey: `genotypes.mapDefinitions.column.${id}`, type });

/** The map fields a reader needs (owner and visibility are the server's business). */
export const MAP_COLUMNS: readonly TableColumn[] = [mapColumn('mapId', 'number'), mapColumn('mapName'), mapColumn('mapDescription'), mapColumn('markerCount', 'number')];

/**
 * One map's markers: marker, chromosome and position, then the feature type and synonyms. The map's own
 * columns are left out: the table always shows one map, named above it.
 */
export const MAP_DEFINITION_COLUMNS: readonly TableColumn[] = [
  definitionColumn('markerId', 'number'),
  definitionColumn('markerName'),
  definitionColumn('chromosome'),
  definitionColumn('position', 'number'),
  definitionColumn('mapFeatureType'),
  definitionColumn('synonyms', 'list'),
];

export const mapPane = (mapId: number) => ({ type: PANE.map, params: { mapId: String(mapId) } });

/** Germinate's hidden-columns key of this table is `maps`. Enter opens the map. */
export const mapsTable: TableDeclaration<MapRow> = {
  id: 'maps',
  path: 'map/table',
  exportPath: 'map/table/export',
  exportName: 'map-table.zip',
  columns: MAP_COLUMNS,
  rowId: (row) => row.mapId,
  rowTitle: (row) => defaultCellText(row.mapName) || String(row.mapId),
  open: (row) => mapPane(row.mapId),
};

/**
 * Germinate's hidden-columns key of this table is `mapDefinitions`. Rows mark their marker (a marker on the
 * map twice is one marked item); Enter opens the marker.
 */
export const mapDefinitionsTable: TableDeclaration<MapDefinitionRow> = {
  id: 'mapDefinitions',
  path: 'map/mapdefinition/table',
  exportPath: 'map/mapdefinition/table/export',
  exportName: 'map-definition-table.zip',
  columns: MAP_DEFINITION_COLUMNS,
  rowId: (row) => row.markerId,
  rowTitle: (row) => `${defaultCellText(row.markerName) || String(row.markerId)} · ${defaultCellText(row.chromosome)} ${defaultCellText(row.position)}`.trim(),
  markType: 'markers',
  open: (row) => markerPane(row.markerId),
};

/** The definitions of one map (or of one marker): an equals filter on the definitions' own column. */
export const definitionsOf = (column: 'mapId' | 'markerId', id: number): Filter[] => [{ column, comparator: 'equals', operator: 'and', values: [String(id)] }];
