import proj4 from 'proj4';

/** A position as [x, y] (longitude, latitude for geographic systems). */
export type Point = [number, number];

/** A coordinate reference system the importer can place on a map, by its EPSG code. */
export interface Crs {
  code: number;
  /** Source CRS → WGS84 longitude/latitude. */
  toWgs84(point: Point): Point;
  /** WGS84 longitude/latitude → source CRS. */
  fromWgs84(point: Point): Point;
}

/**
 * proj4 definitions of the systems drone and satellite rasters of field trials come in: WGS84 and ETRS89
 * longitude/latitude, Web Mercator, and the UTM zones on WGS84 (326xx north, 327xx south) and on ETRS89
 * (258xx). Without GDAL's EPSG database other systems are refused with a clear message rather than guessed.
 */
function definition(code: number): string | null {
  if (code === 4326 || code === 4258) return '+proj=longlat +datum=WGS84 +no_defs';
  if (code === 3857 || code === 900913) return 'EPSG:3857';
  if (code >= 32601 && code <= 32660) return `+proj=utm +zone=${code - 32600} +datum=WGS84 +units=m +no_defs`;
  if (code >= 32701 && code <= 32760) return `+proj=utm +zone=${code - 32700} +south +datum=WGS84 +units=m +no_defs`;
  if (code >= 25828 && code <= 25838) return `+proj=utm +zone=${code - 25800} +ellps=GRS80 +units=m +no_defs`;
  return null;
}

export function crsFor(code: number): Crs | null {
  const text = definition(code);
  if (text === null) return null;
  const converter = proj4(text, 'EPSG:4326');
  return { code, toWgs84: (p) => converter.forward(p) as Point, fromWgs84: (p) => converter.inverse(p) as Point };
}

/** The Web-Mercator (EPSG:3857) projection the maps draw in, to and from WGS84. */
export const webMercator = proj4('EPSG:4326', 'EPSG:3857');

/** Whether the GeoTIFF keys name a code we know: projected first, then geographic (GeoTIFF 1.1 §7). */
export function crsCode(keys: Record<string, unknown>): number | null {
  const projected = keys.ProjectedCSTypeGeoKey;
  const geographic = keys.GeographicTypeGeoKey;
  if (typeof projected === 'number' && projected !== 32767) return projected;
  if (typeof geographic === 'number' && geographic !== 32767) return geographic;
  return null;
}
