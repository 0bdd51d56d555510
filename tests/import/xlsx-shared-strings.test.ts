import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import type { CellText } from '../../src/server/import/importer.js';
import { readImportFile } from '../../src/server/import/read-file.js';
import { cellValueText, workbookRows } from '../../src/server/import/read-xlsx.js';
import type { SharedStringsOptions } from '../../src/server/import/shared-strings.js';
import { MB, scratchDir } from './helpers.js';

/**
 * The streaming reader keeps a workbook's shared strings as bytes (spilling to a temporary file when large)
 * instead of exceljs' array of strings. What it reads must not change: every cell is compared with exceljs'
 * non-streaming reader of the same file, whose workbook holds every value as it is.
 */

const scratch = scratchDir();
afterAll(() => scratch.remove());

/** Rows by sheet and spreadsheet row number, each without its trailing empty cells; empty rows left out. */
type Rows = Record<string, Record<number, CellText[]>>;

function trimmed(cells: CellText[]): CellText[] {
  const out = Array.from(cells, (cell) => cell ?? null);
  while (out.length > 0 && out[out.length - 1] === null) out.pop();
  return out;
}

/** The reference: exceljs' document reader (the whole workbook in memory), through the same cell rule. */
async function referenceRows(file: string): Promise<Rows> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const date1904 = workbook.properties.date1904 === true;
  const rows: Rows = {};
  for (const sheet of workbook.worksheets) {
    const sheetRows: Record<number, CellText[]> = {};
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      const cells: CellText[] = [];
      row.eachCell({ includeEmpty: false }, (cell, column) => {
        cells[column - 1] = cellValueText(cell.value, cell.numFmt, date1904);
      });
      const kept = trimmed(cells);
      if (kept.length > 0) sheetRows[number] = kept;
    });
    rows[sheet.name] = sheetRows;
  }
  return rows;
}

/** Ours: the streaming reader's row events. */
async function streamedRows(file: string, strings?: SharedStringsOptions): Promise<Rows> {
  const rows: Rows = {};
  let sheet = '';
  for await (const event of workbookRows(file, 100 * MB, strings)) {
    if (event.type === 'sheet') rows[(sheet = event.name)] = {};
    if (event.type !== 'row') continue;
    const kept = trimmed(event.cells);
    if (kept.length > 0) rows[sheet][event.row] = kept;
  }
  return rows;
}

/** Reads `file` with the default store and with one spilled to disk at once; both must equal the reference. */
async function expectSameAsReference(file: string): Promise<Rows> {
  const reference = await referenceRows(file);
  expect(await streamedRows(file)).toEqual(reference);
  let spills = 0;
  const spilled = await streamedRows(file, { memoryBytes: 0, dir: scratch.dir, onSpill: () => (spills += 1) });
  expect(spills).toBe(1);
  expect(spilled).toEqual(reference);
  return reference;
}

const NON_ASCII = ['Gerste ß', 'Orge – d’hiver', '大麦', 'ячмень', 'κριθάρι', 'שעורה', 'e\u0301pi', '🌾 Ähre', 'Maíz y Trigo'];

describe('workbooks with many distinct shared strings', () => {
  it('reads every cell as exceljs\' document reader does: plain, rich, empty and non-ASCII text, in memory and spilled', async () => {
    const file = `${scratch.dir}/many-strings.xlsx`;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('DATA');
    sheet.addRow(['ACCENUMB', 'ACCENAME', 'REMARKS', 'GENUS', 'ELEVATION']);
    const rows = 20_000;
    for (let n = 1; n <= rows; n += 1) {
      const word = NON_ASCII[n % NON_ASCII.length];
      const remarks: ExcelJS.CellValue =
        n % 5 === 0
          ? { richText: [{ text: `${word} `, font: { bold: true } }, { text: `${n}`, font: { italic: true } }] }
          : n % 7 === 0
            ? ''
            : n % 97 === 0
              ? `${word} `.repeat(3000)
              : `  ${word}\n${n}\u00a0`;
      // The same genus over and over (one shared string), as real files repeat text.
      sheet.addRow([`ACC-${n}`, `${word} ${n}`, remarks, n % 3 === 0 ? 'Hordeum' : 'Triticum', n]);
    }
    // A second sheet shares the same table of strings.
    const other = workbook.addWorksheet('METADATA');
    other.addRow(['LABEL', 'VALUE']);
    other.addRow(['Title', 'ACC-20000']);
    other.addRow(['Note', { richText: [{ text: '大' }, { text: '' }, { text: '麦' }] }]);
    await workbook.xlsx.writeFile(file);

    const reference = await expectSameAsReference(file);
    // The reference is itself right (so that two readers agreeing means something).
    expect(Object.keys(reference.DATA)).toHaveLength(rows + 1);
    expect(reference.DATA[1]).toEqual(['ACCENUMB', 'ACCENAME', 'REMARKS', 'GENUS', 'ELEVATION']);
    expect(reference.DATA[6]).toEqual(['ACC-5', `${NON_ASCII[5]} 5`, `${NON_ASCII[5]} 5`, 'Triticum', '5']);
    expect(reference.DATA[8]).toEqual(['ACC-7', `${NON_ASCII[7]} 7`, null, 'Triticum', '7']);
    expect(reference.DATA[3]).toEqual(['ACC-2', `${NON_ASCII[2]} 2`, `${NON_ASCII[2]} 2`, 'Triticum', '2']);
    expect(reference.METADATA[3]).toEqual(['Note', '大麦']);

    // And through the reader imports use.
    const parsed = await readImportFile(file, { maxBytes: 100 * MB });
    const data = parsed.sheets.get('DATA');
    expect(data?.rows).toHaveLength(rows);
    for (const row of data?.rows ?? []) expect(trimmed(row.cells)).toEqual(reference.DATA[row.row]);
  });
});

/** The parts of a minimal workbook, with the shared strings table and sheet given as XML. */
function handWrittenWorkbook(sharedStrings: string, sheetData: string): Uint8Array {
  const ns = 'http://schemas.openxmlformats.org';
  return zipSync({
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="DATA" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`,
    ),
    // Last, as Excel stores it: the reader must still have it before the rows.
    'xl/sharedStrings.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${ns}/spreadsheetml/2006/main">${sharedStrings}</sst>`),
  });
}

describe('shared strings as other programs write them', () => {
  it('reads empty items, rich runs, entities, spaces and long and non-ASCII text like the document reader', async () => {
    const items = [
      '<si><t>NAME</t></si>',
      '<si/>',
      '<si><t/></si>',
      '<si><t xml:space="preserve">   </t></si>',
      '<si><r><rPr><b/><sz val="11"/><rFont val="Calibri"/></rPr><t>Hor</t></r><r><t xml:space="preserve">de um</t></r></si>',
      '<si><r><t/></r><r><rPr><i/></rPr><t>Beta</t></r></si>',
      '<si><t>&lt;Ziel&gt; &amp; &quot;Quelle&quot; &#x1F33E; &#228;</t></si>',
      `<si><t>${'Öl und Äpfel '.repeat(12_000)}Ende</t></si>`,
      ...NON_ASCII.map((word) => `<si><t>${word}</t></si>`),
      '<si><t>two\nlines</t></si>',
    ];
    // Row n holds string n - 1 in A and its number in B, so an empty string still leaves a row to compare.
    const rows = items.map((_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i}</v></c><c r="B${i + 1}"><v>${i}</v></c></row>`);
    const file = scratch.file('hand-written.xlsx', handWrittenWorkbook(items.join(''), rows.join('')));

    const reference = await expectSameAsReference(file);
    const column = Object.values(reference.DATA).map((cells) => cells[0] ?? null);
    expect(column.slice(0, 7)).toEqual(['NAME', null, null, null, 'Horde um', 'Beta', '<Ziel> & "Quelle" 🌾 ä']);
    expect(column[7]).toBe(`${'Öl und Äpfel '.repeat(12_000)}Ende`);
    expect(column.slice(8, 8 + NON_ASCII.length)).toEqual(NON_ASCII.map((word) => word.trim()));
    expect(column.at(-1)).toBe('two lines');
  });
});
