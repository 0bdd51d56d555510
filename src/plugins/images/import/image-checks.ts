import sharp from 'sharp';
import { issue, type ImportIssue } from '../../../server/import/importer.js';
import { ArchiveListing } from '../../../server/import/archive-listing.js';
import { checkPositionalHeader } from '../../../server/import/headers.js';
import type { TemplateArchive } from '../../../server/import/template-archive.js';
import { IMAGE_HEADER, IMAGES_SHEET, IMAGES_TEMPLATE, readImageRows, REFERENCE_TYPES, referenceId, type ImageRow } from './image-rows.js';
import type { References, ReferenceType } from './references.js';

/**
 * Formats a browser shows, which is what an image here is for. SVG is left out on purpose: it may carry
 * scripts, and it needs no thumbnail.
 */
export const IMAGE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);

/** The format sharp reads from the bytes (not the name), or null when it is no image at all. */
export async function imageFormat(content: Uint8Array): Promise<string | null> {
  try {
    return (await sharp(content).metadata()).format ?? null;
  } catch {
    return null;
  }
}

/** The rows' reference: its id, or the issue status saying why none. */
export function resolveRow(row: ImageRow, references: References): { id: number } | { status: string; column: string; value: string | null } | null {
  if (row.type === null || !REFERENCE_TYPES.has(row.type)) return null;
  const type = row.type as ReferenceType;
  if (row.referenceId !== null) {
    const id = referenceId(row.referenceId);
    if (id === null) return { status: 'GENERIC_INVALID_DATATYPE', column: IMAGE_HEADER[0], value: row.referenceId };
    const found = references.byId(type, id);
    return 'id' in found ? found : { status: found.status, column: IMAGE_HEADER[0], value: row.referenceId };
  }
  if (row.referenceName === null) return { status: 'GENERIC_MISSING_REQUIRED_VALUE', column: IMAGE_HEADER[0], value: null };
  const found = references.byName(type, row.referenceName);
  return 'id' in found ? found : { status: found.status, column: IMAGE_HEADER[1], value: row.referenceName };
}

/** Every check of Germinate's images template, each occurrence reported, plus a test that each file is an image. */
export async function checkImages(
  archive: TemplateArchive,
  references: References,
  signal?: AbortSignal,
  progress?: (fraction: number) => void,
): Promise<ImportIssue[]> {
  if (!archive.template) {
    return [issue('IMAGE_TEMPLATE_MISSING', -1, { value: IMAGES_TEMPLATE, message: `The archive has no '${IMAGES_TEMPLATE}' at its root.` })];
  }
  const sheet = archive.template.sheets.get(IMAGES_SHEET);
  if (!sheet) {
    // Germinate checked nothing then (and imported nothing); a template without its sheet is a mistake.
    return [issue('GENERIC_MISSING_EXCEL_SHEET', -1, { sheet: IMAGES_SHEET, value: IMAGES_SHEET, message: "'IMAGES' sheet not found" })];
  }
  const out: ImportIssue[] = [];
  const at = (status: string, row: number, column: string | null, value: string | null, message?: string) =>
    out.push(issue(status, row, { sheet: IMAGES_SHEET, column, value, ...(message === undefined ? {} : { message }) }));

  // With columns out of place every row would be misread: the header issues say what to fix.
  if (!checkPositionalHeader(sheet, IMAGE_HEADER, out, { required: IMAGE_HEADER.length })) return out;

  const listing = new ArchiveListing(archive, IMAGES_SHEET, IMAGE_HEADER[3], out);
  const rows = readImageRows(sheet);
  for (const [index, row] of rows.entries()) {
    // Reading each image's header is the slow part of the check on a large archive.
    progress?.(index / rows.length);
    if (row.type === null || !REFERENCE_TYPES.has(row.type)) {
      at('GENERIC_INVALID_DATATYPE', row.row, IMAGE_HEADER[2], row.type, `Image reference type: ${row.type ?? ''} (germinatebase or phenotypes)`);
    }
    const resolved = resolveRow(row, references);
    if (resolved && 'status' in resolved) at(resolved.status, row.row, resolved.column, resolved.value);
    for (const tag of row.tags) if ([...tag].length > 255) at('GENERIC_VALUE_TOO_LONG', row.row, IMAGE_HEADER[5], tag);

    const content = listing.file(row.row, row.filename);
    if (!content || row.filename === null) continue;
    signal?.throwIfAborted();
    const format = await imageFormat(content);
    if (format === null || !IMAGE_FORMATS.has(format)) {
      at('GENERIC_INVALID_FILE_TYPE', row.row, IMAGE_HEADER[3], row.filename, `${row.filename} is not a JPEG, PNG, WebP, GIF or AVIF image${format ? ` (${format})` : ''}.`);
    }
  }
  listing.reportUnlisted();
  return out;
}
