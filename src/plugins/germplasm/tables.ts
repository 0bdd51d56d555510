import type { Generated } from 'kysely';

/** The germplasm domain's tables, after Germinate's data model. */
export interface GerminatebaseTable {
  id: Generated<number>;
  general_identifier: string;
  number: string | null;
  name: string;
  display_name: string;
  bank_number: string | null;
  taxonomy_id: number | null;
  plant_passport: string | null;
  location_id: number | null;
  entitytype_id: number | null;
  entityparent_id: number | null;
  pdci: number | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface McpdTable {
  germinatebase_id: number;
  puid: string | null;
  instcode: string | null;
  accenumb: string;
  collnumb: string | null;
  collcode: string | null;
  collname: string | null;
  collinstaddress: string | null;
  collmissid: string | null;
  genus: string | null;
  species: string | null;
  spauthor: string | null;
  subtaxa: string | null;
  subtauthor: string | null;
  cropname: string | null;
  accename: string | null;
  acqdate: string | null;
  origcty: string | null;
  collsite: string | null;
  declatitude: number | null;
  latitude: string | null;
  declongitude: number | null;
  longitude: string | null;
  coorduncert: number | null;
  coorddatum: string | null;
  georefmeth: string | null;
  elevation: number | null;
  colldate: string | null;
  bredcode: string | null;
  bredname: string | null;
  sampstat: number | null;
  ancest: string | null;
  collsrc: number | null;
  donorcode: string | null;
  donorname: string | null;
  donornumb: string | null;
  othernumb: string | null;
  duplsite: string | null;
  duplinstname: string | null;
  storage: string | null;
  mlsstat: number | null;
  remarks: string | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface LookupTable {
  id: number;
  name: string;
  description: string | null;
}

export interface BiologicalStatusTable {
  id: number;
  sampstat: string;
}
export interface CollectingSourcesTable {
  id: number;
  collsrc: string;
}
export interface MlsStatusTable {
  id: number;
  description: string;
}

export interface TaxonomiesTable {
  id: Generated<number>;
  genus: string;
  species: string;
  subtaxa: string | null;
  species_author: string | null;
  subtaxa_author: string | null;
  cropname: string | null;
  ploidy: number | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface SynonymsTable {
  id: Generated<number>;
  foreign_id: number;
  synonymtype_id: number;
  /** JSON string[] */
  synonyms: string | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface SynonymTypesTable {
  id: number;
  target_table: string;
  name: string;
  description: string | null;
}

export interface InstitutionsTable {
  id: Generated<number>;
  code: string | null;
  name: string;
  acronym: string | null;
  country_id: number | null;
  contact: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export type InstitutionType = 'collection' | 'maintenance' | 'breeding' | 'duplicate' | 'donor';

export interface GermplasmInstitutionsTable {
  germinatebase_id: number;
  institution_id: number;
  type: InstitutionType;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface LocationsTable {
  id: Generated<number>;
  locationtype_id: number;
  country_id: number;
  state: string | null;
  region: string | null;
  site_name: string;
  site_name_short: string | null;
  elevation: number | null;
  latitude: number | null;
  longitude: number | null;
  coordinate_uncertainty: number | null;
  coordinate_datum: string | null;
  georeferencing_method: string | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface CountriesTable {
  id: number;
  country_code2: string;
  country_code3: string;
  country_name: string;
}

export interface AttributesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  datatype: 'categorical' | 'numeric' | 'text' | 'date';
  target_table: string;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface AttributeDataTable {
  id: Generated<number>;
  attribute_id: number;
  foreign_id: number;
  value: string;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export type GermplasmTables = {
  germinatebase: GerminatebaseTable;
  mcpd: McpdTable;
  entitytypes: LookupTable;
  biologicalstatus: BiologicalStatusTable;
  collectingsources: CollectingSourcesTable;
  mlsstatus: MlsStatusTable;
  taxonomies: TaxonomiesTable;
  synonyms: SynonymsTable;
  synonymtypes: SynonymTypesTable;
  institutions: InstitutionsTable;
  germplasminstitutions: GermplasmInstitutionsTable;
  locations: LocationsTable;
  locationtypes: LookupTable;
  countries: CountriesTable;
  attributes: AttributesTable;
  attributedata: AttributeDataTable;
};
