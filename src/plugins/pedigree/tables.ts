import type { DatasheetTables } from '../../server/import/datasheet-write.js';
import type { Generated } from 'kysely';

/** The pedigree domain's tables, after Germinate's data model. Timestamps are ISO text. */
export type RelationshipType = 'M' | 'F' | 'OTHER';

export interface PedigreesTable {
  id: Generated<number>;
  dataset_id: number;
  /** the child */
  germinatebase_id: number;
  parent_id: number;
  relationship_type: RelationshipType;
  pedigreedescription_id: number;
  relationship_description: string | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface PedigreedefinitionsTable {
  id: Generated<number>;
  dataset_id: number;
  germinatebase_id: number;
  pedigreenotation_id: number;
  pedigreedescription_id: number | null;
  definition: string;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface PedigreedescriptionsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  author: string | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface PedigreenotationsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  reference_url: string | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

/**
 * Other domains' tables the pedigree importer uses, by SQL name only (plugins never import each other):
 * germplasm, locations, countries, attributes (germplasm domain) and dataset locations.
 */
export type PedigreeForeignTables = {
  germinatebase: { id: number; name: string; display_name: string };
  countries: { id: number; country_code2: string };
  locations: DatasheetTables['locations'];
  datasetlocations: DatasheetTables['datasetlocations'];
  attributes: {
    id: Generated<number>;
    name: string;
    description: string | null;
    datatype: string;
    target_table: string;
    created_on: Generated<string>;
    updated_on: Generated<string>;
  };
  attributedata: {
    id: Generated<number>;
    attribute_id: number;
    foreign_id: number;
    value: string;
    created_on: Generated<string>;
    updated_on: Generated<string>;
  };
};

export type PedigreeTables = PedigreeForeignTables & {
  pedigrees: PedigreesTable;
  pedigreedefinitions: PedigreedefinitionsTable;
  pedigreedescriptions: PedigreedescriptionsTable;
  pedigreenotations: PedigreenotationsTable;
};

/** datasettypes.id of pedigree datasets. */
export const PEDIGREE_DATASET_TYPE = 7;
