import type { Generated } from 'kysely';

/** The groups domain's tables, after Germinate's data model. Timestamps are ISO text, booleans 0/1. */
export interface GrouptypesTable {
  id: Generated<number>;
  description: string;
  /** the table a member's foreign_id points into: locations, markers or germinatebase */
  target_table: string;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface GroupsTable {
  id: Generated<number>;
  grouptype_id: number;
  name: string | null;
  description: string | null;
  /** 1 = public, 0 = private (visible to its creator only) */
  visibility: number | null;
  created_by: number | null;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface GroupmembersTable {
  id: Generated<number>;
  foreign_id: number;
  group_id: number;
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

/**
 * Other domains' tables the group importer reads, by SQL name only (plugins never import each other):
 * germplasm and locations (germplasm domain), markers (genotype domain, which may not be installed yet).
 */
export type GroupTargetTables = {
  germinatebase: { id: number; name: string; display_name: string };
  locations: { id: number; site_name: string };
  markers: { id: number; marker_name: string };
  /** traits (trials domain), the members of trait groups */
  phenotypes: { id: number };
};

export type GroupsTables = GroupTargetTables & {
  grouptypes: GrouptypesTable;
  groups: GroupsTable;
  groupmembers: GroupmembersTable;
};

/** grouptypes ids as seeded (Germinate's numbering; 4, traits, is ours). */
export const GROUP_TYPE = { locations: 1, markers: 2, germplasm: 3, traits: 4 } as const;

/**
 * grouptypes.target_table of the member kinds the group routes serve. Routes find a group's kind by its
 * target table, not its id, so a database whose id 4 was already taken still has working trait groups.
 */
export const GROUP_TARGET = { locations: 'locations', markers: 'markers', germplasm: 'germinatebase', traits: 'phenotypes' } as const;
