import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DialectName } from '../../../server/db/database.js';
import type { CoreTables } from '../../../server/db/tables.js';
import { BACKUP_DESCRIPTION, BACKUP_TYPE, fileResourcePath, insertFileResource } from '../../../server/import/file-resource.js';
import { stagingFolder } from '../../../server/import/staging.js';
import type { ImportDb, ImportOptions, ImportStats, ParsedFile } from '../../../server/import/importer.js';
import type { ImagesTables } from '../tables.js';
import { openTemplateArchive } from '../../../server/import/template-archive.js';
import { readExif } from './exif.js';
import { resolveRow } from './image-checks.js';
import { IMAGES_SHEET, IMAGES_TEMPLATE, readImageRows, type ImageRow } from './image-rows.js';
import { References, type ImagesDb } from './references.js';

/** Longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 400;

/** DATA_DIR/images/database: `upload/` holds the images, `thumbnail-upload/` their thumbnails (Germinate's folder layout). */
export function imageFolders(dataDir: string) {
  const root = path.join(dataDir, 'images', 'database');
  return { root, upload: path.join(root, 'upload'), thumbnails: path.join(root, 'thumbnail-upload') };
}

/** A file name safe on every file system, keeping the user's name readable. */
function safeName(name: string): string {
  return name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(-120);
}

/** An image of the archive, copied and thumbnailed into the staging folder, waiting for its row. */
interface StagedImage {
  row: ImageRow;
  referenceId: number;
  filename: string;
  /** File name under upload/ and thumbnail/ of the staging folder (and later of the image folders). */
  name: string;
  exif: string | null;
}

/**
 * Writes a checked images archive and keeps the zip as a file resource (the upload backup), in two
 * steps (TemplateImporter.stage): first, before the write transaction opens, every image is copied and
 * thumbnailed into a staging folder (the slow part, which writes no row); then, in the transaction, the rows.
 *
 * Files must not outlive a failed import. Images, thumbnails and the backup wait in the staging folder
 * (same file system, so moving is a rename); only when every row is written are they renamed into place, as
 * the last step before the pipeline commits. Any error — a database error, a broken image, a cancelled job —
 * removes the staging folder and whatever was already moved, then rethrows so the transaction rolls back.
 * What remains is the commit itself failing after the move, or the process dying mid-way: then only
 * unreferenced files stay behind (no row points at them), and a staging folder left by a killed process is
 * removed by the next images import.
 */
export async function stageImages(file: ParsedFile, target: ImportDb, options: ImportOptions): Promise<(db: ImportDb) => Promise<ImportStats>> {
  const { source } = file;
  const { dataDir } = options;
  if (!source) throw new Error('The images importer needs the uploaded zip');
  if (!dataDir) throw new Error('The images importer needs a data directory (ImportOptions.dataDir) to store the images');
  const staging = stagingFolder(imageFolders(dataDir).root, options.now);
  try {
    const staged = await stageFiles(source.path, target.db.withTables<ImagesTables>(), target.dialect, options, staging);
    return (db) => insertImages(staged, source, dataDir, db.db, options, staging);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Both steps in the caller's transaction (callers of `write` that know no stage). */
export async function writeImages(file: ParsedFile, target: ImportDb, options: ImportOptions): Promise<ImportStats> {
  return (await stageImages(file, target, options))(target);
}

async function stageFiles(zip: string, db: ImagesDb, dialect: DialectName, options: ImportOptions, staging: string): Promise<StagedImage[]> {
  const archive = await openTemplateArchive(zip, IMAGES_TEMPLATE, options.signal);
  const sheet = archive.template?.sheets.get(IMAGES_SHEET);
  if (!sheet) throw new Error("The archive's template has no IMAGES sheet: it was not checked");
  const references = await References.load(db, dialect);
  fs.mkdirSync(path.join(staging, 'upload'));
  fs.mkdirSync(path.join(staging, 'thumbnail'));
  const rows = readImageRows(sheet);
  const staged: StagedImage[] = [];
  for (const [i, row] of rows.entries()) {
    options.signal?.throwIfAborted();
    const content = row.filename === null ? undefined : archive.files.get(row.filename);
    const resolved = resolveRow(row, references);
    if (!content || !resolved || !('id' in resolved) || row.filename === null) throw new Error(`IMAGES row ${row.row} was not checked`);
    const name = `${randomUUID()}-${safeName(row.filename)}`;
    fs.writeFileSync(path.join(staging, 'upload', name), content);
    // rotate() applies the EXIF orientation, so thumbnails stand upright whatever the camera wrote.
    const thumbnail = await sharp(content).rotate().resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true }).toBuffer();
    fs.writeFileSync(path.join(staging, 'thumbnail', name), thumbnail);
    const exif = await readExif(content);
    staged.push({ row, referenceId: resolved.id, filename: row.filename, name, exif: exif ? JSON.stringify(exif) : null });
    options.progress?.((0.9 * (i + 1)) / rows.length);
  }
  return staged;
}

/** The rows of the staged images, their tags and the backup; then every file renamed into place. */
async function insertImages(
  staged: StagedImage[],
  source: { path: string; name: string },
  dataDir: string,
  core: Kysely<CoreTables>,
  options: ImportOptions,
  staging: string,
): Promise<ImportStats> {
  const folders = imageFolders(dataDir);
  const moved: string[] = [];
  try {
    const counts = await insertRows(staged, core.withTables<ImagesTables>(), options);
    const backup = await stageBackup(core, source, dataDir, options.now, staging);
    fs.mkdirSync(folders.upload, { recursive: true });
    fs.mkdirSync(folders.thumbnails, { recursive: true });
    fs.mkdirSync(path.dirname(backup.to), { recursive: true });
    const moves = staged.flatMap(({ name }) => [
      [path.join(staging, 'upload', name), path.join(folders.upload, name)],
      [path.join(staging, 'thumbnail', name), path.join(folders.thumbnails, name)],
    ]);
    moves.push([backup.from, backup.to]);
    options.signal?.throwIfAborted();
    for (const [from, to] of moves) {
      fs.renameSync(from, to);
      moved.push(to);
    }
    return { ...counts, fileResourceId: backup.id };
  } catch (error) {
    for (const file of moved) fs.rmSync(file, { force: true });
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function insertRows(staged: StagedImage[], db: ImagesDb, options: ImportOptions): Promise<ImportStats> {
  const types = new Map((await db.selectFrom('imagetypes').select(['id', 'reference_table']).execute()).map((t) => [t.reference_table, t.id]));
  const tags = new Map<string, number>();
  for (const t of await db.selectFrom('imagetags').select(['id', 'tag_name']).orderBy('id').execute()) {
    if (!tags.has(t.tag_name.toLowerCase())) tags.set(t.tag_name.toLowerCase(), t.id);
  }
  const now = options.now.toISOString();
  const stamp = { created_on: now, updated_on: now };
  const germplasm = new Set<number>();
  const traits = new Set<number>();
  let newTags = 0;
  for (const [i, { row, referenceId, filename, name, exif }] of staged.entries()) {
    options.signal?.throwIfAborted();
    const imagetypeId = row.type === null ? undefined : types.get(row.type);
    if (imagetypeId === undefined) throw new Error(`IMAGES row ${row.row} was not checked`);
    const image = await db
      .insertInto('images')
      .values({ imagetype_id: imagetypeId, description: row.description ?? filename, foreign_id: referenceId, path: `upload/${name}`, exif, ...stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    (row.type === 'phenotypes' ? traits : germplasm).add(referenceId);
    for (const tag of row.tags) {
      let tagId = tags.get(tag.toLowerCase());
      if (tagId === undefined) {
        tagId = (await db.insertInto('imagetags').values({ tag_name: tag, ...stamp }).returning('id').executeTakeFirstOrThrow()).id;
        tags.set(tag.toLowerCase(), tagId);
        newTags += 1;
      }
      await db.insertInto('image_to_tags').values({ image_id: image.id, imagetag_id: tagId, ...stamp }).execute();
    }
    options.progress?.(0.9 + (0.05 * (i + 1)) / staged.length);
  }
  return { images: staged.length, germplasm: germplasm.size, traits: traits.size, tags: newTags };
}

/**
 * The upload backup for the images template: the uploaded zip kept as a file resource (not linked to a
 * dataset: images have none). Staged like the images.
 */
async function stageBackup(db: Kysely<CoreTables>, source: { path: string; name: string }, dataDir: string, now: Date, staging: string) {
  const row = await insertFileResource(db, source, [], BACKUP_TYPE, BACKUP_DESCRIPTION, now.toISOString());
  const from = path.join(staging, row.stored);
  fs.copyFileSync(source.path, from);
  return { id: row.id, from, to: fileResourcePath(dataDir, row) };
}
