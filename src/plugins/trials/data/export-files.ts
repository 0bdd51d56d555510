import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { spreadsheetText } from '../../../core/spreadsheet-cell.js';
import { FIXED_HEADER, traitHeader, type ExportDataset, type ExportTrait } from './export-data.js';
import type { PivotRow } from './export-rows.js';

/**
 * The two files of the trials export, both written while the rows are read:
 * - tab: Germinate's phenotype file for Flapjack, Helium and spreadsheets: `#input=PHENOTYPE`, the header
 *   (the fixed columns, a tab, the trait columns), each row preceded by CRLF (the file ends without one);
 * - xlsx: the same header and rows on a DATA sheet (numbers as numbers) and a METADATA sheet listing the
 *   traits and the datasets.
 * Text cells are spreadsheet-safe in both (a value that would run as a formula gets a leading quote) and
 * on one line.
 */

type Cell = string | number | null;

/** A text cell of the tab file (and of the ISA-Tab data files): never a formula, on one line, in its column. */
export function tabCell(value: Cell): string {
  if (value === null) return '';
  return spreadsheetText(String(value)).replace(/[\t\r\n]+/g, ' ');
}

/** The tab file's text, header first, a chunk per batch of rows; pulled as the client reads. */
export function tabFile(traits: readonly ExportTrait[], rows: AsyncIterable<PivotRow[]>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `#input=PHENOTYPE\r\n${FIXED_HEADER.join('\t')}\t${traits.map((t) => tabCell(traitHeader(t))).join('\t')}`;
    for await (const batch of rows) {
      yield batch.map((row) => `\r\n${row.fixed.map(tabCell).join('\t')}\t${row.values.map(tabCell).join('\t')}`).join('');
    }
  }
  return Readable.from(lines());
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A value of a numeric trait as a number when it is one (sheets then compute with it), else safe text. */
function traitCell(value: string | null, trait: ExportTrait): Cell {
  if (value === null) return null;
  if (trait.datatype === 'numeric' && NUMBER.test(value.trim()) && Number.isFinite(Number(value))) return Number(value);
  return spreadsheetText(value);
}

const sheetCell = (value: Cell): Cell => (typeof value === 'string' ? spreadsheetText(value) : value);

/**
 * The xlsx workbook, streamed: the DATA sheet row by row (waiting when the client reads slower than the
 * rows come), then METADATA. A failure after the answer started destroys the stream (a cut download).
 */
export function xlsxFile(traits: readonly ExportTrait[], datasets: readonly ExportDataset[], rows: AsyncIterable<PivotRow[]>): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const write = async () => {
    const data = workbook.addWorksheet('DATA');
    data.addRow([...FIXED_HEADER, ...traits.map(traitHeader)].map(sheetCell)).commit();
    for await (const batch of rows) {
      if (stream.destroyed) return;
      for (const row of batch) data.addRow([...row.fixed.map(sheetCell), ...row.values.map((value, i) => traitCell(value, traits[i]))]).commit();
      if (stream.writableNeedDrain) await new Promise((resolve) => stream.once('drain', resolve));
    }
    data.commit();
    const metadata = workbook.addWorksheet('METADATA');
    metadata.addRow(['TRAITS']).commit();
    metadata.addRow(['name', 'short_name', 'description', 'data_type', 'unit_name', 'unit_abbreviation']).commit();
    for (const t of traits) metadata.addRow([t.name, t.shortName, t.description, t.datatype, t.unitName, t.unitAbbreviation].map(sheetCell)).commit();
    metadata.addRow([]).commit();
    metadata.addRow(['DATASETS']).commit();
    metadata.addRow(['id', 'name', 'description', 'version', 'license_name']).commit();
    for (const d of datasets) metadata.addRow([d.id, d.name, d.description, d.version, d.licenseName].map(sheetCell)).commit();
    metadata.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => stream.destroy(err instanceof Error ? err : new Error(String(err))));
  return stream;
}
