import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_FILE_STATUSES, readImportFile } from '../../src/server/import/read-file.js';
import type { Sheet } from '../../src/server/import/importer.js';
import { expectFileError, MB, PASSPORT_TSV, scratchDir } from './helpers.js';

const scratch = scratchDir();
afterAll(() => scratch.remove());

const read = (file: string, maxBytes = 10 * MB) => readImportFile(file, { maxBytes });
const dataSheet = async (file: string): Promise<Sheet> => {
  const parsed = await read(file);
  expect(parsed.kind).toBe('text');
  expect([...parsed.sheets.keys()]).toEqual(['DATA']);
  return parsed.sheets.get('DATA') as Sheet;
};
/** Cells of one data row by header name, for readable assertions. */
const byHeader = (sheet: Sheet, row: number) => {
  const found = sheet.rows.find((r) => r.row === row);
  if (!found) throw new Error(`no row ${row}`);
  return Object.fromEntries(sheet.header.map((h, i) => [h, found.cells[i]]));
};

describe('real delimited file (Genesys CWR passport data, TSV)', () => {
  it('reads every row and column with exact values', async () => {
    const sheet = await dataSheet(PASSPORT_TSV);
    expect(sheet.header).toHaveLength(41);
    expect(sheet.header.slice(0, 3)).toEqual(['PUID', 'INSTCODE', 'ACCENUMB']);
    expect(sheet.header.at(-1)).toBe('REMARKS');
    expect(sheet.rows).toHaveLength(3022);
    expect(sheet.rows[0].row).toBe(2);
    expect(sheet.rows.at(-1)?.row).toBe(3023);
    expect(sheet.rows.every((r) => r.cells.length === 41)).toBe(true);

    const first = byHeader(sheet, 2);
    expect(first).toMatchObject({ PUID: null, INSTCODE: 'USA022', ACCENUMB: 'PI 504217', GENUS: 'Beta', ACQDATE: '19860325', DECLATITUDE: '40.56666667' });
    // Partial MCPD dates stay text, umlauts survive, stray quotes inside a field are kept.
    expect(byHeader(sheet, 2172)).toMatchObject({ ACCENUMB: 'PI 633150', COLLDATE: '199801--' });
    expect(byHeader(sheet, 582).COLLSITE).toBe('Jemna, ca. 15 km nördlich vonDouz, Nefzaoua, Südtunesien');
    expect(byHeader(sheet, 588).COLLSITE).toBe('Ponza (LT), aufgegebener Garten, in der Nähe vom Hotel "Cernia"');
    expect(byHeader(sheet, 3023)).toMatchObject({ ACCENUMB: '27245', COLLSITE: 'Mount Hermon', COLLDATE: '20160617' });
  });
});

describe('delimited text', () => {
  it('handles quoted commas, doubled quotes and quoted line breaks, numbering rows by their first line', async () => {
    const file = scratch.file(
      'quoted.csv',
      'ACCENUMB,NAME,REMARKS\nA-1,"Smith, John","He said ""hi"""\nA-2,"two\nlines",x\r\nA-3,plain,"a\r\nb"\nA-4,last,\n',
    );
    const sheet = await dataSheet(file);
    expect(sheet.header).toEqual(['ACCENUMB', 'NAME', 'REMARKS']);
    expect(sheet.rows).toEqual([
      { row: 2, cells: ['A-1', 'Smith, John', 'He said "hi"'] },
      // Line breaks inside a cell become one space (Germinate's cell rule).
      { row: 3, cells: ['A-2', 'two lines', 'x'] },
      { row: 5, cells: ['A-3', 'plain', 'a b'] },
      { row: 7, cells: ['A-4', 'last', null] },
    ]);
  });

  it('strips a UTF-8 byte order mark', async () => {
    const file = scratch.file('bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('ACCENUMB,GENUS\nA-1,Grüße\n')]));
    const sheet = await dataSheet(file);
    expect(sheet.header).toEqual(['ACCENUMB', 'GENUS']);
    expect(sheet.rows[0].cells).toEqual(['A-1', 'Grüße']);
  });

  it('pads short rows with nulls and keeps filled cells past the header', async () => {
    const sheet = await dataSheet(scratch.file('short.csv', 'A,B,C,D\n1\n1,2\n1,2,3,4,5\n'));
    expect(sheet.rows.map((r) => r.cells)).toEqual([
      ['1', null, null, null],
      ['1', '2', null, null],
      ['1', '2', '3', '4', '5'],
    ]);
  });

  it('applies the cell rules and skips rows with nothing in them', async () => {
    const sheet = await dataSheet(scratch.file('cells.csv', 'A,B,C\n\u00a0x\u00a0y\u00a0,  ,\t\n,,\n\n   ,\u00a0\n z ,,\n'));
    expect(sheet.rows).toEqual([
      { row: 2, cells: ['x y', null, null] },
      { row: 6, cells: ['z', null, null] },
    ]);
  });

  it('tolerates a quote in the middle of a field', async () => {
    const sheet = await dataSheet(scratch.file('stray.csv', 'A,B\n12" pot,"quoted"\nsaid "yes",2\n'));
    expect(sheet.rows.map((r) => r.cells)).toEqual([
      ['12" pot', 'quoted'],
      ['said "yes"', '2'],
    ]);
  });

  it('picks the delimiter by extension, and for .txt by the header line', async () => {
    expect((await dataSheet(scratch.file('tabs.txt', 'A\tB\nx, y\tz\n'))).rows[0].cells).toEqual(['x, y', 'z']);
    expect((await dataSheet(scratch.file('commas.txt', 'A,B\nx\ty,z\n'))).rows[0].cells).toEqual(['x\ty', 'z']);
    expect((await dataSheet(scratch.file('tabs.tsv', 'A,B\tC\n1,2\t3\n'))).header).toEqual(['A,B', 'C']);
    expect((await dataSheet(scratch.file('semi.csv', 'A;B,C\n1;2,3\n'))).header).toEqual(['A;B', 'C']);
  });

  it('parses a header-only file to zero rows (the importer decides what that means)', async () => {
    const sheet = await dataSheet(scratch.file('header-only.csv', 'ACCENUMB,GENUS\n'));
    expect(sheet.header).toEqual(['ACCENUMB', 'GENUS']);
    expect(sheet.rows).toEqual([]);
    expect((await dataSheet(scratch.file('header-no-newline.tsv', 'ACCENUMB\tGENUS'))).rows).toEqual([]);
  });

  it('reads mixed line endings, numbering lines as editors do', async () => {
    const sheet = await dataSheet(scratch.file('mixed.csv', 'A,B\r\n1,2\n3,"x\r\ny"\r4,5\r\n6,7'));
    expect(sheet.rows).toEqual([
      { row: 2, cells: ['1', '2'] },
      { row: 3, cells: ['3', 'x y'] },
      { row: 5, cells: ['4', '5'] },
      { row: 6, cells: ['6', '7'] },
    ]);
  });

  it('reads old Mac line endings (CR only)', async () => {
    const sheet = await dataSheet(scratch.file('cr.csv', 'A,B\r1,2\r3,4\r'));
    expect(sheet.rows).toEqual([
      { row: 2, cells: ['1', '2'] },
      { row: 3, cells: ['3', '4'] },
    ]);
  });

  it('uses the original name for the type: uploads are stored under generated names', async () => {
    const file = scratch.file('upload-1234.tmp', 'A\tB\n1\t2\n');
    const parsed = await readImportFile(file, { maxBytes: MB, originalName: 'Passport Data.TSV' });
    expect(parsed.sheets.get('DATA')?.rows[0].cells).toEqual(['1', '2']);
  });

  it('reports a quote that is never closed, with the line it starts on', async () => {
    const error = await expectFileError(read(scratch.file('open-quote.csv', 'A,B\n1,2\n3,"never closed\n4,5\n')), 'GENERIC_CORRUPT_FILE');
    expect(error.message).toContain('line 3');
  });
});

describe('file safety', () => {
  it('lists every file status, each with a message in every locale', () => {
    expect([...IMPORT_FILE_STATUSES].sort()).toEqual([
      'GENERIC_CORRUPT_FILE',
      'GENERIC_EMPTY_FILE',
      'GENERIC_FILE_NOT_FOUND',
      'GENERIC_FILE_TOO_LARGE',
      'GENERIC_FORMULA_WITHOUT_VALUE',
      'GENERIC_INVALID_ENCODING',
      'GENERIC_INVALID_FILE_TYPE',
      'GENERIC_ZIP_BOMB',
    ]);
    for (const locale of ['en_GB', 'de_DE']) {
      const messages = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../locales', `${locale}.json`), 'utf8')) as Record<string, string>;
      for (const status of IMPORT_FILE_STATUSES) expect(messages[`importStatus.${status}`], `${locale} ${status}`).toBeTruthy();
    }
  });

  it('reports a missing file or a folder as not found', async () => {
    const error = await expectFileError(read(path.join(scratch.dir, 'nope.csv')), 'GENERIC_FILE_NOT_FOUND');
    expect(error.issue.value).toBe('nope.csv');
    const folder = path.join(scratch.dir, 'folder.csv');
    fs.mkdirSync(folder);
    await expectFileError(read(folder), 'GENERIC_FILE_NOT_FOUND');
  });

  it('reports empty files: no bytes, only a byte order mark, only blank lines', async () => {
    await expectFileError(read(scratch.file('empty.csv', '')), 'GENERIC_EMPTY_FILE');
    await expectFileError(read(scratch.file('bom-only.csv', Buffer.from([0xef, 0xbb, 0xbf]))), 'GENERIC_EMPTY_FILE');
    await expectFileError(read(scratch.file('blank.txt', '\n \r\n\t\n')), 'GENERIC_EMPTY_FILE');
    await expectFileError(read(scratch.file('commas-only.csv', ',,\n,,\n')), 'GENERIC_EMPTY_FILE');
  });

  it('numbers rows after empty lines by their line (LF, CRLF, CR) and ends the sheet at a trailing run of 10,000', async () => {
    const sheet = await dataSheet(scratch.file('gaps.txt', 'A\tB\r\n\r\n\r\nx\t"q\r\nr"\r\n\ny\t1\r\rz\t2\n'));
    expect(sheet.rows).toEqual([
      { row: 4, cells: ['x', 'q r'] },
      { row: 7, cells: ['y', '1'] },
      { row: 9, cells: ['z', '2'] },
    ]);
    const lines: string[] = [];
    const parsed = await readImportFile(scratch.file('trailing.txt', `A\tB\nx\t1\n${'\n'.repeat(20_000)}`), { maxBytes: 10 * MB, log: (line) => lines.push(line) });
    expect(parsed.sheets.get('DATA')?.rows).toEqual([{ row: 2, cells: ['x', '1'] }]);
    expect(lines).toEqual([expect.stringMatching(/^DATA: reading stopped at row 10002, after 10,000 empty rows/)]);
  });

  it('refuses a file over the size limit before reading it, naming size and limit', async () => {
    const file = scratch.file('big.csv', 'A,B\n' + '1,2\n'.repeat(1000));
    const size = fs.statSync(file).size;
    const error = await expectFileError(read(file, 2048), 'GENERIC_FILE_TOO_LARGE');
    expect(error.issue.value).toBe(String(size));
    expect(error.message).toContain(`${size.toLocaleString('en-GB')} bytes`);
    expect(error.message).toContain('2,048 bytes');
    expect((await read(file, size)).sheets.get('DATA')?.rows).toHaveLength(1000);
  });

  it('refuses extensions it cannot read or the importer does not accept', async () => {
    const pdf = await expectFileError(read(scratch.file('passport.pdf', 'A,B\n')), 'GENERIC_INVALID_FILE_TYPE');
    expect(pdf.issue.value).toBe('.pdf');
    expect(pdf.message).toContain('.xlsx, .txt, .tsv, .csv');
    const none = await expectFileError(read(scratch.file('noextension', 'A,B\n')), 'GENERIC_INVALID_FILE_TYPE');
    expect(none.issue.value).toBe('');
    const csv = scratch.file('ok.csv', 'A,B\n');
    const onlyXlsx = await expectFileError(readImportFile(csv, { maxBytes: MB, extensions: ['.xlsx'] }), 'GENERIC_INVALID_FILE_TYPE');
    expect(onlyXlsx.message).toContain('.xlsx');
  });

  it('refuses Latin-1 text, naming UTF-8, the line and the byte', async () => {
    const latin1 = Buffer.concat([Buffer.from('ACCENUMB,COLLSITE\nA-1,Berlin\nA-2,N'), Buffer.from([0xe4]), Buffer.from('he Halle\n')]);
    const error = await expectFileError(read(scratch.file('latin1.csv', latin1)), 'GENERIC_INVALID_ENCODING');
    expect(error.message).toContain('UTF-8');
    expect(error.message).toContain('line 3');
    expect(error.issue.value).toBe('0xE4');
  });

  it('refuses UTF-16, with or without a byte order mark', async () => {
    const text = 'ACCENUMB\tGENUS\nA-1\tBeta\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le.subarray(0)).swap16();
    for (const bytes of [le, be]) {
      const error = await expectFileError(read(scratch.file('utf16.txt', bytes)), 'GENERIC_INVALID_ENCODING');
      expect(error.message).toContain('UTF-8');
    }
    await expectFileError(read(scratch.file('utf16-nobom.txt', Buffer.from(text, 'utf16le'))), 'GENERIC_INVALID_ENCODING');
  });

  it('refuses overlong and surrogate UTF-8 sequences that lenient decoders would accept', async () => {
    await expectFileError(read(scratch.file('overlong.csv', Buffer.from([0x41, 0x0a, 0xc0, 0xaf, 0x0a]))), 'GENERIC_INVALID_ENCODING');
    await expectFileError(read(scratch.file('surrogate.csv', Buffer.from([0x41, 0x0a, 0xed, 0xa0, 0x80, 0x0a]))), 'GENERIC_INVALID_ENCODING');
  });
});
