import type { Generated } from 'kysely';

/** A raster laid over maps (Germinate's `mapoverlays`): a trait's or climate variable's, a dataset's, or both. */
export interface MapoverlaysTable {
  id: Generated<number>;
  /** The PNG's file name under DATA_DIR/images/mapoverlay/ (`<id>.png`). */
  name: string;
  description: string | null;
  /** WGS84 bounds of the (Web-Mercator) PNG. */
  bottom_left_lat: number | null;
  bottom_left_lng: number | null;
  top_right_lat: number | null;
  top_right_lng: number | null;
  is_legend: Generated<number>;
  reference_table: 'phenotypes' | 'climates' | null;
  /** A trait's or climate variable's id, after reference_table. */
  foreign_id: number | null;
  dataset_id: number | null;
  /** ISO `YYYY-MM-DD`, or null. */
  recording_date: string | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export type MapoverlaysTables = {
  mapoverlays: MapoverlaysTable;
};
