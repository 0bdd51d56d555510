import ExcelJS from 'exceljs';
import { MLS_STATUS_MEANINGS, STORAGE_MEANINGS } from '../../core/mcpd-status-codes.js';
import { spreadsheetText } from '../../core/spreadsheet-cell.js';
import { NOTE_TEXT, type BasketAccession, type BasketInstitute, type Requester } from './schema.js';

/**
 * The request form as files. The texts are English with the MCPD codes beside their standard meanings: the
 * form goes to genebanks, which read MCPD terms. xlsx: a cover sheet (requester, date, one line per
 * institute with its contact) and one sheet per institute. CSV: one file, one row per accession, the
 * institute in its own columns (a per-institute export is the same file with that institute's rows).
 */

const ACCESSION_HEADER = ['ACCENUMB', 'Name', 'PUID', 'Taxon', 'Entity type', 'MLSSTAT', 'MLS status', 'STORAGE', 'Storage', 'Availability', 'Remarks', 'Notes'];
const INSTITUTE_HEADER = ['INSTCODE', 'Holding institute', 'Country'];

const storageText = (codes: readonly string[]) => codes.map((code) => `${code} ${STORAGE_MEANINGS.get(Number(code)) ?? '(unknown code)'}`).join('; ');
const mlsText = (status: number | null) => (status === null ? '' : (MLS_STATUS_MEANINGS.get(status) ?? '(unknown code)'));
export const instituteLabel = (institute: BasketInstitute) =>
  institute.name ?? institute.code ?? 'No holding institute recorded';

function accessionCells(a: BasketAccession): (string | number)[] {
  return [
    a.accessionNumber, a.name, a.puid ?? '', a.taxon ?? '', a.entityTypeName ?? '', a.mlsStatus ?? '', mlsText(a.mlsStatus),
    a.storage.join(';'), storageText(a.storage), a.availability ?? '', a.remarks ?? '', a.notes.map((note) => NOTE_TEXT[note]).join('; '),
  ];
}

/** A sheet name Excel accepts: no []:*?/\, at most 31 characters, unique in the workbook. */
function sheetName(wanted: string, used: Set<string>): string {
  const base = wanted.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 28) || 'Institute';
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${base} ${n}`;
  used.add(name.toLowerCase());
  return name;
}

export async function basketXlsx(institutes: readonly BasketInstitute[], requester: Requester, date: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(date);
  const used = new Set<string>();
  const cover = workbook.addWorksheet(sheetName('Request', used));
  cover.addRow(['Material request']).font = { bold: true, size: 14 };
  cover.addRow([]);
  cover.addRow(['Requester', requester.name ?? '']);
  cover.addRow(['Email', requester.email ?? '']);
  cover.addRow(['Purpose', requester.purpose ?? '']);
  cover.addRow(['Date', date.slice(0, 10)]);
  cover.addRow(['Accessions', institutes.reduce((sum, institute) => sum + institute.accessions.length, 0)]);
  cover.addRow([]);
  cover.addRow(['INSTCODE', 'Holding institute', 'Country', 'Email', 'Address', 'Contact', 'Accessions', 'Sheet']).font = { bold: true };
  const sheets = institutes.map((institute) => sheetName(institute.code ?? institute.name ?? 'No institute', used));
  institutes.forEach((institute, i) => {
    cover.addRow([institute.code ?? '', instituteLabel(institute), institute.countryName ?? '', institute.email ?? '', institute.address ?? '', institute.contact ?? '', institute.accessions.length, sheets[i]]);
  });
  cover.columns.forEach((column) => (column.width = 22));
  institutes.forEach((institute, i) => {
    const sheet = workbook.addWorksheet(sheets[i]);
    sheet.addRow([...INSTITUTE_HEADER, ...ACCESSION_HEADER]).font = { bold: true };
    for (const accession of institute.accessions) {
      sheet.addRow([institute.code ?? '', instituteLabel(institute), institute.countryName ?? '', ...accessionCells(accession)]);
    }
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    sheet.columns.forEach((column) => (column.width = 18));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One CSV cell: quoted when it has to be, never a formula. */
function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : spreadsheetText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function basketCsv(institutes: readonly BasketInstitute[]): string {
  const lines = [[...INSTITUTE_HEADER, ...ACCESSION_HEADER].map(csvCell).join(',')];
  for (const institute of institutes) {
    for (const accession of institute.accessions) {
      lines.push([institute.code ?? '', instituteLabel(institute), institute.countryName ?? '', ...accessionCells(accession)].map(csvCell).join(','));
    }
  }
  // A byte order mark, so that spreadsheets read the UTF-8 names right.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
