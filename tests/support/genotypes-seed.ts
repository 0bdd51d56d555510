import { sql, type Kysely, type RawBuilder } from 'kysely';
import { migrate, resetIdentity } from '../../src/server/db/migration.js';
import { markersSearchMigrations } from '../../src/plugins/genotypes/markers/migrations.js';
import { mapsPagingMigrations } from '../../src/plugins/genotypes/maps/migrations.js';
import type { TestServer } from './server.js';

/** What seedGenotypes inserted, by role in the tests (markers and maps have the fixed ids below). */
export interface GenotypesSeed {
  users: { regular: number; curator: number; admin: number };
  markerTypes: { snp: number; dart: number };
  /** Maps: consensus (public), regularPrivate (regular's), empty (public, no definitions), curatorPrivate (curator's). */
  maps: { consensus: number; regularPrivate: number; empty: number; curatorPrivate: number };
  /** Genotype datasets: open (public), licensed (public, under `licence`), private (state 2, granted to the curator). */
  datasets: { open: number; licensed: number; private: number };
  licence: number;
  /** Marker groups: public (the curator's), private (the regular user's); germplasm: a public germplasm group. */
  groups: { public: number; private: number; germplasm: number };
}

/** [id, name, type ('snp' | 'dart'), synonyms] */
export const MARKERS: [number, string, 'snp' | 'dart', string[] | null][] = [
  [1, 'SCRI_RS_1001', 'snp', ['rs1001', 'Alpha']],
  [2, 'SCRI_RS_1002', 'snp', null],
  [3, 'SCRI_RS_2003', 'snp', ['Beta_x']],
  [4, 'BOPA1_4', 'snp', null],
  [5, 'BOPA1_5', 'dart', null],
  [6, 'bopa2_6', 'dart', null],
  [7, 'Orphan_7', 'snp', ['orphan-syn']],
  [8, 'Shared_8', 'snp', null],
  [9, 'InData_9', 'snp', null],
  [10, 'NoMap_10', 'snp', null],
  [11, 'Ämarker_11', 'dart', null],
];

/** [definition id, map key, marker id, chromosome, start, end, feature ('SNP' | 'QTL')] */
export const DEFINITIONS: [number, keyof GenotypesSeed['maps'], number, string, number, number | null, 'SNP' | 'QTL'][] = [
  [1, 'consensus', 1, '1H', 0, null, 'SNP'],
  [2, 'consensus', 2, '1H', 12, 12, 'SNP'],
  [3, 'consensus', 3, '1H', 35.5, 36.25, 'QTL'],
  [4, 'consensus', 4, '2H', 1234567, 1234567, 'SNP'],
  [5, 'consensus', 5, '2H', 12345678, null, 'SNP'],
  [6, 'consensus', 8, '2H', 0.0005, null, 'SNP'],
  [7, 'consensus', 6, '3H', 7, 7, 'QTL'],
  [8, 'consensus', 11, '1H', 12, null, 'SNP'],
  [9, 'regularPrivate', 7, '1H', 1, null, 'SNP'],
  [10, 'regularPrivate', 8, '1H', 2, null, 'SNP'],
  [11, 'regularPrivate', 9, '1H', 3, null, 'SNP'],
  [12, 'curatorPrivate', 1, '5H', 10, null, 'SNP'],
];

/** Marker members of each dataset. */
export const DATASET_MARKERS: Record<keyof GenotypesSeed['datasets'], number[]> = {
  open: [1, 2, 3, 4, 9, 10, 11],
  licensed: [5, 6],
  private: [1, 6],
};

/** Members of the groups. */
export const GROUP_MEMBERS: Record<keyof GenotypesSeed['groups'], number[]> = {
  public: [1, 2, 5],
  private: [1, 3, 7],
  germplasm: [1],
};

/**
 * Markers, maps and genotype datasets for server tests, inserted with SQL into the server's migrated
 * database. The marker search indexes (3510) and the map definitions' paging index (3520) are migrated
 * here when the plugin's list does not run them yet (a migration that already ran is skipped).
 */
export async function seedGenotypes(server: TestServer): Promise<GenotypesSeed> {
  const db = server.db.database.db as unknown as Kysely<unknown>;
  const dialect = server.db.database.dialect;
  await migrate(db, dialect, [...markersSearchMigrations, ...mapsPagingMigrations], server.db.schema);
  const run = (query: RawBuilder<unknown>) => query.execute(db);
  const id = async (query: RawBuilder<{ id: number }>) => Number((await query.execute(db)).rows[0].id);
  const users = (await sql<{ id: number; username: string }>`SELECT id, username FROM users`.execute(db)).rows;
  const userId = (name: string) => Number(users.find((u) => u.username === name)?.id);
  const seedUsers = { regular: userId('regular'), curator: userId('curator'), admin: userId('admin') };

  const markerTypes = {
    snp: await id(sql`INSERT INTO markertypes (description) VALUES ('SNP') RETURNING id`),
    dart: await id(sql`INSERT INTO markertypes (description) VALUES ('DArT') RETURNING id`),
  };
  for (const [markerId, name, kind, synonyms] of MARKERS) {
    await run(sql`INSERT INTO markers (id, markertype_id, marker_name) VALUES (${markerId}, ${markerTypes[kind]}, ${name})`);
    if (synonyms) await run(sql`INSERT INTO synonyms (foreign_id, synonymtype_id, synonyms) VALUES (${markerId}, 2, ${JSON.stringify(synonyms)})`);
  }
  const features = {
    SNP: await id(sql`INSERT INTO mapfeaturetypes (description) VALUES ('SNP') RETURNING id`),
    QTL: await id(sql`INSERT INTO mapfeaturetypes (description) VALUES ('QTL') RETURNING id`),
  };
  const map = (name: string, description: string | null, visibility: number, owner: number | null) =>
    id(sql`INSERT INTO maps (name, description, visibility, user_id) VALUES (${name}, ${description}, ${visibility}, ${owner}) RETURNING id`);
  const maps = {
    consensus: await map('Consensus 2024', 'Barley consensus map', 1, null),
    regularPrivate: await map('Regular private', null, 0, seedUsers.regular),
    empty: await map('Empty public', 'No definitions yet', 1, seedUsers.curator),
    curatorPrivate: await map('Curator private', 'Work in progress', 0, seedUsers.curator),
  };
  for (const [definitionId, mapKey, markerId, chromosome, start, end, feature] of DEFINITIONS) {
    await run(sql`INSERT INTO mapdefinitions (id, mapfeaturetype_id, marker_id, map_id, definition_start, definition_end, chromosome)
      VALUES (${definitionId}, ${features[feature]}, ${markerId}, ${maps[mapKey]}, ${start}, ${end}, ${chromosome})`);
  }

  const experiment = await id(sql`INSERT INTO experiments (experiment_name) VALUES ('Genotyping 2024') RETURNING id`);
  const licence = await id(sql`INSERT INTO licenses (name, description) VALUES ('Genotype licence', 'Accept before use') RETURNING id`);
  const dataset = (name: string, state: number, license: number | null) =>
    id(sql`INSERT INTO datasets (experiment_id, name, description, dataset_state_id, datasettype_id, is_external, license_id)
      VALUES (${experiment}, ${name}, ${`${name} description`}, ${state}, 1, 0, ${license}) RETURNING id`);
  const datasets = {
    open: await dataset('Open genotypes', 1, null),
    licensed: await dataset('Licensed genotypes', 1, licence),
    private: await dataset('Private genotypes', 2, null),
  };
  await run(sql`INSERT INTO datasetpermissions (dataset_id, user_id) VALUES (${datasets.private}, ${seedUsers.curator})`);
  for (const [key, markerIds] of Object.entries(DATASET_MARKERS) as [keyof GenotypesSeed['datasets'], number[]][]) {
    for (const markerId of markerIds) {
      await run(sql`INSERT INTO datasetmembers (dataset_id, foreign_id, datasetmembertype_id) VALUES (${datasets[key]}, ${markerId}, 1)`);
    }
    // Germplasm members (type 2): ids only, as far as these tests go.
    await run(sql`INSERT INTO datasetmembers (dataset_id, foreign_id, datasetmembertype_id) VALUES (${datasets[key]}, 1, 2), (${datasets[key]}, 2, 2)`);
  }

  const group = (name: string, type: number, visibility: number, owner: number) =>
    id(sql`INSERT INTO groups (grouptype_id, name, description, visibility, created_by) VALUES (${type}, ${name}, ${`${name} group`}, ${visibility}, ${owner}) RETURNING id`);
  const groups = {
    public: await group('Public markers', 2, 1, seedUsers.curator),
    private: await group('Regular markers', 2, 0, seedUsers.regular),
    germplasm: await group('Germplasm group', 3, 1, seedUsers.curator),
  };
  for (const [key, members] of Object.entries(GROUP_MEMBERS) as [keyof GenotypesSeed['groups'], number[]][]) {
    for (const member of members) await run(sql`INSERT INTO groupmembers (foreign_id, group_id) VALUES (${member}, ${groups[key]})`);
  }
  for (const table of ['markers', 'mapdefinitions']) await resetIdentity(db, dialect, table);
  return { users: seedUsers, markerTypes, maps, datasets, licence, groups };
}
