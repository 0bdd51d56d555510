import type { CellText, Sheet } from '../../../server/import/importer.js';

/** The template inside the archive and its sheet (docs/import-templates.md). */
export const GEOTIFF_TEMPLATE = 'geotiffs.xlsx';
export const GEOTIFF_SHEET = 'IMAGES';
export const GEOTIFF_HEADER = ['Dataset Id', 'Reference Id', 'Reference Name', 'Image reference type', 'Image filename', 'Image description', 'Recording Date'] as const;
/** Germinate accepts templates made before `Recording Date` was added. */
export const REQUIRED_HEADER_CELLS = 6;

export type ReferenceTable = 'phenotypes' | 'climates';
export const REFERENCE_TABLES: ReadonlySet<string> = new Set<ReferenceTable>(['phenotypes', 'climates']);

/** One row of the IMAGES sheet, by position. */
export interface OverlayRow {
  row: number;
  datasetId: CellText;
  referenceId: CellText;
  referenceName: CellText;
  type: CellText;
  filename: CellText;
  description: CellText;
  recordingDate: CellText;
}

export function readOverlayRows(sheet: Sheet): OverlayRow[] {
  return sheet.rows.map(({ row, cells }) => ({
    row,
    datasetId: cells[0] ?? null,
    referenceId: cells[1] ?? null,
    referenceName: cells[2] ?? null,
    type: cells[3] ?? null,
    filename: cells[4] ?? null,
    description: cells[5] ?? null,
    recordingDate: cells[6] ?? null,
  }));
}

/** An id written with digits only. */
export function rowId(text: string): number | null {
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}
