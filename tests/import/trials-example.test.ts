import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { readImportFile } from '../../src/server/import/read-file.js';
import { MAX_BYTES, removeScratch, trialImporter, trialsHarness, TRIALS_EXAMPLE, type TrialsHarness } from './trials-fixtures.js';

/** Cell text as a person reads it, straight from exceljs (independent of the import reader). */
function text(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'text' in value) return String(value.text).trim();
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '').trim();
  return String(value).trim();
}

/** What the example file should produce, counted from the workbook without the importer's code. */
async function expectedCounts() {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(TRIALS_EXAMPLE);
  const rows = (name: string) => {
    const out: string[][] = [];
    workbook.getWorksheet(name)?.eachRow((row) => {
      const values = (row.values as ExcelJS.CellValue[]).slice(1).map(text);
      if (values.some((v) => v !== '')) out.push(values);
    });
    return out;
  };
  const traits = rows('PHENOTYPES').slice(1).filter((r) => r[0] !== '').length;
  const locations = rows('LOCATION').slice(1).filter((r) => r[0] !== '').length;
  const [header, ...data] = rows('DATA');
  const col = (name: string) => header.indexOf(name);
  const at = (r: string[], name: string) => r[col(name)] ?? '';
  const plots = new Set(data.map((r) => [at(r, 'Line/Phenotype').toLowerCase(), at(r, 'Row'), at(r, 'Column'), at(r, 'Rep') || '1', at(r, 'Treatment').toLowerCase(), at(r, 'Location').toLowerCase()].join('|')));
  const firstTrait = col('Elevation') + 1;
  let values = 0;
  for (const r of data) for (let i = firstTrait; i < header.length; i += 1) if ((r[i] ?? '') !== '') values += 1;
  const germplasm = new Set(data.map((r) => r[0].toLowerCase())).size;
  const attributes = rows('ATTRIBUTES').slice(1).length;
  return { traits, locations, plots: plots.size, values, germplasm, rows: data.length, attributes };
}

afterAll(() => removeScratch());

describe.each(testDialects())('trials example template (%s)', (dialect) => {
  let h: TrialsHarness;
  beforeEach(async () => {
    h = await trialsHarness(dialect);
  });
  afterEach(async () => {
    await h.test.cleanup();
  });

  it('checks clean, imports, and its row counts match the workbook', async () => {
    const expected = await expectedCounts();
    expect(expected.rows).toBeGreaterThan(200);
    const file = await readImportFile(TRIALS_EXAMPLE, { maxBytes: MAX_BYTES });
    const before = await h.counts();
    const progress: number[] = [];
    const { issues, stats } = await h.run(trialImporter, file, { userId: 7, datasetStateId: 2, progress: (f) => progress.push(f) });
    expect(issues.filter((i) => i.type === 'ERROR')).toEqual([]);
    expect(stats).toMatchObject({ traits: expected.traits, locations: expected.locations, trialsetups: expected.plots, phenotypedata: expected.values, germplasm: expected.germplasm });
    const after = await h.counts();
    expect(after.phenotypes - before.phenotypes).toBe(expected.traits);
    expect(after.trialsetup - before.trialsetup).toBe(expected.plots);
    expect(after.phenotypedata - before.phenotypedata).toBe(expected.values);
    expect(after.locations - before.locations).toBe(expected.locations);
    expect(after.datasetlocations - before.datasetlocations).toBe(expected.locations);
    expect(after.datasets - before.datasets).toBe(1);
    expect(after.treatments - before.treatments).toBe(1);
    expect(progress.at(-1)).toBe(1);

    const dataset = await h.db.selectFrom('datasets').selectAll().where('id', '=', stats?.datasetId as number).executeTakeFirstOrThrow();
    expect(dataset).toMatchObject({ name: 'Trials dataset', description: 'Trials dataset', datasettype_id: 3, dataset_state_id: 2, created_by: 7 });
    const experiment = await h.db.selectFrom('experiments').selectAll().where('id', '=', dataset.experiment_id).executeTakeFirstOrThrow();
    expect(experiment.experiment_name).toBe('Generic Experiment');
    // The dataset's attributes: the ATTRIBUTES sheet (MIAPPE rows of the example are empty).
    const attributes = await h.db.selectFrom('attributedata').select('value').where('foreign_id', '=', dataset.id)
      .where('attribute_id', 'in', h.db.selectFrom('attributes').select('id').where('target_table', '=', 'datasets')).execute();
    expect(attributes).toHaveLength(expected.attributes);

    // Traits: types, units, categories and the example's quirks (set size, time series).
    const traits = await h.db.selectFrom('phenotypes').leftJoin('units', 'units.id', 'phenotypes.unit_id')
      .select(['name', 'datatype', 'restrictions', 'setsize', 'is_timeseries', 'unit_name', 'unit_abbreviation']).orderBy('phenotypes.id').execute();
    const height = traits.find((t) => t.name === 'Plant height');
    expect(height).toMatchObject({ datatype: 'numeric', setsize: 3, is_timeseries: 1, unit_name: 'Centimeters', unit_abbreviation: 'cm' });
    const rowType = traits.find((t) => t.name === 'Row type');
    const restrictions = typeof rowType?.restrictions === 'string' ? JSON.parse(rowType.restrictions) : rowType?.restrictions;
    expect(restrictions).toEqual({ categories: [['2', '6']] });

    // A value with its recording date, normalised date values, and the default rep.
    const heris = await h.db.selectFrom('phenotypedata as pd').innerJoin('trialsetup as ts', 'ts.id', 'pd.trialsetup_id')
      .innerJoin('germinatebase as g', 'g.id', 'ts.germinatebase_id').innerJoin('phenotypes as p', 'p.id', 'pd.phenotype_id')
      .select(['p.name', 'pd.phenotype_value', 'pd.recording_date', 'ts.rep', 'ts.trial_row', 'ts.trial_column', 'ts.location_id'])
      .where('g.name', '=', 'Heris').where('ts.trial_row', '=', 1).where('ts.trial_column', '=', 1).orderBy('p.id').execute();
    expect(heris.map((r) => [r.name, r.phenotype_value, r.recording_date])).toEqual([
      ['Awn tipping', '2020-06-13', '2020-06-13T00:00:00.000Z'],
      ['Heading', '2020-06-19', '2020-06-19T00:00:00.000Z'],
      ['Maturity', '2020-08-01', '2020-08-01T00:00:00.000Z'],
      ['Plant height', '84.5', '2020-08-20T00:00:00.000Z'],
      ['Row type', '2', '2020-06-01T00:00:00.000Z'],
      ['Growth class', 'Spring', '2020-06-01T00:00:00.000Z'],
    ]);
    expect(heris[0]).toMatchObject({ rep: '2', trial_row: 1, trial_column: 1 });
    expect(heris[0].location_id).not.toBeNull();
  });

  it('a second import reuses the traits, units and site and makes a second dataset', async () => {
    const file = await readImportFile(TRIALS_EXAMPLE, { maxBytes: MAX_BYTES });
    const first = await h.run(trialImporter, file);
    expect(first.issues.filter((i) => i.type === 'ERROR')).toEqual([]);
    const once = await h.counts();
    const { stats } = await h.run(trialImporter, file);
    expect(stats).not.toBeNull();
    const twice = await h.counts();
    expect(twice.phenotypes).toBe(once.phenotypes);
    expect(twice.units).toBe(once.units);
    expect(twice.locations).toBe(once.locations);
    expect(twice.treatments).toBe(once.treatments);
    expect(twice.datasets).toBe(once.datasets + 1);
    expect(twice.experiments).toBe(once.experiments);
    expect(twice.phenotypedata).toBe(once.phenotypedata * 2);
  });
});
