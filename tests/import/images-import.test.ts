import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpdImporter } from '../../src/plugins/germplasm/import/mcpd-importer.js';
import { sql } from 'kysely';
import { imagesImporter } from '../../src/plugins/images/import/image-importer.js';
import { References } from '../../src/plugins/images/import/references.js';
import type { ImagesTables } from '../../src/plugins/images/tables.js';
import type { ImportIssue, ImportOptions, ImportStats, TemplateImporter } from '../../src/server/import/importer.js';
import { readImportFile } from '../../src/server/import/read-file.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { MCPD_XLSX, scratchDir } from './helpers.js';
import { mcpdFile } from './mcpd-fixtures.js';

const EXAMPLE = 'demo/images/example-images.zip';
const NOW = new Date('2025-03-01T12:00:00Z');
const MAX_BYTES = 64 * 1024 * 1024;
const HEADER = ['Reference Id', 'Reference Name', 'Image reference type', 'Image filename', 'Image description', 'Tags (comma separated list)'];
type Row = (string | null)[];

async function template(rows: Row[], header: Row = HEADER, sheet = 'IMAGES'): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet(sheet).addRows([header, ...rows]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** A JPEG with EXIF (camera, dates, ISO) of the given size, stored on its side (orientation 6: turn 90° clockwise). */
async function jpeg(width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .jpeg()
      .withExif({ IFD0: { Make: 'TestCam', Model: 'X-1', DateTime: '2024:05:06 07:08:09' }, IFD2: { DateTimeOriginal: '2024:05:06 07:08:09', ISOSpeedRatings: '200' } })
      .withMetadata({ orientation: 6 })
      .toBuffer(),
  );
}

async function png(): Promise<Uint8Array> {
  return new Uint8Array(await sharp({ create: { width: 50, height: 30, channels: 4, background: '#00ff0080' } }).png().toBuffer());
}

describe.each(testDialects())('images import on %s', (dialect) => {
  let t: TestDatabase;
  const scratch = scratchDir();
  let big: Uint8Array;
  let small: Uint8Array;
  const db = () => t.database.db.withTables<ImagesTables>();
  const folders = () => [...['upload', 'thumbnail-upload'].map((f) => path.join(t.dataDir, 'images', 'database', f)), path.join(t.dataDir, 'data', 'download')];
  /** Every file the images importer may write: images, thumbnails, zip backups. */
  const stored = () => folders().flatMap((f) => (fs.existsSync(f) ? fs.readdirSync(f, { recursive: true }).map(String) : []));
  const leftovers = () => {
    const root = path.join(t.dataDir, 'images', 'database');
    return fs.existsSync(root) ? fs.readdirSync(root).filter((n) => n.startsWith('.staging')) : [];
  };
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of ['images', 'imagetags', 'image_to_tags'] as const) {
      out[table] = Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    }
    return out;
  };
  const run = async (importer: TemplateImporter, file: string, options: Partial<ImportOptions> = {}): Promise<{ issues: ImportIssue[]; stats: ImportStats | null }> => {
    const parsed = await readImportFile(file, { maxBytes: MAX_BYTES, extensions: importer.extensions, originalName: path.basename(file) });
    const all: ImportOptions = { update: false, now: NOW, dataDir: t.dataDir, ...options };
    const issues = await importer.check(parsed, { db: t.database.db, dialect }, all);
    if (issues.some((i) => i.type === 'ERROR')) return { issues, stats: null };
    const stats = await t.database.db.transaction().execute((trx) => importer.write(parsed, { db: trx, dialect }, all));
    return { issues, stats };
  };
  const zip = (name: string, files: Record<string, Uint8Array>) => scratch.file(name, zipSync(files, { level: 6 }));
  const brief = (issues: ImportIssue[]) => issues.map((i) => [i.status, i.type, i.rowIndex, i.sheet, i.column, i.value]);

  beforeAll(async () => {
    t = await freshDatabase(dialect);
    const mcpd = await run(mcpdImporter, MCPD_XLSX);
    expect(mcpd.stats?.germplasm).toBe(2010);
    // Two germplasm sharing a display name, for the lookup's "not unique" case.
    for (const name of ['TWIN-1', 'TWIN-2']) {
      await t.database.db.withTables<{ germinatebase: { general_identifier: string; name: string; display_name: string } }>()
        .insertInto('germinatebase').values({ general_identifier: name, name, display_name: 'Twin' }).execute();
    }
    big = await jpeg(1200, 800);
    small = await png();
  });
  afterAll(async () => {
    await t?.cleanup();
    scratch.remove();
  });

  it('imports the example archive: every image with its thumbnail, reference and tags', async () => {
    // The example names two accessions the MCPD example lacks: reported, then added, then imported.
    const first = await run(imagesImporter, EXAMPLE);
    expect(brief(first.issues)).toEqual([
      ['GENERIC_INVALID_GERMPLASM', 'ERROR', 3, 'IMAGES', 'Reference Name', 'CACTUAR-1003'],
      ['GENERIC_INVALID_GERMPLASM', 'ERROR', 4, 'IMAGES', 'Reference Name', 'CACTUAR-1004'],
    ]);
    const added = mcpdFile([{ ACCENUMB: 'CACTUAR-1003' }, { ACCENUMB: 'CACTUAR-1004' }]);
    expect(await mcpdImporter.check(added, { db: t.database.db, dialect }, { update: false, now: NOW })).toEqual([]);
    await t.database.db.transaction().execute((trx) => mcpdImporter.write(added, { db: trx, dialect }, { update: false, now: NOW }));

    // Expected values straight from the archive (fflate + exceljs, not the importer's reader).
    const entries = unzipSync(fs.readFileSync(EXAMPLE));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(entries['images.xlsx'].slice().buffer);
    const rows: string[][] = [];
    wb.getWorksheet('IMAGES')!.eachRow((row, n) => {
      if (n > 1) rows.push([1, 2, 3, 4, 5, 6].map((c) => row.getCell(c).text.trim()));
    });
    const tagNames = new Set(rows.flatMap((r) => r[5].split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)));
    const links = rows.reduce((n, r) => n + r[5].split(',').filter((s) => s.trim()).length, 0);
    expect(rows.length).toBe(Object.keys(entries).length - 1);

    const progress: number[] = [];
    const { issues, stats } = await run(imagesImporter, EXAMPLE, { progress: (f) => progress.push(f) });
    expect(issues).toEqual([]);
    expect(stats).toMatchObject({ images: rows.length, tags: tagNames.size });
    expect(await counts()).toEqual({ images: rows.length, imagetags: tagNames.size, image_to_tags: links });
    expect(progress.length).toBeGreaterThan(0);

    const images = await db().selectFrom('images').innerJoin('imagetypes', 'imagetypes.id', 'images.imagetype_id').selectAll('images').select('reference_table').orderBy('images.id').execute();
    const byName = new Map((await db().selectFrom('germinatebase').select(['id', 'name']).execute()).map((g) => [g.name, g.id]));
    for (const [i, [id, name, type, filename, description]] of rows.entries()) {
      const image = images[i];
      expect(image.reference_table).toBe(type);
      expect(image.foreign_id).toBe(id ? Number(id) : byName.get(name));
      expect(image.description).toBe(description || filename);
      expect(image.path).toMatch(new RegExp(`^upload/[0-9a-f-]{36}-${filename.replace('.', '\\.')}$`));
      const file = path.join(t.dataDir, 'images', 'database', image.path);
      expect(fs.readFileSync(file)).toEqual(Buffer.from(entries[filename]));
      const thumb = await sharp(path.join(t.dataDir, 'images', 'database', `thumbnail-${image.path}`)).metadata();
      expect(Math.max(thumb.width!, thumb.height!)).toBeLessThanOrEqual(400);
    }
    const ear = await db().selectFrom('imagetags').innerJoin('image_to_tags', 'image_to_tags.imagetag_id', 'imagetags.id').select('image_id').where('tag_name', '=', 'ear').execute();
    expect(ear.map((e) => e.image_id)).toEqual([images[0].id]);
    // The zip is kept as a file resource (the upload backup), linked to no dataset.
    const resource = await t.database.db.selectFrom('fileresources').selectAll().where('id', '=', stats!.fileResourceId!).executeTakeFirstOrThrow();
    expect(resource).toMatchObject({ name: 'example-images.zip', description: 'Automatic upload backup.', filesize: fs.statSync(EXAMPLE).size });
    expect(fs.readFileSync(path.join(t.dataDir, 'data', 'download', String(resource.fileresourcetype_id), resource.path!))).toEqual(fs.readFileSync(EXAMPLE));
    expect(leftovers()).toEqual([]);
  });

  it('reads EXIF, makes upright thumbnails of any size, and reuses tags', async () => {
    const before = await counts();
    const file = zip('exif.zip', {
      'images.xlsx': await template([
        [null, 'cactuar-1003', 'germinatebase', 'big.jpg', null, 'Ear, field'],
        ['2', null, 'germinatebase', 'small.png', 'A PNG', null],
      ]),
      'big.jpg': big,
      'small.png': small,
    });
    const { issues, stats } = await run(imagesImporter, file);
    expect(issues).toEqual([]);
    expect(stats).toMatchObject({ images: 2, germplasm: 2, tags: 1 });
    expect(await counts()).toEqual({ images: before.images + 2, imagetags: before.imagetags + 1, image_to_tags: before.image_to_tags + 2 });
    const rows = await db().selectFrom('images').selectAll().orderBy('id', 'desc').limit(2).execute();
    const [pngRow, jpgRow] = rows;
    const exif = typeof jpgRow.exif === 'string' ? JSON.parse(jpgRow.exif) : jpgRow.exif;
    expect(exif).toMatchObject({ cameraMake: 'TestCam', cameraModel: 'X-1', dateTime: '2024-05-06T07:08:09', dateTimeOriginal: '2024-05-06T07:08:09', orientation: 'Rotate 90 CW', orientationCode: 6 });
    expect(pngRow.exif).toBeNull();
    expect(jpgRow.description).toBe('big.jpg');
    const thumb = await sharp(path.join(t.dataDir, 'images', 'database', `thumbnail-${jpgRow.path}`)).metadata();
    // 1200×800 on its side: upright it is 800×1200, so the thumbnail is 267×400.
    expect([thumb.width, thumb.height, thumb.format]).toEqual([267, 400, 'jpeg']);
    const pngThumb = await sharp(path.join(t.dataDir, 'images', 'database', `thumbnail-${pngRow.path}`)).metadata();
    expect([pngThumb.width, pngThumb.height, pngThumb.format]).toEqual([50, 30, 'png']);
  });

  it('images of traits: by name (any case) and by id', async () => {
    const traits = t.database.db.withTables<{ phenotypes: { id: number; name: string } }>();
    const trait = await traits.insertInto('phenotypes').values({ name: 'Plant height' } as never).returning('id').executeTakeFirstOrThrow();
    const file = zip('traits.zip', {
      'images.xlsx': await template([[null, 'plant HEIGHT', 'phenotypes', 'a.png', null, null], [String(trait.id), null, 'phenotypes', 'b.png', null, null]]),
      'a.png': small,
      'b.png': small,
    });
    const { issues, stats } = await run(imagesImporter, file);
    expect(issues).toEqual([]);
    expect(stats).toMatchObject({ images: 2, traits: 1, germplasm: 0 });
    const rows = await db().selectFrom('images').select(['foreign_id', 'imagetype_id']).orderBy('id', 'desc').limit(2).execute();
    expect(rows).toEqual([{ foreign_id: trait.id, imagetype_id: 3 }, { foreign_id: trait.id, imagetype_id: 3 }]);
  });

  it('without a traits table every trait reference is unknown', async () => {
    const bare = await freshDatabase(dialect);
    try {
      await sql.raw(dialect === 'postgres' ? 'drop table phenotypes cascade' : 'drop table phenotypes').execute(bare.database.db);
      const references = await References.load(bare.database.db.withTables<ImagesTables>(), dialect);
      expect(references.byName('phenotypes', 'Plant height')).toEqual({ status: 'GENERIC_INVALID_REFERENCE' });
      expect(references.byId('phenotypes', 1)).toEqual({ status: 'GENERIC_INVALID_REFERENCE' });
    } finally {
      await bare.cleanup();
    }
  });

  it.each([
    ['after the first image', (f: number) => f > 0],
    ['when every image, row and the backup are staged', (f: number) => f >= 0.95],
  ])('a cancelled import leaves no rows and no files: cancelled %s', async (_when, cancelAt) => {
    const before = await counts();
    const resources = Number((await t.database.db.selectFrom('fileresources').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const files = stored();
    const controller = new AbortController();
    const file = zip('cancel.zip', {
      'images.xlsx': await template([['1', null, 'germinatebase', 'a.jpg', null, 'x'], ['1', null, 'germinatebase', 'b.jpg', null, null]]),
      'a.jpg': big,
      'b.jpg': big,
    });
    const progress = (f: number) => {
      if (cancelAt(f)) controller.abort();
    };
    await expect(run(imagesImporter, file, { signal: controller.signal, progress })).rejects.toThrow();
    expect(await counts()).toEqual(before);
    expect(Number((await t.database.db.selectFrom('fileresources').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(resources);
    expect(stored()).toEqual(files);
    expect(leftovers()).toEqual([]);
  });

  const ok = (name = 'a.jpg'): Row => ['1', null, 'germinatebase', name, null, null];
  type Expected = [status: string, row: number, sheet: string | null, column: string | null, value: string | null][];
  const cases: [name: string, build: () => Promise<Record<string, Uint8Array>>, expected: Expected][] = [
    ['no template', async () => ({ 'a.jpg': small }), [['IMAGE_TEMPLATE_MISSING', -1, null, null, 'images.xlsx']]],
    ['template in a folder', async () => ({ 'data/images.xlsx': await template([ok()]), 'a.jpg': small }), [['IMAGE_TEMPLATE_MISSING', -1, null, null, 'images.xlsx']]],
    ['no IMAGES sheet', async () => ({ 'images.xlsx': await template([ok()], HEADER, 'PICTURES'), 'a.jpg': small }), [['GENERIC_MISSING_EXCEL_SHEET', -1, 'IMAGES', null, 'IMAGES']]],
    ['too few columns', async () => ({ 'images.xlsx': await template([ok()], HEADER.slice(0, 4)), 'a.jpg': small }), [['GENERIC_MISSING_COLUMN', 1, 'IMAGES', null, null]]],
    ['a renamed column', async () => ({ 'images.xlsx': await template([ok()], [...HEADER.slice(0, 5), 'Tags']), 'a.jpg': small }), [['GENERIC_MISSING_COLUMN', 1, 'IMAGES', HEADER[5], 'Tags']]],
    ['reference types', async () => ({ 'images.xlsx': await template([['1', null, 'germplasm', 'a.jpg', null, null], ['1', null, null, 'b.jpg', null, null]]), 'a.jpg': small, 'b.jpg': small }), [
      ['GENERIC_INVALID_DATATYPE', 2, 'IMAGES', HEADER[2], 'germplasm'], ['GENERIC_INVALID_DATATYPE', 3, 'IMAGES', HEADER[2], null]]],
    ['no reference', async () => ({ 'images.xlsx': await template([[null, null, 'germinatebase', 'a.jpg', null, null]]), 'a.jpg': small }), [['GENERIC_MISSING_REQUIRED_VALUE', 2, 'IMAGES', HEADER[0], null]]],
    ['ids not integers', async () => ({ 'images.xlsx': await template([['1.5', null, 'germinatebase', 'a.jpg', null, null], ['one', null, 'phenotypes', 'b.jpg', null, null]]), 'a.jpg': small, 'b.jpg': small }), [
      ['GENERIC_INVALID_DATATYPE', 2, 'IMAGES', HEADER[0], '1.5'], ['GENERIC_INVALID_DATATYPE', 3, 'IMAGES', HEADER[0], 'one']]],
    ['unknown ids', async () => ({ 'images.xlsx': await template([['99999', null, 'germinatebase', 'a.jpg', null, null], ['99999', null, 'phenotypes', 'b.jpg', null, null]]), 'a.jpg': small, 'b.jpg': small }), [
      ['GENERIC_INVALID_REFERENCE', 2, 'IMAGES', HEADER[0], '99999'], ['GENERIC_INVALID_REFERENCE', 3, 'IMAGES', HEADER[0], '99999']]],
    ['unknown germplasm', async () => ({ 'images.xlsx': await template([[null, 'NOPE-1', 'germinatebase', 'a.jpg', null, null]]), 'a.jpg': small }), [['GENERIC_INVALID_GERMPLASM', 2, 'IMAGES', HEADER[1], 'NOPE-1']]],
    ['shared display name', async () => ({ 'images.xlsx': await template([[null, 'twin', 'germinatebase', 'a.jpg', null, null]]), 'a.jpg': small }), [['GENERIC_DISPLAY_NAME_USED_BUT_NOT_UNIQUE', 2, 'IMAGES', HEADER[1], 'twin']]],
    ['unknown trait', async () => ({ 'images.xlsx': await template([[null, 'No such trait', 'phenotypes', 'a.jpg', null, null]]), 'a.jpg': small }), [['GENERIC_INVALID_REFERENCE', 2, 'IMAGES', HEADER[1], 'No such trait']]],
    ['no filename', async () => ({ 'images.xlsx': await template([ok(), ['1', null, 'germinatebase', null, 'x', null]]), 'a.jpg': small }), [['GENERIC_MISSING_REQUIRED_VALUE', 3, 'IMAGES', HEADER[3], null]]],
    ['filename twice', async () => ({ 'images.xlsx': await template([ok(), ok('A.JPG')]), 'a.jpg': small }), [['GENERIC_DUPLICATE_VALUE', 3, 'IMAGES', HEADER[3], 'A.JPG']]],
    ['images missing', async () => ({ 'images.xlsx': await template([ok(), ok('b.jpg'), ok('c.jpg')]), 'a.jpg': small }), [
      ['IMAGE_IMAGE_MISSING', 3, 'IMAGES', HEADER[3], 'b.jpg'], ['IMAGE_IMAGE_MISSING', 4, 'IMAGES', HEADER[3], 'c.jpg']]],
    ['images not defined', async () => ({ 'images.xlsx': await template([ok()]), 'a.jpg': small, 'b.jpg': small, 'c.png': small, 'sub/d.jpg': small }), [
      ['IMAGE_DEFINITION_MISSING', -1, null, null, 'b.jpg'], ['IMAGE_DEFINITION_MISSING', -1, null, null, 'c.png']]],
    ['not an image', async () => ({ 'images.xlsx': await template([ok(), ok('notes.jpg')]), 'a.jpg': small, 'notes.jpg': new TextEncoder().encode('just text') }), [
      ['GENERIC_INVALID_FILE_TYPE', 3, 'IMAGES', HEADER[3], 'notes.jpg']]],
    ['a zip bomb', async () => ({ 'images.xlsx': await template([ok()]), 'a.jpg': new Uint8Array(30 * 1024 * 1024) }), [['GENERIC_ZIP_BOMB', -1, null, null, String(30 * 1024 * 1024)]]],
  ];

  it.each(cases)('reports %s at every occurrence and writes nothing', async (name, build, expected) => {
    const before = await counts();
    const files = stored();
    const { issues, stats } = await run(imagesImporter, zip(`${name.replace(/\W/g, '-')}.zip`, await build()));
    expect(brief(issues)).toEqual(expected.map(([status, row, sheet, column, value]) => [status, 'ERROR', row, sheet, column, value]));
    expect(issues.every((i) => i.messageKey === `importStatus.${i.status}`)).toBe(true);
    expect(stats).toBeNull();
    expect(await counts()).toEqual(before);
    expect(stored()).toEqual(files);
  });

  it('reports a damaged archive', async () => {
    const good = zipSync({ 'images.xlsx': await template([ok()]), 'a.jpg': big }, { level: 0 });
    const broken = Buffer.from(good);
    broken.write('XXXX', 0, 'latin1');
    const { issues, stats } = await run(imagesImporter, scratch.file('broken.zip', broken));
    expect(issues.map((i) => i.status)).toEqual(['GENERIC_CORRUPT_FILE']);
    expect(issues[0].message).toContain('zip archive');
    expect(stats).toBeNull();
  });
});
