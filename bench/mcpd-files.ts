import fs from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { COUNTRIES } from '../src/plugins/germplasm/countries.js';
import { MCPD_COLUMNS } from '../src/plugins/germplasm/mcpd-codes.js';
import { BENCH_COUNTRIES, generateRows, type GeneratedRow } from './generate.js';

/** MCPD files for the import benchmarks, written row by row so that a million rows never sit in memory. */

const SEED = 7;
const COUNTRY_CODES = COUNTRIES.filter(([, , code2]) => BENCH_COUNTRIES.includes(code2)).map(([, code3]) => code3);

/** One generated accession as MCPD values: taxonomy, origin, site, coordinates, dates, codes, names. */
export function mcpdValues(row: GeneratedRow): Record<string, string> {
  return {
    INSTCODE: `INS${String(row.institutionId).padStart(3, '0')}`,
    ACCENUMB: row.gid,
    COLLNUMB: row.collnumb,
    GENUS: 'Hordeum',
    SPECIES: 'vulgare',
    ACCENAME: row.displayName,
    ORIGCTY: COUNTRY_CODES[row.locationId % COUNTRY_CODES.length],
    COLLSITE: `Site ${row.locationId}`,
    DECLATITUDE: String((row.locationId % 140) - 70 + 0.5),
    DECLONGITUDE: String((row.locationId % 340) - 170 + 0.25),
    COLLDATE: row.colldate,
    SAMPSTAT: String(row.sampstat),
    OTHERNUMB: row.synonyms ? `SYN${row.id}` : '',
    STORAGE: '13',
    MLSSTAT: '0',
  };
}

export function* mcpdRecords(rows: number): Generator<Record<string, string>> {
  for (const row of generateRows(rows, SEED)) yield mcpdValues(row);
}

/** Tab-separated MCPD (every column, header first); `emptyLines` empty lines are put after the first row. */
export async function writeMcpdTsv(file: string, rows: number, emptyLines = 0): Promise<void> {
  const out = fs.createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`${MCPD_COLUMNS.join('\t')}\n`);
  let n = 0;
  let lines: string[] = [];
  for (const values of mcpdRecords(rows)) {
    lines.push(MCPD_COLUMNS.map((c) => values[c] ?? '').join('\t'));
    n += 1;
    if (n === 1 && emptyLines > 0) lines.push('\n'.repeat(emptyLines - 1));
    if (lines.length >= 1000) {
      await write(`${lines.join('\n')}\n`);
      lines = [];
    }
  }
  if (lines.length > 0) await write(`${lines.join('\n')}\n`);
  out.end();
  await once(out, 'finish');
}

/** The same rows as an Excel workbook (sheet DATA), with shared strings as Excel itself writes text. */
export async function writeMcpdXlsx(file: string, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet('DATA');
  sheet.addRow([...MCPD_COLUMNS]).commit();
  for (const values of mcpdRecords(rows)) sheet.addRow(MCPD_COLUMNS.map((c) => values[c] || null)).commit();
  sheet.commit();
  await workbook.commit();
}
