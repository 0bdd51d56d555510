import { MLS_STATUS_MEANINGS, STORAGE_MEANINGS } from '../../core/mcpd-status-codes.js';

/** MCPD v2.1 code lists as Germinate seeds them (docs/mcpd.md). Shared by client labels and server checks. */
export const SAMPSTAT: ReadonlyArray<readonly [number, string]> = [
  [100, 'Wild'],
  [110, 'Natural'],
  [120, 'Semi-natural/wild'],
  [130, 'Semi-natural/sown'],
  [200, 'Weedy'],
  [300, 'Traditional cultivar/landrace'],
  [400, 'Breeding/research material'],
  [410, "Breeder's line"],
  [411, 'Synthetic population'],
  [412, 'Hybrid'],
  [413, 'Founder stock/base population'],
  [414, 'Inbred line (parent of hybrid cultivar)'],
  [415, 'Segregating population'],
  [416, 'Clonal selection'],
  [420, 'Genetic stock'],
  [421, 'Mutant (e.g. induced/insertion mutants, tilling populations)'],
  [422, 'Cytogenetic stocks (e.g. chromosome addition/substitution, aneuploids, amphiploids)'],
  [423, 'Other genetic stocks (e.g. mapping populations)'],
  [500, 'Advanced or improved cultivar (conventional breeding methods)'],
  [600, 'GMO (by genetic engineering)'],
  [999, 'Other (elaborate in REMARKS field)'],
];

export const COLLSRC: ReadonlyArray<readonly [number, string]> = [
  [10, 'Wild habitat'],
  [11, 'Forest or woodland'],
  [12, 'Shrubland'],
  [13, 'Grassland'],
  [14, 'Desert or tundra'],
  [15, 'Aquatic habitat'],
  [20, 'Farm or cultivated habitat'],
  [21, 'Field'],
  [22, 'Orchard'],
  [23, 'Backyard, kitchen or home garden (urban, peri-urban or rural)'],
  [24, 'Fallow land'],
  [25, 'Pasture'],
  [26, 'Farm store'],
  [27, 'Threshing floor'],
  [28, 'Park'],
  [30, 'Market or shop'],
  [40, 'Institute, Experimental station, Research organization, Genebank'],
  [50, 'Seed company'],
  [60, 'Weedy, disturbed or ruderal habitat'],
  [61, 'Roadside'],
  [62, 'Field margin'],
  [99, 'Other (elaborate in REMARKS field)'],
];

// The lists that decide whether an accession can be sent are shared with the request basket (core).
export const STORAGE: ReadonlyArray<readonly [number, string]> = [...STORAGE_MEANINGS];

export const MLSSTAT: ReadonlyArray<readonly [number, string]> = [...MLS_STATUS_MEANINGS];

export const ENTITY_TYPES: ReadonlyArray<readonly [number, string]> = [
  [1, 'Accession'],
  [2, 'Plant/Plot'],
  [3, 'Sample'],
];

/** The 41 MCPD v2.1 descriptors in standard order, as the template's DATA header names them. */
export const MCPD_COLUMNS = [
  'PUID', 'INSTCODE', 'ACCENUMB', 'COLLNUMB', 'COLLCODE', 'COLLNAME', 'COLLINSTADDRESS', 'COLLMISSID', 'GENUS',
  'SPECIES', 'SPAUTHOR', 'SUBTAXA', 'SUBTAUTHOR', 'CROPNAME', 'ACCENAME', 'ACQDATE', 'ORIGCTY', 'COLLSITE',
  'DECLATITUDE', 'LATITUDE', 'DECLONGITUDE', 'LONGITUDE', 'COORDUNCERT', 'COORDDATUM', 'GEOREFMETH', 'ELEVATION',
  'COLLDATE', 'BREDCODE', 'BREDNAME', 'SAMPSTAT', 'ANCEST', 'COLLSRC', 'DONORCODE', 'DONORNAME', 'DONORNUMB',
  'OTHERNUMB', 'DUPLSITE', 'DUPLINSTNAME', 'STORAGE', 'MLSSTAT', 'REMARKS',
] as const;
export type McpdColumn = (typeof MCPD_COLUMNS)[number];

/** Germinate's extra DATA columns for the entity hierarchy. */
export const ENTITY_TYPE_COLUMN = 'Entity type';
export const ENTITY_PARENT_COLUMN = 'Entity parent ACCENUMB';
