import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSettled } from '../../src/plugins/genotypes/export/export-job.js';
import { jobFolder, LOG_FILE } from '../../src/server/jobs/store.js';
import { testDialects } from '../support/databases.js';
import { startServer, type TestServer } from '../support/server.js';
import { dataGrid, GENOTYPE_FILES, importGenotypes, seedPassports, workbookGermplasm } from '../support/genotype-files.js';

/**
 * The Flapjack phenotype file of genotype exports, on both databases: Germinate's example workbook imported
 * through the pipeline, trials datasets seeded by plain inserts (an open one, a licence-gated one, a private
 * one) with values for some of its germplasm, and the exported `.phenotype` file compared with the values'
 * means and most frequent values computed here from the seeded rows.
 */

/** One seeded value: germplasm name, trait key, value, and the trials dataset it is recorded in. */
type Seeded = [germplasm: string, trait: 'height' | 'colour' | 'other', value: string, dataset: 'open' | 'licensed' | 'private'];

/** Mean of numbers as the file writes them (ten significant digits), else the first of the most frequent values. */
function expectedSummary(numeric: boolean, values: string[]): string {
  if (numeric) {
    const numbers = values.map(Number);
    return String(Number((numbers.reduce((a, b) => a + b, 0) / numbers.length).toPrecision(10)));
  }
  let best = values[0];
  for (const value of values) if (values.filter((v) => v === value).length > values.filter((v) => v === best).length) best = value;
  return best;
}

describe.each(testDialects())('genotype export phenotype file on %s', (dialect) => {
  let server: TestServer;
  let names: string[];
  const ids = { workbook: 0, open: 0, licensed: 0, private: 0, licence: 0, height: 0, colour: 0, other: 0 };
  let seeded: Seeded[];
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const newId = async (query: ReturnType<typeof sql<{ id: number }>>) => Number((await query.execute(db())).rows[0].id);

  const exportOf = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const started = await server.api('POST', 'dataset/export/genotype', { body: { datasetIds: [ids.workbook], ...body }, headers });
    expect(started.status, await started.clone().text()).toBe(200);
    const [job] = (await started.json()) as { uuid: string }[];
    await exportSettled(job.uuid);
    const listed = ((await (await server.api('POST', 'dataset/export/async', { body: { uuids: [job.uuid] } })).json()) as Record<string, unknown>[])[0];
    // Read before the download, which removes the job's folder.
    const log = fs.readFileSync(path.join(jobFolder(server.db.dataDir, job.uuid), LOG_FILE), 'utf8');
    const download = await server.api('GET', `dataset/export/async/${job.uuid}/download`);
    expect(download.status).toBe(200);
    const files = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(await download.arrayBuffer()))).map(([name, bytes]) => [name, strFromU8(bytes)]));
    return { listed, files, log };
  };

  /** The file expected from the seeded values of these datasets, for the genotype file's labels in its order. */
  const expectedFile = (labels: string[], datasets: Seeded[3][], traits: { key: Seeded[1]; name: string; numeric: boolean }[]) => {
    const lines = ['# fjFile = PHENOTYPE', ['', ...traits.map((t) => t.name)].join('\t')];
    for (const label of labels) {
      const cells = traits.map((t) => {
        const values = seeded.filter(([g, trait, , d]) => g === label && trait === t.key && datasets.includes(d)).map((s) => s[2]);
        return values.length === 0 ? '' : expectedSummary(t.numeric, values);
      });
      if (cells.some((c) => c !== '')) lines.push([label, ...cells].join('\t'));
    }
    return `${lines.join('\n')}\n`;
  };

  const genotypeLabels = (flapjack: string) => flapjack.split('\n').slice(3, -1).map((line) => line.split('\t')[0]);

  beforeAll(async () => {
    server = await startServer(dialect);
    names = workbookGermplasm(await dataGrid(GENOTYPE_FILES.workbook));
    await seedPassports(server.db.database, dialect, names);
    ids.workbook = await importGenotypes(server.db.database, server.db.dataDir, GENOTYPE_FILES.workbook);
    const experiment = Number((await sql<{ experiment_id: number }>`SELECT experiment_id FROM datasets WHERE id = ${ids.workbook}`.execute(db())).rows[0].experiment_id);
    const trials = (name: string, state: number) =>
      newId(sql<{ id: number }>`INSERT INTO datasets (experiment_id, datasettype_id, name, dataset_state_id) VALUES (${experiment}, 3, ${name}, ${state}) RETURNING id`);
    ids.open = await trials('Open trial', 1);
    ids.licensed = await trials('Licensed trial', 1);
    ids.private = await trials('Private trial', 2);
    ids.licence = await newId(sql<{ id: number }>`INSERT INTO licenses (name, description) VALUES ('Trial licence', 'Accept first') RETURNING id`);
    await sql`UPDATE datasets SET license_id = ${ids.licence} WHERE id = ${ids.licensed}`.execute(db());
    ids.height = await newId(sql<{ id: number }>`INSERT INTO phenotypes (name, datatype) VALUES ('Plant height', 'numeric') RETURNING id`);
    ids.colour = await newId(sql<{ id: number }>`INSERT INTO phenotypes (name, datatype) VALUES ('Flower colour', 'categorical') RETURNING id`);
    ids.other = await newId(sql<{ id: number }>`INSERT INTO phenotypes (name, datatype) VALUES ('Not chosen', 'text') RETURNING id`);
    const [a, b, c, d] = names;
    seeded = [
      [a, 'height', '10', 'open'],
      [a, 'height', '11.5', 'open'],
      [a, 'height', '13', 'licensed'],
      [a, 'colour', 'red', 'open'],
      [a, 'colour', 'blue', 'open'],
      [a, 'colour', 'blue', 'open'],
      [a, 'other', 'x', 'open'],
      [b, 'colour', 'white', 'open'],
      [b, 'colour', 'yellow', 'licensed'],
      [b, 'colour', 'yellow', 'licensed'],
      [c, 'height', '7', 'private'],
      [c, 'height', '1', 'open'],
      [c, 'height', '2', 'open'],
      [c, 'height', '2', 'open'],
      [d, 'height', '100', 'licensed'],
    ];
    const germplasm = new Map((await sql<{ id: number; name: string }>`SELECT id, name FROM germinatebase`.execute(db())).rows.map((r) => [r.name, Number(r.id)]));
    for (const [name, trait, value, dataset] of seeded) {
      // A plot per value: the values of one germplasm come from several plots, as in a real trial.
      const plot = await newId(sql<{ id: number }>`INSERT INTO trialsetup (germinatebase_id, dataset_id) VALUES (${germplasm.get(name)}, ${ids[dataset]}) RETURNING id`);
      await sql`INSERT INTO phenotypedata (trialsetup_id, phenotype_id, phenotype_value) VALUES (${plot}, ${ids[trait]}, ${value})`.execute(db());
    }
  });
  afterAll(async () => server?.close());

  const traits = () => [
    { key: 'colour' as const, name: 'Flower colour', numeric: false },
    { key: 'height' as const, name: 'Plant height', numeric: true },
  ];

  it('writes the chosen traits (in the given order) of the usable trials datasets for the exported germplasm, and says which were left out', async () => {
    const body = { phenotypeDatasetIds: [ids.open, ids.licensed, ids.private, ids.workbook], phenotypeTraitIds: [ids.colour, ids.height, 999_999] };
    const { listed, files, log } = await exportOf(body);
    expect(listed).toMatchObject({ status: 'completed' });
    const name = `dataset-${ids.workbook}`;
    expect(Object.keys(files).sort()).toEqual([`${name}.identifiers`, `${name}.phenotype`, `${name}.txt`].sort());
    const labels = genotypeLabels(files[`${name}.txt`]);
    expect(labels.length).toBe(names.length);
    expect(files[`${name}.phenotype`]).toBe(expectedFile(labels, ['open'], traits()));
    expect(log).toContain(`left out trials datasets ${[ids.workbook, ids.licensed, ids.private].sort((x, y) => x - y).join(', ')}`);
    const config = (await sql<{ job_config: string | object }>`SELECT job_config FROM async_jobs ORDER BY id DESC`.execute(db())).rows[0].job_config;
    // JSON text on SQLite; PostgreSQL's driver parses its json column already.
    expect(typeof config === 'string' ? JSON.parse(config) : config).toMatchObject({ fileTypes: ['text', 'phenotype'] });
  });

  it('takes a licence-gated trials dataset once its licence is accepted, and only the exported germplasm', async () => {
    const [, second, third] = names;
    const chosen = Number((await sql<{ id: number }>`SELECT id FROM germinatebase WHERE name = ${second}`.execute(db())).rows[0].id);
    const other = Number((await sql<{ id: number }>`SELECT id FROM germinatebase WHERE name = ${third}`.execute(db())).rows[0].id);
    const body = { yIds: [chosen, other], phenotypeDatasetIds: [ids.open, ids.licensed], phenotypeTraitIds: [ids.height, ids.colour] };
    const { files, log } = await exportOf(body, { cookie: `accepted-licenses=${ids.licence}` });
    const labels = genotypeLabels(files[`dataset-${ids.workbook}.txt`]);
    expect([...labels].sort()).toEqual([second, third].sort());
    expect(files[`dataset-${ids.workbook}.phenotype`]).toBe(expectedFile(labels, ['open', 'licensed'], [...traits()].reverse()));
    expect(log).not.toContain('left out');
  });

  it('writes no phenotype file without traits or without trials datasets', async () => {
    for (const body of [{}, { phenotypeDatasetIds: [ids.open] }, { phenotypeDatasetIds: [ids.open], phenotypeTraitIds: [] }, { phenotypeTraitIds: [ids.height] }]) {
      const { files, listed } = await exportOf(body);
      expect(listed).toMatchObject({ status: 'completed' });
      expect(Object.keys(files).filter((f) => f.endsWith('.phenotype'))).toEqual([]);
    }
  });

  it('writes only the header when no usable dataset holds values', async () => {
    const { files } = await exportOf({ phenotypeDatasetIds: [ids.private], phenotypeTraitIds: [ids.height] });
    expect(files[`dataset-${ids.workbook}.phenotype`]).toBe('# fjFile = PHENOTYPE\n\tPlant height\n');
  });
});
