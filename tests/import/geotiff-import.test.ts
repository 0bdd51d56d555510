import fs from 'node:fs';
import path from 'node:path';
import proj4 from 'proj4';
import sharp from 'sharp';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { geotiffImporter } from '../../src/plugins/mapoverlays/import/geotiff-importer.js';
import type { MapoverlaysTables } from '../../src/plugins/mapoverlays/tables.js';
import { readImportFile } from '../../src/server/import/read-file.js';
import { testDialects } from '../support/databases.js';
import { geotiff, geotiffZip, GEOTIFF_HEADER, type RasterSpec } from './geotiff-builder.js';
import { scratchDir } from './helpers.js';
import { brief, MAX_BYTES, removeScratch, trialImporter, trialsHarness, validBook, xlsxFile, type TrialsHarness } from './trials-fixtures.js';

const scratch = scratchDir();
afterAll(() => {
  scratch.remove();
  removeScratch();
});

let zips = 0;
async function zipFile(bytes: Uint8Array) {
  zips += 1;
  return readImportFile(scratch.file(`overlays-${zips}.zip`, bytes), { maxBytes: MAX_BYTES, originalName: 'overlays.zip' });
}

/** A drone image of the generated trial in WGS84 (0.001° pixels) and a UTM 30N NDVI raster (2 m pixels). */
const DRONE: RasterSpec = { epsg: 4326, width: 40, height: 20, origin: [-3.2, 56.5], pixel: [0.001, 0.001], kind: 'rgb' };
const NDVI: RasterSpec = { epsg: 32630, width: 50, height: 30, origin: [500000, 6200000], pixel: [2, 2], kind: 'float' };
const FILES = { 'drone.tif': geotiff(DRONE), 'ndvi.tif': geotiff(NDVI) };
const E = (status: string, rowIndex: number, column: string | null, value: string | null) => ({ status, type: 'ERROR', rowIndex, sheet: 'IMAGES', column, value });

describe.each(testDialects())('GeoTIFF template (%s)', (dialect) => {
  let h: TrialsHarness;
  let datasetId: number;
  let heightId: number;
  beforeEach(async () => {
    h = await trialsHarness(dialect);
    const { stats } = await h.run(trialImporter, (await xlsxFile(validBook())).file);
    datasetId = stats?.datasetId as number;
    heightId = (await h.db.selectFrom('phenotypes').select('id').where('name', '=', 'Height').executeTakeFirstOrThrow()).id;
  });
  afterEach(async () => {
    await h.test.cleanup();
  });
  const overlays = () => h.db.withTables<MapoverlaysTables>().selectFrom('mapoverlays').selectAll().orderBy('id').execute();

  it('stores each GeoTIFF as a Web-Mercator PNG with its WGS84 bounds, its dataset, trait and date', async () => {
    const file = await zipFile(
      await geotiffZip(
        [
          [String(datasetId), null, 'height', 'phenotypes', 'drone.tif', 'Drone flight, June', '20200615'],
          [null, String(heightId), null, 'phenotypes', 'ndvi.tif', null, null],
        ],
        FILES,
      ),
    );
    const { issues, stats } = await h.run(geotiffImporter, file);
    expect(brief(issues)).toEqual([]);
    expect(stats).toMatchObject({ mapoverlays: 2, datasets: 1, traits: 1, climates: 0 });
    const [drone, ndvi] = await overlays();
    expect(drone).toMatchObject({ name: `${drone.id}.png`, description: 'Drone flight, June', reference_table: 'phenotypes', foreign_id: heightId, dataset_id: datasetId, recording_date: '2020-06-15' });
    expect([drone.bottom_left_lat, drone.bottom_left_lng, drone.top_right_lat, drone.top_right_lng].map((v) => Number(v))).toEqual([
      expect.closeTo(56.48, 9), expect.closeTo(-3.2, 9), expect.closeTo(56.5, 9), expect.closeTo(-3.16, 9),
    ]);
    expect(ndvi).toMatchObject({ description: 'ndvi.tif', dataset_id: null, foreign_id: heightId, recording_date: null });
    // The UTM raster's corners, projected independently.
    const utm = proj4('+proj=utm +zone=30 +datum=WGS84 +units=m +no_defs', 'EPSG:4326');
    const [west, north] = utm.forward([500000, 6200000]);
    const [, south] = utm.forward([500000, 6200000 - 60]);
    const [east] = utm.forward([500100, 6200000]);
    expect(Number(ndvi.top_right_lat)).toBeCloseTo(north, 7);
    expect(Number(ndvi.bottom_left_lat)).toBeCloseTo(south, 7);
    expect(Number(ndvi.bottom_left_lng)).toBeCloseTo(west, 7);
    expect(Number(ndvi.top_right_lng)).toBeGreaterThanOrEqual(east - 1e-7);

    const folder = path.join(h.test.dataDir, 'images', 'mapoverlay');
    expect(fs.readdirSync(folder).sort()).toEqual([drone.name, ndvi.name].sort());
    // Degrees become Mercator: at 56.5° N a degree of latitude is drawn about 1.8 times as tall as one of longitude.
    const png = await sharp(path.join(folder, drone.name)).raw().toBuffer({ resolveWithObject: true });
    expect([png.info.width, png.info.height]).toEqual([40, 36]);
    const pixel = (x: number, y: number) => [...png.data.subarray((y * png.info.width + x) * 4, (y * png.info.width + x) * 4 + 4)];
    expect(pixel(20, 8)).toEqual([255, 0, 0, 255]);
    expect(pixel(20, 28)).toEqual([0, 0, 255, 255]);
    // The NDVI's first column is NaN: transparent; its values rise to white on the right.
    const grey = await sharp(path.join(folder, ndvi.name)).raw().toBuffer({ resolveWithObject: true });
    const g = (x: number, y: number) => [...grey.data.subarray((y * grey.info.width + x) * 4, (y * grey.info.width + x) * 4 + 4)];
    expect(g(0, 10)[3]).toBe(0);
    expect(g(grey.info.width - 1, 10)).toEqual([255, 255, 255, 255]);

    const resource = await h.db
      .selectFrom('fileresources')
      .innerJoin('datasetfileresources', 'datasetfileresources.fileresource_id', 'fileresources.id')
      .select(['fileresources.id', 'fileresources.fileresourcetype_id', 'datasetfileresources.dataset_id'])
      .where('fileresources.id', '=', stats?.fileResourceId as number)
      .execute();
    expect(resource).toEqual([{ id: stats?.fileResourceId, fileresourcetype_id: 2, dataset_id: datasetId }]);
  });

  it('refers to climate variables by name', async () => {
    const now = new Date().toISOString();
    await h.test.database.db
      .withTables<{ climates: { id?: number; name: string; datatype: string; created_on: string; updated_on: string } }>()
      .insertInto('climates')
      .values({ name: 'Rainfall', datatype: 'numeric', created_on: now, updated_on: now })
      .execute();
    const file = await zipFile(await geotiffZip([[null, null, 'RAINFALL', 'climates', 'drone.tif', null, '2020-06-01']], { 'drone.tif': FILES['drone.tif'] }));
    const { issues, stats } = await h.run(geotiffImporter, file);
    expect(issues).toEqual([]);
    expect(stats).toMatchObject({ mapoverlays: 1, climates: 1, datasets: 0 });
    expect((await overlays())[0]).toMatchObject({ reference_table: 'climates', recording_date: '2020-06-01' });
  });

  it('reports every problem with its row and column, and writes nothing', async () => {
    // A TIFF as a photo editor writes it: no geo keys at all.
    const plain = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } }).tiff().toBuffer());
    const britishGrid = geotiff({ ...NDVI, epsg: 27700 });
    const rows = [
      ['x1', null, null, null, 'drone.tif', null, null],
      [String(datasetId + 100), null, null, 'germinatebase', 'ndvi.tif', null, '2020-02-30'],
      [null, null, null, 'phenotypes', 'plain.tif', null, null],
      [null, 'abc', null, 'phenotypes', 'bng.tif', null, null],
      [null, '999', 'Nothing', 'climates', 'Drone.TIF', null, null],
      [null, null, 'Nothing', 'phenotypes', 'absent.tif', null, null],
      [null, null, 'Height', null, null, null, '20201301'],
      [null, null, null, null, 'text.tif', null, null],
    ];
    const files = { 'drone.tif': FILES['drone.tif'], 'ndvi.tif': FILES['ndvi.tif'], 'plain.tif': plain, 'bng.tif': britishGrid, 'text.tif': new TextEncoder().encode('not a tiff'), 'extra.tif': plain };
    const file = await zipFile(await geotiffZip(rows, files));
    const { issues, stats } = await h.run(geotiffImporter, file);
    expect(stats).toBeNull();
    expect(brief(issues)).toEqual([
      E('GENERIC_INVALID_DATATYPE', 2, 'Dataset Id', 'x1'),
      E('GENERIC_INVALID_REFERENCE', 3, 'Dataset Id', String(datasetId + 100)),
      E('GENERIC_INVALID_DATATYPE', 3, 'Image reference type', 'germinatebase'),
      E('GENERIC_INVALID_DATE', 3, 'Recording Date', '2020-02-30'),
      E('GENERIC_MISSING_REQUIRED_VALUE', 4, 'Reference Id', null),
      E('GENERIC_INVALID_FILE_TYPE', 4, 'Image filename', 'plain.tif'),
      E('GENERIC_INVALID_DATATYPE', 5, 'Reference Id', 'abc'),
      E('GENERIC_INVALID_FILE_TYPE', 5, 'Image filename', 'bng.tif'),
      E('GENERIC_INVALID_REFERENCE', 6, 'Reference Id', '999'),
      E('GENERIC_DUPLICATE_VALUE', 6, 'Image filename', 'Drone.TIF'),
      E('GENERIC_INVALID_REFERENCE', 7, 'Reference Name', 'Nothing'),
      E('IMAGE_IMAGE_MISSING', 7, 'Image filename', 'absent.tif'),
      E('GENERIC_MISSING_REQUIRED_VALUE', 8, 'Image reference type', null),
      E('GENERIC_INVALID_DATE', 8, 'Recording Date', '20201301'),
      E('GENERIC_MISSING_REQUIRED_VALUE', 8, 'Image filename', null),
      E('GENERIC_INVALID_FILE_TYPE', 9, 'Image filename', 'text.tif'),
      { status: 'IMAGE_DEFINITION_MISSING', type: 'ERROR', rowIndex: -1, sheet: null, column: null, value: 'extra.tif' },
    ]);
    expect(issues.find((i) => i.value === 'bng.tif')?.message).toContain('EPSG:27700 is not supported');
    expect(issues.find((i) => i.value === 'plain.tif')?.message).toContain('not a GeoTIFF');
    expect(await overlays()).toEqual([]);
  });

  it.each([
    { name: 'no template', zip: () => geotiffZip([], FILES, { template: false }), expected: [{ status: 'IMAGE_TEMPLATE_MISSING', sheet: null, value: 'geotiffs.xlsx' }] },
    { name: 'a renamed sheet', zip: () => geotiffZip([], FILES, { sheet: 'Overlays' }), expected: [{ status: 'GENERIC_MISSING_EXCEL_SHEET', sheet: 'IMAGES', value: 'IMAGES' }] },
    { name: 'too few columns', zip: () => geotiffZip([], FILES, { header: GEOTIFF_HEADER.slice(0, 5) }), expected: [{ status: 'GENERIC_MISSING_COLUMN', sheet: 'IMAGES', value: null }] },
    {
      name: 'a misnamed column',
      zip: () => geotiffZip([], FILES, { header: GEOTIFF_HEADER.map((h) => (h === 'Image filename' ? 'File' : h)) }),
      expected: [{ status: 'GENERIC_MISSING_COLUMN', sheet: 'IMAGES', value: 'File' }],
    },
  ])('refuses $name', async ({ zip, expected }) => {
    const { issues, stats } = await h.run(geotiffImporter, await zipFile(await zip()));
    expect(stats).toBeNull();
    expect(issues.map((i) => ({ status: i.status, sheet: i.sheet, value: i.value }))).toEqual(expected);
  });

  it('accepts a template made before Recording Date was added', async () => {
    const file = await zipFile(await geotiffZip([[null, null, null, null, 'drone.tif', 'Old template']], { 'drone.tif': FILES['drone.tif'] }, { header: GEOTIFF_HEADER.slice(0, 6) }));
    const { issues, stats } = await h.run(geotiffImporter, file);
    expect(issues).toEqual([]);
    expect(stats).toMatchObject({ mapoverlays: 1, datasets: 0, traits: 0, climates: 0 });
  });

  it('leaves no row and no overlay file behind when the import is cancelled half-way', async () => {
    const file = await zipFile(await geotiffZip([[String(datasetId), null, null, null, 'drone.tif', null, null], [null, null, null, null, 'ndvi.tif', null, null]], FILES));
    expect(await geotiffImporter.check(file, h.target, h.options())).toEqual([]);
    const controller = new AbortController();
    // Cancelled once the first raster is rendered: the second, and every insert, must not happen.
    const progress = () => controller.abort(new Error('cancelled'));
    const run = h.test.database.db.transaction().execute((trx) => geotiffImporter.write(file, { db: trx, dialect }, h.options({ signal: controller.signal, progress })));
    await expect(run).rejects.toThrow('cancelled');
    expect(await overlays()).toEqual([]);
    const folder = path.join(h.test.dataDir, 'images', 'mapoverlay');
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
  });
});
