import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { removeScratch, trialImporter, trialsHarness, validBook, xlsxFile, type TrialsHarness } from './trials-fixtures.js';

afterAll(() => removeScratch());

/** The valid book with the Height trait redefined: another description and maximum. */
function redefined() {
  const book = validBook();
  book.PHENOTYPES[1][2] = 'Plant height at harvest';
  book.PHENOTYPES[1][9] = 300;
  return book;
}

const restrictionsOf = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

describe.each(testDialects())('trials update mode and cancellation (%s)', (dialect) => {
  let h: TrialsHarness;
  beforeEach(async () => {
    h = await trialsHarness(dialect);
    const first = await h.run(trialImporter, (await xlsxFile(validBook())).file);
    expect(first.stats).not.toBeNull();
  });
  afterEach(async () => {
    await h.test.cleanup();
  });

  it('update mode rewrites the stored trait of that name and type instead of adding one', async () => {
    const before = await h.counts();
    const { issues, stats } = await h.run(trialImporter, (await xlsxFile(redefined())).file, { update: true });
    expect(issues).toEqual([]);
    expect(stats).not.toBeNull();
    const after = await h.counts();
    expect(after.phenotypes).toBe(before.phenotypes);
    const height = await h.db.selectFrom('phenotypes').selectAll().where('name', '=', 'Height').execute();
    expect(height).toHaveLength(1);
    expect(height[0].description).toBe('Plant height at harvest');
    expect(restrictionsOf(height[0].restrictions)).toEqual({ min: 0, max: 300 });
    // Like Germinate, a trials file always adds a dataset with its plots and values.
    expect(after.datasets).toBe(before.datasets + 1);
    expect(after.phenotypedata).toBe(before.phenotypedata * 2);
  });

  it('insert mode keeps the stored trait and adds the differing definition as a new one', async () => {
    const before = await h.counts();
    await h.run(trialImporter, (await xlsxFile(redefined())).file);
    const heights = await h.db.selectFrom('phenotypes').select(['description', 'restrictions']).where('name', '=', 'Height').orderBy('id').execute();
    expect(heights.map((t) => [t.description, restrictionsOf(t.restrictions)])).toEqual([
      ['Plant height', { min: 0, max: 200 }],
      ['Plant height at harvest', { min: 0, max: 300 }],
    ]);
    expect((await h.counts()).phenotypes).toBe(before.phenotypes + 1);
  });

  it('a BrAPI Study DB ID attribute adds the data to that trials dataset instead of making one', async () => {
    const existing = await h.db.selectFrom('datasets').select('id').executeTakeFirstOrThrow();
    const before = await h.counts();
    const book = validBook();
    book.ATTRIBUTES = [['Attribute', 'Type', 'Value'], ['BrAPI Study DB ID', 'numeric', String(existing.id)]];
    const { issues, stats } = await h.run(trialImporter, (await xlsxFile(book)).file);
    expect(issues).toEqual([]);
    expect(stats).toMatchObject({ datasetId: existing.id });
    const after = await h.counts();
    expect(after.datasets).toBe(before.datasets);
    expect(after.attributedata).toBe(before.attributedata);
    const plots = await h.db.selectFrom('trialsetup').select('dataset_id').execute();
    expect(plots.every((p) => p.dataset_id === existing.id)).toBe(true);
    expect(plots).toHaveLength(before.trialsetup * 2);
  });

  it('keeps the uploaded workbook as the dataset\'s backup file resource when the pipeline gives its path', async () => {
    const { path: upload, file } = await xlsxFile(validBook());
    const { stats } = await h.run(trialImporter, { ...file, source: { path: upload, name: 'my trial.xlsx' } });
    const resource = await h.db.selectFrom('fileresources').innerJoin('fileresourcetypes as t', 't.id', 'fileresources.fileresourcetype_id')
      .select(['fileresources.id', 'fileresources.name', 'path', 'fileresourcetype_id', 't.name as type']).where('fileresources.id', '=', stats?.fileResourceId as number).executeTakeFirstOrThrow();
    expect(resource).toMatchObject({ name: 'my trial.xlsx', type: 'Dataset resource' });
    const stored = path.join(h.test.dataDir, 'data', 'download', String(resource.fileresourcetype_id), resource.path as string);
    expect(fs.readFileSync(stored)).toEqual(fs.readFileSync(upload));
    const links = await h.db.selectFrom('datasetfileresources').select('dataset_id').where('fileresource_id', '=', resource.id).execute();
    expect(links).toEqual([{ dataset_id: stats?.datasetId }]);
  });

  it('a cancelled write stops and leaves nothing behind', async () => {
    const before = await h.counts();
    const controller = new AbortController();
    controller.abort();
    await expect(h.run(trialImporter, (await xlsxFile(validBook())).file, { signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(await h.counts()).toEqual(before);
  });
});
