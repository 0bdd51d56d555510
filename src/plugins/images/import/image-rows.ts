import type { CellText, Sheet } from '../../../server/import/importer.js';
import type { ReferenceType } from './references.js';

export const IMAGES_SHEET = 'IMAGES';
/** The template inside the archive (exact name, at the root). */
export const IMAGES_TEMPLATE = 'images.xlsx';
export const IMAGE_HEADER = ['Reference Id', 'Reference Name', 'Image reference type', 'Image filename', 'Image description', 'Tags (comma separated list)'] as const;
export const REFERENCE_TYPES: ReadonlySet<string> = new Set<ReferenceType>(['germinatebase', 'phenotypes']);

/** One row of the IMAGES sheet, by position (docs/import-templates.md). */
export interface ImageRow {
  row: number;
  referenceId: CellText;
  referenceName: CellText;
  type: CellText;
  filename: CellText;
  description: CellText;
  tags: string[];
}

export function readImageRows(sheet: Sheet): ImageRow[] {
  return sheet.rows.map(({ row, cells }) => ({
    row,
    referenceId: cells[0] ?? null,
    referenceName: cells[1] ?? null,
    type: cells[2] ?? null,
    filename: cells[3] ?? null,
    description: cells[4] ?? null,
    tags: splitTags(cells[5] ?? null),
  }));
}

/** Tags: comma-separated, trimmed, empty parts dropped, each once (case-insensitive). */
export function splitTags(text: CellText): string[] {
  if (text === null) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

/** A Reference Id: a whole number written with digits only. */
export function referenceId(text: string): number | null {
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}
