import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../../../server/db/tables.js';
import { GEOTIFF_TYPE, storeFileResource } from '../../../server/import/file-resource.js';
import { stagingFolder } from '../../../server/import/staging.js';
import type { ImportDb, ImportOptions, ImportStats, ParsedFile } from '../../../server/import/importer.js';
import { openTemplateArchive } from '../../../server/import/template-archive.js';
import type { MapoverlaysTables } from '../tables.js';
import { openGeotiff } from './geotiff-read.js';
import { renderOverlay, type Overlay } from './geotiff-render.js';
import { resolveRow, type ResolvedRow } from './overlay-checks.js';
import { OverlayReferences } from './overlay-references.js';
import { GEOTIFF_SHEET, GEOTIFF_TEMPLATE, readOverlayRows, type OverlayRow } from './overlay-rows.js';

/** DATA_DIR/images/mapoverlay, where `mapoverlay/{id}/src` finds the PNGs (Germinate's folder layout). */
export function overlayFolder(dataDir: string): string {
  return path.join(dataDir, 'images', 'mapoverlay');
}

type Planned = { row: OverlayRow; resolved: ResolvedRow; overlay: Overlay }[];

/**
 * The slow half of writing a checked GeoTIFF archive, which writes nothing: every raster
 * warped and encoded, run before the write transaction opens (TemplateImporter.stage). Returns the rest.
 */
export async function stageOverlays(file: ParsedFile, target: ImportDb, options: ImportOptions): Promise<(db: ImportDb) => Promise<ImportStats>> {
  if (!file.source) throw new Error('The GeoTIFF importer needs the uploaded zip');
  const archive = await openTemplateArchive(file.source.path, GEOTIFF_TEMPLATE, options.signal);
  const sheet = archive.template?.sheets.get(GEOTIFF_SHEET);
  if (!sheet) throw new Error("The archive's template has no IMAGES sheet: it was not checked");
  const references = await OverlayReferences.load(target.db, target.dialect);
  const rows = readOverlayRows(sheet);
  const planned: Planned = [];
  for (const [index, row] of rows.entries()) {
    options.signal?.throwIfAborted();
    const content = row.filename === null ? undefined : archive.files.get(row.filename);
    const resolved = resolveRow(row, references);
    if (!content || resolved.problems.length > 0) throw new Error(`IMAGES row ${row.row} was not checked`);
    planned.push({ row, resolved, overlay: await renderOverlay(await openGeotiff(content), options.signal) });
    options.progress?.((0.8 * (index + 1)) / rows.length);
  }
  return (db) => insertOverlays(planned, file, db.db, options);
}

/**
 * The rest, in the write transaction: the rows, then the PNGs, staged and renamed into place as the last
 * step; any failure removes them, so a rolled-back import leaves no overlay file behind. The zip is kept as
 * a "Trials GeoTIFF" file resource of every dataset the rows name.
 */
async function insertOverlays(planned: Planned, file: ParsedFile, db: Kysely<CoreTables>, options: ImportOptions): Promise<ImportStats> {
  if (!file.source) throw new Error('The GeoTIFF importer needs the uploaded zip');
  if (!options.dataDir) throw new Error('The GeoTIFF importer needs a data directory (ImportOptions.dataDir) to store the overlays');
  const folder = overlayFolder(options.dataDir);
  const staging = stagingFolder(folder, options.now);
  const moved: string[] = [];
  try {
    const overlays = db.withTables<MapoverlaysTables>();
    const now = options.now.toISOString();
    const names: string[] = [];
    for (const { row, resolved, overlay } of planned) {
      const { id } = await overlays
        .insertInto('mapoverlays')
        .values({
          name: '',
          description: row.description ?? row.filename,
          bottom_left_lat: overlay.bounds.south,
          bottom_left_lng: overlay.bounds.west,
          top_right_lat: overlay.bounds.north,
          top_right_lng: overlay.bounds.east,
          reference_table: resolved.reference?.table ?? null,
          foreign_id: resolved.reference?.id ?? null,
          dataset_id: resolved.datasetId,
          recording_date: resolved.recordingDate,
          created_on: now,
          updated_on: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const name = `${id}.png`;
      await overlays.updateTable('mapoverlays').set({ name }).where('id', '=', id).execute();
      fs.writeFileSync(path.join(staging, name), overlay.png);
      names.push(name);
    }
    const datasets = [...new Set(planned.flatMap((p) => (p.resolved.datasetId === null ? [] : [p.resolved.datasetId])))];
    const fileResourceId = await storeFileResource(db, file.source, options.dataDir, datasets, GEOTIFF_TYPE, GEOTIFF_TYPE.description, now);
    options.signal?.throwIfAborted();
    for (const name of names) {
      fs.renameSync(path.join(staging, name), path.join(folder, name));
      moved.push(path.join(folder, name));
    }
    options.progress?.(1);
    const referenced = (table: string) => new Set(planned.flatMap((p) => (p.resolved.reference?.table === table ? [p.resolved.reference.id] : []))).size;
    return { mapoverlays: names.length, datasets: datasets.length, traits: referenced('phenotypes'), climates: referenced('climates'), fileResourceId };
  } catch (error) {
    for (const file of moved) fs.rmSync(file, { force: true });
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
