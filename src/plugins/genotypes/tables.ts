import type { Generated } from 'kysely';

/** created_on / updated_on default to now (ISO text) on insert. */
interface Stamped {
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

/** Marker technologies (e.g. SNP), found or created by the importers. */
export interface MarkertypesTable extends Stamped {
  id: Generated<number>;
  description: string;
}

/** Markers; names are unique by convention and matched without regard to case. */
export interface MarkersTable extends Stamped {
  id: Generated<number>;
  markertype_id: number;
  marker_name: string;
}

/** Kinds of map feature (e.g. SNP, QTL), found or created by the importers. */
export interface MapfeaturetypesTable extends Stamped {
  id: Generated<number>;
  description: string | null;
}

/** Genetic or physical maps. `visibility` 1 = public, 0 = seen by its owner `user_id` only. */
export interface MapsTable extends Stamped {
  id: Generated<number>;
  name: string;
  description: string | null;
  visibility: Generated<number>;
  user_id: number | null;
}

/** A marker's position on a map: `definition_start` in cM or bp, on `chromosome`. */
export interface MapdefinitionsTable extends Stamped {
  id: Generated<number>;
  mapfeaturetype_id: number;
  marker_id: number;
  map_id: number;
  definition_start: number;
  definition_end: number | null;
  chromosome: string;
  arm_impute: string | null;
}

/** What a dataset member points into: 1 markers, 2 germinatebase. */
export interface DatasetmembertypesTable extends Stamped {
  id: Generated<number>;
  target_table: string;
}

/** The markers (type 1) and germplasm (type 2) a genotype or allele-frequency dataset holds. */
export interface DatasetmembersTable extends Stamped {
  id: Generated<number>;
  dataset_id: number;
  foreign_id: number;
  datasetmembertype_id: number;
}

export type GenotypesTables = {
  markertypes: MarkertypesTable;
  markers: MarkersTable;
  mapfeaturetypes: MapfeaturetypesTable;
  maps: MapsTable;
  mapdefinitions: MapdefinitionsTable;
  datasetmembertypes: DatasetmembertypesTable;
  datasetmembers: DatasetmembersTable;
};

/** datasetmembertypes ids. */
export const MEMBER_TYPE = { markers: 1, germplasm: 2 } as const;
/** datasettypes ids of the datasets this domain holds. */
export const GENOTYPE_DATASET_TYPE = 1;
export const ALLELEFREQ_DATASET_TYPE = 4;
