import { issue, type ImportIssue } from '../../../server/import/importer.js';
import { ArchiveListing } from '../../../server/import/archive-listing.js';
import { checkPositionalHeader } from '../../../server/import/headers.js';
import type { TemplateArchive } from '../../../server/import/template-archive.js';
import { parseTemplateDate } from '../../../server/import/values.js';
import { openGeotiff, RasterError, wgs84Bounds } from './geotiff-read.js';
import type { OverlayReferences } from './overlay-references.js';
import {
  GEOTIFF_HEADER,
  GEOTIFF_SHEET,
  GEOTIFF_TEMPLATE,
  readOverlayRows,
  REFERENCE_TABLES,
  REQUIRED_HEADER_CELLS,
  rowId,
  type OverlayRow,
  type ReferenceTable,
} from './overlay-rows.js';

const [DATASET, REF_ID, REF_NAME, REF_TYPE, FILENAME, , RECORDING_DATE] = GEOTIFF_HEADER;

/** What a row refers to, or the problems that keep it from referring to anything. */
export interface ResolvedRow {
  datasetId: number | null;
  reference: { table: ReferenceTable; id: number } | null;
  recordingDate: string | null;
  problems: { status: string; column: string; value: string | null; message?: string }[];
}

/** A row's dataset, trait or climate variable and date, each problem listed. */
export function resolveRow(row: OverlayRow, references: OverlayReferences): ResolvedRow {
  const out: ResolvedRow = { datasetId: null, reference: null, recordingDate: null, problems: [] };
  const problem = (status: string, column: string, value: string | null, message?: string) => out.problems.push({ status, column, value, message });
  if (row.datasetId !== null) {
    const id = rowId(row.datasetId);
    if (id === null) problem('GENERIC_INVALID_DATATYPE', DATASET, row.datasetId, `Dataset Id is not a whole number: ${row.datasetId}`);
    else if (!references.datasets.has(id)) problem('GENERIC_INVALID_REFERENCE', DATASET, row.datasetId, `There is no dataset ${id}.`);
    else out.datasetId = id;
  }
  if (row.type !== null && !REFERENCE_TABLES.has(row.type)) {
    problem('GENERIC_INVALID_DATATYPE', REF_TYPE, row.type, `Image reference type: ${row.type} (phenotypes or climates)`);
  } else if (row.type !== null) {
    const table = row.type as ReferenceTable;
    if (row.referenceId !== null) {
      const id = rowId(row.referenceId);
      if (id === null) problem('GENERIC_INVALID_DATATYPE', REF_ID, row.referenceId, `Reference Id is not a whole number: ${row.referenceId}`);
      else if (references.byId(table, id) === null) problem('GENERIC_INVALID_REFERENCE', REF_ID, row.referenceId, `There is no ${table} ${id}.`);
      else out.reference = { table, id };
    } else if (row.referenceName !== null) {
      const id = references.byName(table, row.referenceName);
      if (id === null) problem('GENERIC_INVALID_REFERENCE', REF_NAME, row.referenceName, `There is no ${table} called ${row.referenceName}.`);
      else out.reference = { table, id };
    } else {
      problem('GENERIC_MISSING_REQUIRED_VALUE', REF_ID, null, 'Reference Id or Reference Name');
    }
  } else if (row.referenceId !== null || row.referenceName !== null) {
    // Germinate silently drops such a reference; a curator who wrote one wants it kept.
    problem('GENERIC_MISSING_REQUIRED_VALUE', REF_TYPE, null, 'Image reference type (a reference is given)');
  }
  if (row.recordingDate !== null) {
    out.recordingDate = parseTemplateDate(row.recordingDate);
    if (out.recordingDate === null) problem('GENERIC_INVALID_DATE', RECORDING_DATE, row.recordingDate);
  }
  return out;
}

/** Every check of Germinate's GeoTIFF template, each occurrence reported, plus a test that each file is a GeoTIFF we can place. */
export async function checkOverlays(
  archive: TemplateArchive,
  references: OverlayReferences,
  signal?: AbortSignal,
  progress?: (fraction: number) => void,
): Promise<ImportIssue[]> {
  if (!archive.template) {
    return [issue('IMAGE_TEMPLATE_MISSING', -1, { value: GEOTIFF_TEMPLATE, message: `The archive has no '${GEOTIFF_TEMPLATE}' at its root.` })];
  }
  const sheet = archive.template.sheets.get(GEOTIFF_SHEET);
  if (!sheet) return [issue('GENERIC_MISSING_EXCEL_SHEET', -1, { sheet: GEOTIFF_SHEET, value: GEOTIFF_SHEET, message: "'IMAGES' sheet not found" })];
  const out: ImportIssue[] = [];
  const at = (status: string, row: number, column: string | null, value: string | null, message?: string) =>
    out.push(issue(status, row, { sheet: GEOTIFF_SHEET, column, value, ...(message === undefined ? {} : { message }) }));

  if (!checkPositionalHeader(sheet, GEOTIFF_HEADER, out, { required: REQUIRED_HEADER_CELLS })) return out;

  const listing = new ArchiveListing(archive, GEOTIFF_SHEET, FILENAME, out);
  const rows = readOverlayRows(sheet);
  for (const [index, row] of rows.entries()) {
    progress?.(index / rows.length);
    for (const p of resolveRow(row, references).problems) at(p.status, row.row, p.column, p.value, p.message);
    const content = listing.file(row.row, row.filename);
    if (!content) continue;
    signal?.throwIfAborted();
    try {
      wgs84Bounds(await openGeotiff(content));
    } catch (error) {
      if (!(error instanceof RasterError)) throw error;
      at('GENERIC_INVALID_FILE_TYPE', row.row, FILENAME, row.filename, `${row.filename}: ${error.message}`);
    }
  }
  listing.reportUnlisted();
  return out;
}
