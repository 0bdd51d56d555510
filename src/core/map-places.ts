/**
 * A map's places as the server answers them for one view (POST …/table/places): single places where the
 * view holds few, else clusters, one per grid cell of the zoom level. Client and server share the grid.
 */
export interface MapPlace {
  id: number;
  latitude: number;
  longitude: number;
  label: string;
}

export interface MapCluster {
  /** zoom:column:row of its cell: the same cell keeps its key from answer to answer. */
  key: string;
  count: number;
  /** The mean position of its places, where it is drawn. */
  latitude: number;
  longitude: number;
  /** The extent of its places: opening a cluster shows this box. */
  south: number;
  north: number;
  west: number;
  east: number;
}

export interface MapBounds {
  south: number;
  north: number;
  west: number;
  east: number;
  /** Every matching row with coordinates, in view or not. */
  total: number;
}

export interface MapPlaces {
  zoom: number;
  cellDegrees: number;
  /** Matching rows with coordinates inside the view (0 when asked for the bounds alone, cells: false). */
  inView: number;
  places: MapPlace[];
  clusters: MapCluster[];
  /** Asked for with `bounds: true`; null when no matching row has coordinates. */
  bounds: MapBounds | null;
}

/** Cells across one 256-pixel tile: a cluster stands for about 64 pixels of map. */
export const PLACE_CELLS_PER_TILE = 4;
/** A view with at most this many places shows each of them (marking works on single places). */
export const PLACE_POINT_LIMIT = 1_500;

/** The cell's width and height in degrees at a whole zoom level (the world is 256 · 2^zoom pixels wide). */
export const placeCellDegrees = (zoom: number): number => 360 / (2 ** zoom * PLACE_CELLS_PER_TILE);
