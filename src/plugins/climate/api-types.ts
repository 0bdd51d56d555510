/**
 * The shapes of the climate answers, shared by the server that builds them and the client that reads them
 * (Germinate's names). Only type imports from src/core: the client bundle takes this file as it is.
 */
import type { DatasetSummary, Distribution } from '../../core/stats-types.js';

/** The label of the boxes of the marked locations (`groupIds`) and of their rows in the categorical file. */
export const MARKED_ITEMS = 'Marked items';

/** Germinate's ViewTableClimates: a climate variable with its unit, overlays and number of values. */
export type ClimateRow = {
  climateId: number;
  climateName: string;
  climateNameShort?: string;
  climateDescription?: string;
  dataType: 'categorical' | 'numeric' | 'text' | 'date';
  unitId?: number;
  unitName?: string;
  unitDescription?: string;
  /** Map overlays of the climate variable. */
  overlays: number;
  unitAbbreviation?: string;
  /** Its values in the climate datasets the caller may read (`dataset/climate`: 0, as Germinate). */
  count: number;
};

/** A visible location group of a data row's location. */
export interface GroupRef {
  id: number;
  name: string;
}

/** Germinate's ViewTableClimateDataWithGroups (`dataset/data/climate/table`): one climate value. */
export type ClimateDataRow = {
  groups: GroupRef[];
  locationId: number;
  locationName?: string;
  locationRegion?: string;
  locationState?: string;
  locationType?: string;
  locationLatitude?: number;
  locationLongitude?: number;
  locationElevation?: number;
  countryName?: string;
  countryCode2?: string;
  countryCode3?: string;
  datasetId: number;
  datasetName?: string;
  datasetDescription?: string;
  climateId: number;
  climateName?: string;
  climateNameShort?: string;
  climateDataType?: string;
  unitName?: string;
  recordingDate?: string;
  climateValue?: string;
};

/** Germinate's Quantiles of a climate variable: one box (no treatments: treatmentId is always null). */
export interface ClimateQuantiles extends Distribution {
  datasetId: number | null;
  treatmentId: null;
  /** The climate variable. */
  xId: number;
  /** JSON-array text of the location group's name, or MARKED_ITEMS; null for a dataset's box. */
  groupIds: string | null;
}

/** The part of Germinate's ViewTableDatasets that names and credits a box's dataset. */
export type ClimateDatasetSummary = DatasetSummary;

/** Germinate's ClimateDatasetStats (`dataset/stats/climate`). */
export interface ClimateDatasetStats {
  datasets: ClimateDatasetSummary[];
  climates: ClimateRow[];
  stats: ClimateQuantiles[];
}
