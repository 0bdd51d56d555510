import type { Generated } from 'kysely';
import type { TrialsTables } from '../tables.js';

/** Trait synonyms are rows of the germplasm domain's `synonyms` table with this type; `synonyms` holds a JSON array. */
export const TRAIT_SYNONYM_TYPE = 4;
/** attributes.target_table, imagetypes.reference_table and grouptypes.target_table of traits. */
export const TRAIT_TABLE = 'phenotypes';

/** The germplasm domain's synonyms table, read and written by SQL name (only the columns used here). */
export interface ForeignSynonyms {
  id: Generated<number>;
  foreign_id: number;
  synonymtype_id: number;
  /** JSON array of strings: text on SQLite, jsonb (parsed by the driver) on PostgreSQL. */
  synonyms: string | null;
}

export type TraitTables = TrialsTables & {
  synonyms: ForeignSynonyms;
};
