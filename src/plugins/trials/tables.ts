import type { DatasheetTables } from '../../server/import/datasheet-write.js';
import type { Generated } from 'kysely';

/** created_on / updated_on default to now (ISO text) on insert. */
interface Stamped {
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export type TraitDatatype = 'categorical' | 'numeric' | 'text' | 'date';

/** Traits. `restrictions` is JSON `{categories?: string[][], min?: number, max?: number}`. */
export interface PhenotypesTable extends Stamped {
  id: Generated<number>;
  name: string;
  short_name: string | null;
  description: string | null;
  datatype: TraitDatatype;
  restrictions: string | null;
  unit_id: number | null;
  category_id: number | null;
  setsize: number | null;
  /** 0/1 */
  is_timeseries: Generated<number>;
}

export interface PhenotypecategoriesTable extends Stamped {
  id: Generated<number>;
  name: string;
  description: string | null;
}

export interface UnitsTable extends Stamped {
  id: Generated<number>;
  unit_name: string;
  unit_abbreviation: string | null;
  unit_description: string | null;
}

export interface TreatmentsTable extends Stamped {
  id: Generated<number>;
  name: string;
  description: string | null;
}

export interface TrialseriesTable extends Stamped {
  id: Generated<number>;
  seriesname: string | null;
}

/** One plot / observation unit of a trials dataset. */
export interface TrialsetupTable extends Stamped {
  id: Generated<number>;
  germinatebase_id: number;
  dataset_id: number;
  location_id: number | null;
  treatment_id: number | null;
  trialseries_id: number | null;
  block: Generated<string>;
  rep: Generated<string>;
  trial_row: number | null;
  trial_column: number | null;
  latitude: number | null;
  longitude: number | null;
  elevation: number | null;
}

export interface PhenotypedataTable extends Stamped {
  id: Generated<number>;
  trialsetup_id: number;
  phenotype_id: number;
  phenotype_value: string | null;
  recording_date: string | null;
}

/*
 * Tables of other domains this plugin reads or writes by SQL name (plugins never import each other's
 * code): only the columns used here are declared.
 */
export interface ForeignGerminatebase {
  id: number;
  name: string;
  display_name: string;
}

export interface ForeignCountries {
  id: number;
  country_code2: string;
}

export interface ForeignAttributes extends Stamped {
  id: Generated<number>;
  name: string;
  description: string | null;
  datatype: string;
  target_table: string;
}

export interface ForeignAttributedata extends Stamped {
  id: Generated<number>;
  attribute_id: number;
  foreign_id: number;
  value: string;
}

export type TrialsTables = {
  phenotypes: PhenotypesTable;
  phenotypecategories: PhenotypecategoriesTable;
  units: UnitsTable;
  treatments: TreatmentsTable;
  trialseries: TrialseriesTable;
  trialsetup: TrialsetupTable;
  phenotypedata: PhenotypedataTable;
  germinatebase: ForeignGerminatebase;
  locations: DatasheetTables['locations'];
  countries: ForeignCountries;
  datasetlocations: DatasheetTables['datasetlocations'];
  attributes: ForeignAttributes;
  attributedata: ForeignAttributedata;
};
