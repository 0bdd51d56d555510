import type { DatasheetTables } from '../../server/import/datasheet-write.js';
import type { Generated } from 'kysely';

/**
 * The climate domain's tables (after Germinate's data model), plus the Kysely shapes of the tables of other domains
 * this plugin reads and writes by name (locations, countries, attributes: germplasm domain; units: shared
 * with traits). Declared here because plugins never import each other's code.
 */
export interface UnitsTable {
  id: Generated<number>;
  unit_name: string;
  unit_abbreviation: string | null;
  unit_description: string | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export type ClimateDatatype = 'categorical' | 'numeric' | 'text' | 'date';

export interface ClimatesTable {
  id: Generated<number>;
  name: string;
  short_name: string | null;
  description: string | null;
  datatype: ClimateDatatype;
  unit_id: number | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface ClimatedataTable {
  id: Generated<number>;
  climate_id: number;
  location_id: number;
  climate_value: string | null;
  dataset_id: number;
  /** ISO date text YYYY-MM-DD */
  recording_date: string | null;
  old_recording_date: string | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

interface CountriesTable {
  id: number;
  country_code2: string;
}

interface AttributesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  datatype: ClimateDatatype;
  target_table: string;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

interface AttributedataTable {
  id: Generated<number>;
  attribute_id: number;
  foreign_id: number;
  value: string;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export type ClimateTables = {
  units: UnitsTable;
  climates: ClimatesTable;
  climatedata: ClimatedataTable;
  locations: DatasheetTables['locations'];
  datasetlocations: DatasheetTables['datasetlocations'];
  countries: CountriesTable;
  attributes: AttributesTable;
  attributedata: AttributedataTable;
};
