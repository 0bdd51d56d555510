import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { readImportFile } from '../../src/server/import/read-file.js';
import { shapefileImporter } from '../../src/plugins/trials/import/shapefile-importer.js';
import { scratchDir } from './helpers.js';
import { brief, MAX_BYTES, removeScratch, trialImporter, trialsHarness, validBook, xlsxFile, type TrialsHarness } from './trials-fixtures.js';
import { LAYOUT_FIELDS, plot, shapefileZip } from './trials-shapefile-builder.js';

const scratch = scratchDir();
afterAll(() => {
  scratch.remove();
  removeScratch();
});

let zips = 0;
async function zipFile(bytes: Uint8Array) {
  zips += 1;
  const file = scratch.file(`layout-${zips}.zip`, bytes);
  return readImportFile(file, { maxBytes: MAX_BYTES, originalName: 'plot layout.zip' });
}

/** The generated trial's four plots: Heris 1/1, Dialog 1/2, Zenit 2/1, Heris 2/2. */
const PLOTS = [plot('Heris', '1', '1'), plot('Dialog', '1', '2'), plot('Zenit', '2', '1'), plot('heris', '2', '2')];
const E = (status: string, rowIndex: number, column: string | null, value: string | null, type: 'ERROR' | 'WARNING' = 'ERROR') =>
  ({ status, type, rowIndex, sheet: 'layout.shp', column, value });

describe.each(testDialects())('trial shapefile (%s)', (dialect) => {
  let h: TrialsHarness;
  let datasetId: number;
  // One trial per dialect: the layout that imports is stored first, and every refused file after it must
  // leave the counts as they were (each case checks).
  beforeAll(async () => {
    h = await trialsHarness(dialect);
    const { stats } = await h.run(trialImporter, (await xlsxFile(validBook())).file);
    datasetId = stats?.datasetId as number;
  });
  afterAll(async () => {
    await h?.test.cleanup();
  });

  it('stores a valid layout as the dataset\'s Trials Shapefile; missing germplasm is only a warning', async () => {
    const file = await zipFile(shapefileZip([...PLOTS, plot('', '3', '3')]));
    const { issues, stats } = await h.run(shapefileImporter, file, { targetDatasetId: datasetId });
    expect(brief(issues)).toEqual([E('SHAPEFILE_WARNING_MISSING_ACCENUMB', 5, 'germplasm', null, 'WARNING')]);
    expect(stats).toMatchObject({ datasetId });
    const resource = await h.db.selectFrom('fileresources').selectAll().where('id', '=', stats?.fileResourceId as number).executeTakeFirstOrThrow();
    expect(resource).toMatchObject({ name: 'plot layout.zip', fileresourcetype_id: 1, description: 'Shapefile associated with trials dataset.' });
    const stored = path.join(h.test.dataDir, 'data', 'download', '1', resource.path as string);
    expect(fs.readFileSync(stored)).toEqual(fs.readFileSync(file.source?.path as string));
    expect(Number(resource.filesize)).toBe(fs.statSync(stored).size);
    // The dataset also keeps its workbook's backup (a 'Dataset resource'); the layout is its one shapefile.
    const shapefiles = await h.db
      .selectFrom('datasetfileresources')
      .innerJoin('fileresources', 'fileresources.id', 'datasetfileresources.fileresource_id')
      .select('fileresources.id')
      .where('datasetfileresources.dataset_id', '=', datasetId)
      .where('fileresources.fileresourcetype_id', '=', 1)
      .execute();
    expect(shapefiles.map((l) => l.id)).toEqual([resource.id]);
  });

  it('needs a target trials dataset', async () => {
    const file = await zipFile(shapefileZip(PLOTS));
    const none = await h.run(shapefileImporter, file);
    expect(brief(none.issues)).toEqual([{ status: 'GENERIC_MISSING_REQUIRED_VALUE', type: 'ERROR', rowIndex: -1, sheet: null, column: 'datasetId', value: null }]);
    const wrong = await h.run(shapefileImporter, file, { targetDatasetId: datasetId + 100 });
    expect(brief(wrong.issues)).toEqual([{ status: 'GENERIC_INVALID_REFERENCE', type: 'ERROR', rowIndex: -1, sheet: null, column: 'datasetId', value: String(datasetId + 100) }]);
  });

  it.each([
    { name: 'a zip without a .shp', zip: () => shapefileZip(PLOTS, { leaveOut: ['.shp'] }), expected: [{ status: 'SHAPEFILE_MISSING_SHP', type: 'ERROR', rowIndex: -1, sheet: null, column: null, value: null }] },
    {
      name: 'a layer without a column field',
      zip: () => shapefileZip(PLOTS, { fields: LAYOUT_FIELDS.slice(0, 2) }),
      expected: [E('SHAPEFILE_MISSING_FIELD', -1, 'column', 'column')],
    },
    {
      name: 'unknown germplasm (every feature)',
      zip: () => shapefileZip([plot('Nobody', '1', '1'), plot('Dialog', '1', '2'), plot('Nemo', '2', '1')]),
      expected: [E('SHAPEFILE_INVALID_ACCENUMB', 1, 'germplasm', 'Nobody'), E('SHAPEFILE_INVALID_ACCENUMB', 3, 'germplasm', 'Nemo')],
    },
    {
      name: 'the same row and column twice',
      zip: () => shapefileZip([...PLOTS, plot('Heris', '1', '1')]),
      expected: [E('SHAPEFILE_DUPLICATE_ROW_COL', 5, 'row', '1, 1')],
    },
    {
      name: 'a row, column and germplasm that is not a plot of the trial',
      zip: () => shapefileZip([plot('Heris', '1', '1'), plot('Zenit', '1', '2')]),
      expected: [E('SHAPEFILE_ROW_COL_GERMPLASM_CONFLICT', 2, 'germplasm', 'Zenit')],
    },
    {
      name: 'a row that is no whole number and a missing column',
      zip: () => shapefileZip([plot('Heris', '1.5', '1'), plot('Dialog', '1', '')]),
      expected: [E('GENERIC_INVALID_DATATYPE', 1, 'row', '1.5'), E('GENERIC_MISSING_REQUIRED_VALUE', 2, 'column', null)],
    },
  ])('$name: exactly that report, nothing written', async ({ zip, expected }) => {
    const before = await h.counts();
    const { issues, stats } = await h.run(shapefileImporter, await zipFile(zip()), { targetDatasetId: datasetId });
    expect(brief(issues)).toEqual(expected);
    expect(stats).toBeNull();
    expect(await h.counts()).toEqual(before);
  });

  it('a file that is not a zip is reported, not thrown', async () => {
    const { issues } = await h.run(shapefileImporter, await zipFile(new TextEncoder().encode('not a zip at all')), { targetDatasetId: datasetId });
    expect(issues.map((i) => i.status)).toEqual(['GENERIC_CORRUPT_FILE']);
    expect(issues[0].message).not.toMatch(/Excel/);
  });
});
