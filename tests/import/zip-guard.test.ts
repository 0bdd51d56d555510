import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { readImportFile } from '../../src/server/import/read-file.js';
import { readZipDirectory } from '../../src/server/import/zip-guard.js';
import { expectFileError, MB, MCPD_XLSX, scratchDir } from './helpers.js';

const scratch = scratchDir();
afterAll(() => scratch.remove());

const read = (file: string, maxBytes = 100 * MB) => readImportFile(file, { maxBytes });

/** The smallest part list that gets past the "is this a workbook" check; contents are up to each test. */
function workbookParts(sheetXml: string | Uint8Array, workbookXml?: string): Zippable {
  return {
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'xl/workbook.xml': strToU8(
      workbookXml ??
        '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
          'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
          '<sheet name="DATA" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" ' +
        'Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': typeof sheetXml === 'string' ? strToU8(sheetXml) : sheetXml,
  };
}

const SHEET = (rows: string) =>
  `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

/** Rewrites the declared unpacked size of one member in both its local header and the directory. */
function lieAboutSize(zip: Uint8Array, name: string, size: number): Buffer {
  const buffer = Buffer.from(zip);
  for (const [signature, nameAt, sizeAt] of [
    [0x04034b50, 30, 22],
    [0x02014b50, 46, 24],
  ] as const) {
    for (let at = buffer.indexOf(Buffer.from([0x50, 0x4b])); at >= 0; at = buffer.indexOf(Buffer.from([0x50, 0x4b]), at + 1)) {
      if (buffer.readUInt32LE(at) !== signature) continue;
      const nameLength = buffer.readUInt16LE(at + (signature === 0x04034b50 ? 26 : 28));
      if (buffer.toString('utf8', at + nameAt, at + nameAt + nameLength) === name) buffer.writeUInt32LE(size, at + sizeAt);
    }
  }
  return buffer;
}

describe('a minimal hand-made workbook', () => {
  it('is readable, so the failures below are about what each test breaks', async () => {
    const file = scratch.file('minimal.xlsx', zipSync(workbookParts(SHEET('<row r="1"><c r="A1" t="inlineStr"><is><t>ACCENUMB</t></is></c></row><row r="2"><c r="A2"><v>7</v></c></row>'))));
    const parsed = await read(file);
    expect(parsed.sheets.get('DATA')).toEqual({ name: 'DATA', header: ['ACCENUMB'], rows: [{ row: 2, cells: ['7'] }] });
  });

  it('names a sheet whose relationship target is absolute (exceljs would call it "Sheet1")', async () => {
    const parts = workbookParts(SHEET('<row r="1"><c r="A1" t="inlineStr"><is><t>ACCENUMB</t></is></c></row>'));
    parts['xl/_rels/workbook.xml.rels'] = strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" ' +
        'Target="/xl/worksheets/sheet1.xml"/></Relationships>',
    );
    const parsed = await read(scratch.file('absolute.xlsx', zipSync(parts)));
    expect([...parsed.sheets.keys()]).toEqual(['DATA']);
  });
});

describe('corrupt workbooks', () => {
  it('refuses random bytes', async () => {
    const error = await expectFileError(read(scratch.file('random.xlsx', randomBytes(4096))), 'GENERIC_CORRUPT_FILE');
    expect(error.message).toContain('not a zip archive');
  });

  it('refuses a zip without the workbook parts', async () => {
    const file = scratch.file('not-a-workbook.xlsx', zipSync({ 'hello.txt': strToU8('hello') }));
    const error = await expectFileError(read(file), 'GENERIC_CORRUPT_FILE');
    expect(error.message).toContain('xl/workbook.xml');
  });

  it('refuses a truncated workbook', async () => {
    const bytes = fs.readFileSync(MCPD_XLSX);
    await expectFileError(read(scratch.file('truncated.xlsx', bytes.subarray(0, bytes.length / 2))), 'GENERIC_CORRUPT_FILE');
    await expectFileError(read(scratch.file('no-tail.xlsx', bytes.subarray(0, bytes.length - 30))), 'GENERIC_CORRUPT_FILE');
  });

  it('refuses damaged member data', async () => {
    const bytes = Buffer.from(fs.readFileSync(MCPD_XLSX));
    const { entries } = readZipDirectory(MCPD_XLSX);
    const sheet = entries.find((e) => e.name.startsWith('xl/worksheets/'));
    if (!sheet) throw new Error('no worksheet in the example');
    for (let i = 0; i < 64; i += 1) bytes[sheet.offset + 100 + i] ^= 0x5a;
    await expectFileError(read(scratch.file('damaged.xlsx', bytes)), 'GENERIC_CORRUPT_FILE');
  });

  it('refuses malformed XML without hanging', async () => {
    await expectFileError(read(scratch.file('bad-sheet.xlsx', zipSync(workbookParts('<worksheet><sheetData><row r="1"><c')))), 'GENERIC_CORRUPT_FILE');
    await expectFileError(read(scratch.file('bad-book.xlsx', zipSync(workbookParts(SHEET(''), '<workbook><sheets')))), 'GENERIC_CORRUPT_FILE');
  });

  it.runIf(fs.existsSync('/proc/self/fd'))('leaves no file handles open after failing half-way', async () => {
    // No shared strings part: exceljs would have parked the sheet in a temp file and kept its handle.
    const file = scratch.file('half.xlsx', zipSync(workbookParts('<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c')));
    await expectFileError(read(file), 'GENERIC_CORRUPT_FILE');
    const before = fs.readdirSync('/proc/self/fd').length;
    for (let i = 0; i < 20; i += 1) await expectFileError(read(file), 'GENERIC_CORRUPT_FILE');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.readdirSync('/proc/self/fd').length).toBeLessThanOrEqual(before);
  });

  it('refuses a compression method exceljs cannot unpack', async () => {
    const zip = Buffer.from(zipSync(workbookParts(SHEET('')), { level: 0 }));
    // Method field: local header +8, directory record +10; 14 = LZMA.
    for (let at = zip.indexOf('PK'); at >= 0; at = zip.indexOf('PK', at + 1)) {
      if (zip.readUInt32LE(at) === 0x04034b50) zip.writeUInt16LE(14, at + 8);
      if (zip.readUInt32LE(at) === 0x02014b50) zip.writeUInt16LE(14, at + 10);
    }
    const error = await expectFileError(read(scratch.file('lzma.xlsx', zip)), 'GENERIC_CORRUPT_FILE');
    expect(error.message).toContain('compression method');
  });
});

describe('zip bombs', () => {
  const zeros = (bytes: number) => new Uint8Array(bytes);

  it('refuses a workbook that unpacks to more than 20 times the upload limit', async () => {
    const file = scratch.file('bomb.xlsx', zipSync(workbookParts(zeros(2 * MB))));
    expect(fs.statSync(file).size).toBeLessThan(50 * 1024);
    const error = await expectFileError(read(file, 50 * 1024), 'GENERIC_ZIP_BOMB');
    expect(error.message).toContain('the limit is 1000 KB');
    expect(Number(error.issue.value)).toBeGreaterThan(2 * MB);
  });

  it('refuses a large member packed more than 200:1, whatever the upload limit', async () => {
    const file = scratch.file('ratio.xlsx', zipSync(workbookParts(zeros(11 * MB))));
    const error = await expectFileError(read(file, 1024 * MB), 'GENERIC_ZIP_BOMB');
    expect(error.message).toContain('xl/worksheets/sheet1.xml');
  });

  it('refuses a member that unpacks to more than its directory entry declares', async () => {
    const honest = zipSync(workbookParts(zeros(2 * MB)));
    const file = scratch.file('liar.xlsx', lieAboutSize(honest, 'xl/worksheets/sheet1.xml', 1000));
    expect(readZipDirectory(file).entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')?.size).toBe(1000);
    const error = await expectFileError(read(file, 1 * MB), 'GENERIC_ZIP_BOMB');
    expect(error.message).toContain('more than');
  });

  it('refuses overlapping members (the same data listed twice)', async () => {
    const zip = Buffer.from(zipSync(workbookParts(SHEET(''))));
    // Point the last directory record at the first member's local header.
    let last = -1;
    for (let at = zip.indexOf('PK'); at >= 0; at = zip.indexOf('PK', at + 1)) if (zip.readUInt32LE(at) === 0x02014b50) last = at;
    zip.writeUInt32LE(0, last + 42);
    await expectFileError(read(scratch.file('overlap.xlsx', zip)), 'GENERIC_ZIP_BOMB');
  });
});
