import { ATTRIBUTES_SHEET, COLLABORATORS_SHEET, LOCATION_SHEET, METADATA_SHEET } from '../../../server/import/datasheet.js';
import type { ParsedFile, Sheet } from '../../../server/import/importer.js';
import { rowSource } from '../../../server/import/row-source.js';

const DATASHEET_SHEETS: ReadonlySet<string> = new Set([METADATA_SHEET, ATTRIBUTES_SHEET, LOCATION_SHEET, COLLABORATORS_SHEET]);

/**
 * The datasheet sheets of a genotype workbook read into memory (they are a few dozen rows), the DATA sheet
 * left in the file: the shared datasheet checks and writes then work on it as on any other template.
 */
export async function datasheetPart(file: ParsedFile): Promise<ParsedFile> {
  const sheets = new Map<string, Sheet>();
  await rowSource(file).eachSheet(async (sheet) => {
    if (!DATASHEET_SHEETS.has(sheet.name)) return;
    const rows: Sheet['rows'] = [];
    for await (const row of sheet.rows) rows.push(row);
    sheets.set(sheet.name, { name: sheet.name, header: sheet.header, rows });
  });
  return { kind: file.kind, sheets, source: file.source };
}
