import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportFileError, readImportFile } from '../../src/server/import/read-file.js';
import type { Sheet } from '../../src/server/import/importer.js';
import { plainNumber } from '../../src/server/import/read-xlsx.js';
import { expectFileError, MB, MCPD_XLSX, scratchDir } from './helpers.js';

const scratch = scratchDir();
afterAll(() => scratch.remove());

const read = (file: string, maxBytes = 100 * MB) => readImportFile(file, { maxBytes });
const sheetOf = async (file: string, name: string): Promise<Sheet> => {
  const parsed = await read(file);
  expect(parsed.kind).toBe('xlsx');
  const sheet = parsed.sheets.get(name);
  if (!sheet) throw new Error(`no sheet ${name} in ${[...parsed.sheets.keys()].join(', ')}`);
  return sheet;
};
const row = (sheet: Sheet, number: number) => {
  const found = sheet.rows.find((r) => r.row === number);
  if (!found) throw new Error(`no row ${number}`);
  return Object.fromEntries(sheet.header.map((h, i) => [h, found.cells[i]]));
};

describe('real workbook (Germinate MCPD example)', () => {
  it('reads every sheet by its exact name', async () => {
    const parsed = await read(MCPD_XLSX);
    expect([...parsed.sheets.keys()]).toEqual(
      expect.arrayContaining(['METADATA', 'DATA', 'ADDITIONAL_ATTRIBUTES', 'INFO', 'TYPES', 'DATA_EXAMPLE']),
    );
    for (const [name, sheet] of parsed.sheets) expect(sheet.name).toBe(name);
  });

  it('reads DATA with spreadsheet row numbers and exact cell text', async () => {
    const sheet = await sheetOf(MCPD_XLSX, 'DATA');
    expect(sheet.header).toHaveLength(43);
    expect(sheet.header.slice(-2)).toEqual(['Entity type', 'Entity parent ACCENUMB']);
    expect(sheet.rows).toHaveLength(2010);
    expect(sheet.rows[0].row).toBe(2);
    expect(sheet.rows.at(-1)?.row).toBe(2011);
    expect(row(sheet, 2)).toMatchObject({
      PUID: 'GBR251:CACTUAR-2001:HORDEUM',
      ACCENUMB: 'CACTUAR-2001',
      // Numbers typed into cells come back as their plain decimal text.
      ACQDATE: '20160225',
      DECLATITUDE: '26.183333',
      LATITUDE: '261060N',
      ELEVATION: '44',
      // Inner double spaces are kept: only the ends are trimmed.
      SUBTAXA: 'subsp.  spontaneum',
      DONORNAME: 'Centro Internacional de Mejoramiento de Maíz y Trigo',
      DONORNUMB: null,
      'Entity type': 'Accession',
    });
    expect(row(sheet, 15)).toMatchObject({ ACCENUMB: 'CACTUAR-2014', DECLATITUDE: '56.4611351', DECLONGITUDE: '-3.0782971' });
    expect(row(sheet, 2011)).toMatchObject({
      ACCENUMB: 'CACTUAR-3529-1',
      'Entity type': 'Plant/Plot',
      'Entity parent ACCENUMB': 'CACTUAR-3529',
    });
  });

  it('reads the other sheets, skipping rows whose cells are only blanks', async () => {
    const metadata = await sheetOf(MCPD_XLSX, 'METADATA');
    expect(metadata.header).toEqual(['LABEL', 'DEFINITION', 'VALUE']);
    expect(metadata.rows[0]).toMatchObject({ row: 2, cells: ['Title', expect.stringContaining('A name given'), null] });
    const attributes = await sheetOf(MCPD_XLSX, 'ADDITIONAL_ATTRIBUTES');
    expect(attributes.rows[0]).toEqual({ row: 2, cells: ['CACTUAR-2001', '+', '1034', 'ELF956', 'Svalbard'] });
    // DATA_EXAMPLE row 14 holds a single " ": empty after trimming, so no row.
    expect((await sheetOf(MCPD_XLSX, 'DATA_EXAMPLE')).rows).toEqual([]);
  });
});

describe('cell values', () => {
  it('turns every kind of cell into Germinate cell text', async () => {
    const file = `${scratch.dir}/cells.xlsx`;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('DATA');
    sheet.addRow(['KIND', 'VALUE']);
    const values: [string, ExcelJS.CellValue, string?][] = [
      ['integer date', 20010512],
      ['decimal', 56.4611351],
      ['float noise', 0.1 + 0.2],
      ['tiny', 0.0000001],
      ['large', 123456789012345],
      ['negative', -3.0782971],
      ['date', new Date(Date.UTC(2001, 4, 12))],
      ['formula', { formula: 'B2*2', result: 40020 } as ExcelJS.CellFormulaValue],
      ['formula text', { formula: 'UPPER("ab")', result: 'AB' } as ExcelJS.CellFormulaValue],
      ['formula date', { formula: 'B8+1', result: new Date(Date.UTC(2001, 4, 13)) } as ExcelJS.CellFormulaValue, 'yyyy-mm-dd'],
      ['rich text', { richText: [{ text: 'Hor', font: { bold: true } }, { text: 'deum' }] }],
      ['hyperlink', { text: 'Genesys', hyperlink: 'https://www.genesys-pgr.org' }],
      ['boolean', true],
      ['error', { error: '#N/A' } as ExcelJS.CellErrorValue],
      ['spaces', '\u00a0 two\r\nlines\nhere \u00a0'],
      ['blank', '   '],
    ];
    for (const [kind, value, format] of values) {
      const added = sheet.addRow([kind, value]);
      if (format) added.getCell(2).numFmt = format;
    }
    await workbook.xlsx.writeFile(file);

    const parsed = await sheetOf(file, 'DATA');
    const text = Object.fromEntries(parsed.rows.map((r) => [r.cells[0], r.cells[1]]));
    expect(text).toEqual({
      'integer date': '20010512',
      decimal: '56.4611351',
      'float noise': '0.3',
      tiny: '0.0000001',
      large: '123456789012345',
      negative: '-3.0782971',
      date: '2001-05-12',
      formula: '40020',
      'formula text': 'AB',
      'formula date': '2001-05-13',
      'rich text': 'Hordeum',
      hyperlink: 'Genesys',
      boolean: 'true',
      error: null,
      spaces: 'two lines here',
      blank: null,
    });
  });

  it('reports every formula without a stored result or with an error result, by cell, instead of reading it as empty', async () => {
    const file = `${scratch.dir}/formulas.xlsx`;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('DATA');
    sheet.addRow(['ACCENUMB', 'VALUE']);
    sheet.addRow(['A-1', { formula: 'B3*2', result: 4 } as ExcelJS.CellFormulaValue]);
    sheet.addRow(['A-2', { formula: 'B2*2' } as ExcelJS.CellFormulaValue]);
    sheet.addRow([{ formula: 'UPPER("a")' } as ExcelJS.CellFormulaValue, { formula: '1/0', result: { error: '#DIV/0!' } } as ExcelJS.CellFormulaValue]);
    await workbook.xlsx.writeFile(file);
    const error = (await read(file).then(() => null, (e: unknown) => e)) as ImportFileError;
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error.issue.status).toBe('GENERIC_FORMULA_WITHOUT_VALUE');
    expect(error.issues.map((i) => [i.sheet, i.rowIndex, i.column, i.type])).toEqual([
      ['DATA', 3, 'B3', 'ERROR'],
      ['DATA', 4, 'A4', 'ERROR'],
      ['DATA', 4, 'B4', 'ERROR'],
    ]);
    // The streaming reader hands an error result (t="e") over as no result at all: both are reported.
    expect(error.issues[2].message).toMatch(/^The formula in DATA!B4 (has no stored result|results in #DIV\/0!)/);
  });

  it('writes numbers as plain decimals', () => {
    expect(plainNumber(1e21)).toBe('1000000000000000000000');
    expect(plainNumber(-1.5e-7)).toBe('-0.00000015');
    expect(plainNumber(1e-40)).toBe('1e-40');
    expect(plainNumber(Number.NaN)).toBeNull();
    expect(plainNumber(-0)).toBe('0');
  });

  it('keeps sheet names and row numbers, skipping styled rows without values', async () => {
    const file = `${scratch.dir}/layout.xlsx`;
    const workbook = new ExcelJS.Workbook();
    const data = workbook.addWorksheet('Passport data (ä)');
    data.getRow(1).values = ['ACCENUMB', 'GENUS'];
    data.getRow(3).getCell(1).style = { font: { bold: true } };
    data.getRow(4).values = ['', null];
    data.getRow(5).values = ['A-5', 'Beta'];
    data.getRow(9).values = [null, 'Hordeum'];
    workbook.addWorksheet('empty');
    await workbook.xlsx.writeFile(file);

    const parsed = await read(file);
    expect([...parsed.sheets.keys()]).toEqual(['Passport data (ä)', 'empty']);
    expect(parsed.sheets.get('Passport data (ä)')?.rows).toEqual([
      { row: 5, cells: ['A-5', 'Beta'] },
      { row: 9, cells: [null, 'Hordeum'] },
    ]);
    expect(parsed.sheets.get('empty')).toEqual({ name: 'empty', header: [], rows: [] });
  });

  it('keeps multi-byte characters that straddle unzip chunks intact (exceljs streaming bug)', async () => {
    const names = Array.from({ length: 4000 }, (_, i) => `Grüße aus Köln ${i} — 東京 😀 ✓`);
    const shared = `${scratch.dir}/multibyte.xlsx`;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('DATA');
    sheet.addRow(['NAME']);
    for (const name of names) sheet.addRow([name]);
    await workbook.xlsx.writeFile(shared);
    // The streaming writer stores text in the sheet itself rather than in sharedStrings.xml.
    const inline = `${scratch.dir}/multibyte-inline.xlsx`;
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: inline, useSharedStrings: false });
    const streamed = writer.addWorksheet('DATA');
    streamed.addRow(['NAME']).commit();
    for (const name of names) streamed.addRow([name]).commit();
    streamed.commit();
    await writer.commit();

    for (const file of [shared, inline]) {
      const rows = (await sheetOf(file, 'DATA')).rows.map((r) => r.cells[0]);
      expect(rows.filter((text) => text?.includes('\ufffd'))).toEqual([]);
      expect(rows).toEqual(names);
    }
  });

  it('reports a workbook with no filled cell as empty', async () => {
    const file = `${scratch.dir}/blank.xlsx`;
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('DATA').getCell('A3').value = ' ';
    await workbook.xlsx.writeFile(file);
    await expectFileError(read(file), 'GENERIC_EMPTY_FILE');
  });
});

describe('a sheet with a million formatted but empty rows', () => {
  it('ends the sheet after 10,000 of them: the row below a million is not read, in seconds', async () => {
    // Written with exceljs' streaming writer: it omits rows without cells, so each empty row carries one
    // cell holding an empty string, every second one styled, as left behind by "format whole column".
    const file = `${scratch.dir}/million.xlsx`;
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
    const sheet = writer.addWorksheet('DATA');
    sheet.addRow(['ACCENUMB', 'GENUS', 'SPECIES']).commit();
    sheet.addRow(['A-1', 'Hordeum', 'vulgare']).commit();
    for (let i = 0; i < 1_000_000; i += 1) {
      const empty = sheet.addRow([]);
      const cell = empty.getCell(1 + (i % 3));
      cell.value = '';
      if (i % 2 === 0) cell.font = { bold: true };
      empty.commit();
    }
    sheet.addRow(['A-2', 'Beta', 'vulgaris']).commit();
    sheet.commit();
    await writer.commit();
    expect(countRowElements(file)).toBe(1_000_003);

    const started = Date.now();
    const parsed = await read(file);
    const seconds = (Date.now() - started) / 1000;
    // A run of 10,000 empty rows is the sheet's end (raw-rows.ts, EMPTY_RUN_LIMIT).
    expect(parsed.sheets.get('DATA')?.rows).toEqual([{ row: 2, cells: ['A-1', 'Hordeum', 'vulgare'] }]);
    expect(seconds).toBeLessThan(15);
    expect(process.memoryUsage().heapUsed).toBeLessThan(500 * MB);
  }, 120_000);
});

/** Counts <row> elements in the first sheet's XML. */
function countRowElements(file: string): number {
  const entries = unzipSync(fs.readFileSync(file), { filter: (f) => f.name === 'xl/worksheets/sheet1.xml' });
  const xml = entries['xl/worksheets/sheet1.xml'];
  let count = 0;
  const needle = Buffer.from('<row ');
  const buffer = Buffer.from(xml.buffer, xml.byteOffset, xml.length);
  for (let at = buffer.indexOf(needle); at >= 0; at = buffer.indexOf(needle, at + 1)) count += 1;
  return count;
}
