import { defaultCellText, type TableColumn, type TableDeclaration } from '../../../../core/table-declaration.js';
import { coordinate } from '../../../../shell/widgets/map/use-map-places.js';
import type { MapPlace } from '../../../../shell/widgets/map/place-layers.js';

/** A row of the location table: Germinate's ViewTableLocations (`location/table`) under Germinate's names. */
export interface LocationRow extends Record<string, unknown> {
  locationId: number;
  locationName: string;
  locationNameShort?: string | null;
  locationRegion?: string | null;
  locationState?: string | null;
  locationType?: string | null;
  locationLatitude?: number | string | null;
  locationLongitude?: number | string | null;
  locationElevation?: number | string | null;
  countryName?: string | null;
  countryCode2?: string | null;
  distance?: number | null;
}

const column = (id: string, type: TableColumn['type'] = 'text', hidden = false): TableColumn => ({ id, titleKey: `locations.column.${id}`, type, hidden });

/** The spec's location fields: id, site name, latitude, longitude, elevation (m), country, region, state, type; then the extras. */
export const LOCATION_COLUMNS: readonly TableColumn[] = [
  column('locationId', 'number'),
  column('locationName'),
  column('locationLatitude', 'number'),
  column('locationLongitude', 'number'),
  column('locationElevation', 'number'),
  column('countryName'),
  column('locationRegion'),
  column('locationState'),
  column('locationType'),
  column('locationNameShort', 'text', true),
  column('countryCode2', 'text', true),
  column('locationCoordinateUncertainty', 'number', true),
];

/** A location as a place on a map (none without coordinates). */
export function locationPlace(row: LocationRow): MapPlace | null {
  const latitude = coordinate(row.locationLatitude);
  const longitude = coordinate(row.locationLongitude);
  if (Number.isNaN(latitude) || Number.isNaN(longitude)) return null;
  return { id: row.locationId, latitude, longitude, label: defaultCellText(row.locationName) || String(row.locationId) };
}

/** Germinate's hidden-columns key of this table is `locations`; rows are marked as locations (x). */
export const locationsTable: TableDeclaration<LocationRow> = {
  id: 'locations',
  path: 'location/table',
  exportPath: 'location/table/export',
  exportName: 'location-table.zip',
  columns: LOCATION_COLUMNS,
  rowId: (row) => row.locationId,
  rowTitle: (row) => defaultCellText(row.locationName) || String(row.locationId),
  markType: 'locations',
};
