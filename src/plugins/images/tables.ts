import type { Generated } from 'kysely';

/** The images domain's tables, after Germinate's data model. */
export interface ImagesTable {
  id: Generated<number>;
  imagetype_id: number;
  description: string;
  /** Polymorphic: a row of imagetypes.reference_table (germinatebase, phenotypes, …). */
  foreign_id: number;
  /** Under DATA_DIR/images/database/, e.g. `upload/<uuid>-<name>`; the thumbnail is `thumbnail-<path>`. */
  path: string;
  /** EXIF fields (the keys Germinate's image views send) as JSON, or null when the image has none. */
  exif: string | null;
  is_reference: Generated<number>;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface ImagetypesTable {
  id: number;
  description: string;
  reference_table: string;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface ImagetagsTable {
  id: Generated<number>;
  tag_name: string;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface ImageToTagsTable {
  image_id: number;
  imagetag_id: number;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

/** Germplasm as the images importer looks it up (germplasm domain's table, read by name). */
interface GerminatebaseTable {
  id: Generated<number>;
  name: string;
  display_name: string;
}

/** Traits (trials domain's table, read by name; it may not exist yet). */
interface PhenotypesTable {
  id: Generated<number>;
  name: string;
}

export type ImagesTables = {
  images: ImagesTable;
  imagetypes: ImagetypesTable;
  imagetags: ImagetagsTable;
  image_to_tags: ImageToTagsTable;
  germinatebase: GerminatebaseTable;
  phenotypes: PhenotypesTable;
};
