import { sql, type Kysely, type RawBuilder } from 'kysely';
import { seedGermplasm } from './seed.js';
import type { TestServer } from './server.js';

/** What seedTrials inserted, by role in the tests. */
export interface TrialsSeed {
  /** A public trials dataset without a licence: everyone sees it. */
  openSet: number;
  /** A public trials dataset under `licence`: its data only for callers who accepted it. */
  licensedSet: number;
  /** A private trials dataset (state 2): administrators only (nobody was granted it). */
  privateSet: number;
  /** A public genotype dataset: never trials data. */
  genotypeSet: number;
  licence: number;
  traits: { height: number; yield: number; colour: number; heading: number; note: number; unused: number };
  treatments: { sprayed: number; unsprayed: number };
  /** A public germplasm group (germplasm 1, 2) and a private one of the regular user (germplasm 3). */
  groups: { elite: number; mine: number };
  units: { cm: number; tonnes: number };
  category: number;
}

/**
 * Trials data for server tests, on top of seedGermplasm (germplasm 1–30, locations 1–6). Values, so that
 * tests can compute what they expect:
 * - openSet: germplasm 1–4 × reps 1–2, plot (row = rep, column = germplasm), location 1, treatment sprayed
 *   for rep 1 and unsprayed for rep 2. Height (cm, timeseries) = 10 × germplasm + rep on 2024-06-01 and
 *   12 × germplasm + rep on 2024-07-01; Yield (t/ha) = germplasm + rep / 10 (2024-08-01); Colour = red for
 *   odd germplasm, white for even; Note = 'ok' for germplasm 1 only.
 * - licensedSet: germplasm 1–3, rep 1, row 1, column = germplasm, location 2, Height = 100 + germplasm,
 *   Yield = 5 (no dates).
 * - privateSet: germplasm 1–2, rep 1, Height = 1000 + germplasm.
 * Heading (date) and `unused` (numeric) have no data. Traits: Height has synonyms ['PH', 'Plant height'],
 * category Morphology and unit cm; Colour's restrictions are categories [["red","white"],["1","2"]].
 */
export async function seedTrials(server: TestServer): Promise<TrialsSeed> {
  await seedGermplasm(server);
  const db = server.db.database.db as unknown as Kysely<unknown>;
  const run = (query: RawBuilder<unknown>) => query.execute(db);
  const id = async (query: RawBuilder<{ id: number }>) => Number((await query.execute(db)).rows[0].id);
  const users = (await sql<{ id: number; username: string }>`SELECT id, username FROM users`.execute(db)).rows;
  const regular = Number(users.find((u) => u.username === 'regular')?.id);

  const experiment = await id(sql`INSERT INTO experiments (experiment_name) VALUES ('Field trials 2024') RETURNING id`);
  const licence = await id(sql`INSERT INTO licenses (name, description) VALUES ('Trial data licence', 'Accept before use') RETURNING id`);
  const dataset = (name: string, state: number, type: number, license: number | null) =>
    id(sql`INSERT INTO datasets (experiment_id, name, description, dataset_state_id, datasettype_id, is_external, license_id)
      VALUES (${experiment}, ${name}, ${`${name} description`}, ${state}, ${type}, 0, ${license}) RETURNING id`);
  const openSet = await dataset('Open trial', 1, 3, null);
  const licensedSet = await dataset('Licensed trial', 1, 3, licence);
  const privateSet = await dataset('Private trial', 2, 3, null);
  const genotypeSet = await dataset('Genotypes', 1, 1, null);

  const cm = await id(sql`INSERT INTO units (unit_name, unit_abbreviation, unit_description) VALUES ('Centimetres', 'cm', 'Length in cm') RETURNING id`);
  const tonnes = await id(sql`INSERT INTO units (unit_name, unit_abbreviation, unit_description) VALUES ('Tonnes per hectare', 't/ha', 'Yield') RETURNING id`);
  const category = await id(sql`INSERT INTO phenotypecategories (name, description) VALUES ('Morphology', 'Plant form') RETURNING id`);
  const trait = (name: string, short: string | null, datatype: string, unit: number | null, restrictions: string | null, timeseries: number) =>
    id(sql`INSERT INTO phenotypes (name, short_name, description, datatype, unit_id, category_id, restrictions, is_timeseries)
      VALUES (${name}, ${short}, ${`${name} description`}, ${datatype}, ${unit}, ${name === 'Height' ? category : null}, ${restrictions}, ${timeseries}) RETURNING id`);
  const traits = {
    height: await trait('Height', 'HT', 'numeric', cm, JSON.stringify({ min: 0, max: 2000 }), 1),
    yield: await trait('Yield', 'YLD', 'numeric', tonnes, null, 0),
    colour: await trait('Colour', null, 'categorical', null, JSON.stringify({ categories: [['red', 'white'], ['1', '2']] }), 0),
    heading: await trait('Heading', null, 'date', null, null, 0),
    note: await trait('Note', null, 'text', null, null, 0),
    unused: await trait('Unused', null, 'numeric', null, null, 0),
  };
  // Trait synonyms are synonym type 4.
  await run(sql`INSERT INTO synonyms (foreign_id, synonymtype_id, synonyms) VALUES (${traits.height}, 4, ${JSON.stringify(['PH', 'Plant height'])})`);
  const treatments = {
    sprayed: await id(sql`INSERT INTO treatments (name, description) VALUES ('Sprayed', 'Fungicide') RETURNING id`),
    unsprayed: await id(sql`INSERT INTO treatments (name, description) VALUES ('Unsprayed', 'Control') RETURNING id`),
  };

  const plot = (dataset: number, germplasm: number, rep: number, row: number, column: number, location: number, treatment: number | null) =>
    id(sql`INSERT INTO trialsetup (germinatebase_id, dataset_id, location_id, treatment_id, rep, block, trial_row, trial_column, latitude, longitude)
      VALUES (${germplasm}, ${dataset}, ${location}, ${treatment}, ${String(rep)}, '1', ${row}, ${column}, ${50 + germplasm / 100}, ${10 + rep / 100}) RETURNING id`);
  const value = (setup: number, traitId: number, text: string, date: string | null) =>
    run(sql`INSERT INTO phenotypedata (trialsetup_id, phenotype_id, phenotype_value, recording_date) VALUES (${setup}, ${traitId}, ${text}, ${date})`);

  for (let germplasm = 1; germplasm <= 4; germplasm++) {
    for (let rep = 1; rep <= 2; rep++) {
      const setup = await plot(openSet, germplasm, rep, rep, germplasm, 1, rep === 1 ? treatments.sprayed : treatments.unsprayed);
      await value(setup, traits.height, String(10 * germplasm + rep), '2024-06-01');
      await value(setup, traits.height, String(12 * germplasm + rep), '2024-07-01');
      await value(setup, traits.yield, String(germplasm + rep / 10), '2024-08-01');
      await value(setup, traits.colour, germplasm % 2 === 1 ? 'red' : 'white', null);
      if (germplasm === 1) await value(setup, traits.note, 'ok', null);
    }
  }
  for (let germplasm = 1; germplasm <= 3; germplasm++) {
    const setup = await plot(licensedSet, germplasm, 1, 1, germplasm, 2, null);
    await value(setup, traits.height, String(100 + germplasm), null);
    await value(setup, traits.yield, '5', null);
  }
  for (let germplasm = 1; germplasm <= 2; germplasm++) {
    const setup = await plot(privateSet, germplasm, 1, 1, germplasm, 1, null);
    await value(setup, traits.height, String(1000 + germplasm), null);
  }

  const group = (name: string, visibility: number, owner: number | null) =>
    id(sql`INSERT INTO groups (grouptype_id, name, description, visibility, created_by) VALUES (3, ${name}, ${`${name} group`}, ${visibility}, ${owner}) RETURNING id`);
  const elite = await group('Elite', 1, null);
  const mine = await group('Mine', 0, regular);
  await run(sql`INSERT INTO groupmembers (foreign_id, group_id) VALUES (1, ${elite}), (2, ${elite}), (3, ${mine})`);

  return { openSet, licensedSet, privateSet, genotypeSet, licence, traits, treatments, groups: { elite, mine }, units: { cm, tonnes }, category };
}
