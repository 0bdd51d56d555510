import { sql } from 'kysely';
import type { GeoColumns } from '../../server/geo/routes.js';
import { joinedFrom, type ColumnType, type TableView } from '../../server/table/view.js';

/** A column over `alias.column`: it reads that alias's join (any but the driving table l), NULL without it. */
const c = (expression: string, type: ColumnType) => {
  const alias = /^(\w+)\./.exec(expression)?.[1];
  return { sql: sql.raw(expression), type, ...(alias && alias !== 'l' ? { joins: [alias], nullWhenUnjoined: true } : {}) };
};

/**
 * ViewTableLocations (Germinate's view_table_locations): every location, with its country and type, in the
 * view's key order. No dataset restriction.
 */
export function locationView(): TableView {
  return {
    name: 'locations',
    ...joinedFrom(sql.raw('locations l'), [
      { alias: 'c', target: sql.raw('countries c ON c.id = l.country_id') },
      { alias: 'lt', target: sql.raw('locationtypes lt ON lt.id = l.locationtype_id') },
    ]),
    columns: {
      locationId: c('l.id', 'integer'),
      locationName: c('l.site_name', 'string'),
      locationNameShort: c('l.site_name_short', 'string'),
      locationRegion: c('l.region', 'string'),
      locationState: c('l.state', 'string'),
      locationType: c('lt.name', 'string'),
      locationLatitude: c('l.latitude', 'number'),
      locationLongitude: c('l.longitude', 'number'),
      locationElevation: c('l.elevation', 'number'),
      locationCoordinateUncertainty: c('l.coordinate_uncertainty', 'integer'),
      countryId: c('c.id', 'integer'),
      countryName: c('c.country_name', 'string'),
      countryCode2: c('c.country_code2', 'string'),
      countryCode3: c('c.country_code3', 'string'),
    },
    idColumn: 'locationId',
  };
}

/** Where a location is: itself (the driving table, so no join). */
export const LOCATION_GEO: GeoColumns = { locationId: sql.raw('l.id'), point: { lat: sql.raw('l.latitude'), lng: sql.raw('l.longitude') }, joins: [] };
