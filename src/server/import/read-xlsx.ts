import fs from 'node:fs';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { cleanCell } from './cells.js';
import { ImportFileError } from './file-error.js';
import { issue, type CellText, type ImportIssue, type ParsedFile } from './importer.js';
import { BytesRead, collectSheets, EmptyRun, isEmptyRow, type RawEvent } from './raw-rows.js';
import { SharedStrings, type SharedStringsOptions, type SharedStringValue } from './shared-strings.js';
import { checkDeclaredSizes, readZipDirectory, verifyMembers, type MemberSpan, type ZipDirectory } from './zip-guard.js';

/** The exceljs streaming reader's undocumented parts we rely on (exceljs 4.4). */
interface ReaderInternals {
  /** Indexed by the worksheet reader (`sharedStrings[n]`); when missing, worksheets wait in temp files. */
  sharedStrings?: Readonly<Record<string, SharedStringValue>>;
  model?: { sheets?: { name: string; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  properties?: { model?: { date1904?: boolean } };
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): unknown;
  /** With `sharedStrings: 'emit'`: yields each string with its index (and the reader drops what it yields). */
  _parseSharedStrings(entry: NodeJS.ReadableStream): AsyncGenerator<{ index: number; text: SharedStringValue }>;
  _parseWorkbook(entry: NodeJS.ReadableStream): unknown;
  _parseRels(entry: NodeJS.ReadableStream): unknown;
  _parseStyles(entry: NodeJS.ReadableStream): unknown;
}

/** What a streamed worksheet exposes at run time (exceljs' typings omit the name). */
interface SheetReaderInternals {
  id: number | string;
  name: string;
}

const REQUIRED_PARTS = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels'];

const corrupt = (reason: string) =>
  new ImportFileError('GENERIC_CORRUPT_FILE', `The file is not a valid Excel workbook (.xlsx): ${reason}.`);

/**
 * Every worksheet → a Sheet with its exact name; row 1 is the header, data rows keep their spreadsheet
 * numbers. Built on workbookRows, so a run of empty rows ends a sheet here too.
 */
export async function readWorkbook(file: string, maxBytes: number, log?: (line: string) => void): Promise<ParsedFile> {
  return { sheets: await collectSheets(workbookRows(file, maxBytes), log), kind: 'xlsx' };
}

/**
 * Streams a workbook's worksheets and rows in file order, holding no more than exceljs' current chunk and
 * the shared strings, kept as bytes (in a temporary file when large: shared-strings.ts). A run of
 * EMPTY_RUN_LIMIT empty rows (stored or not) ends a sheet: the rest of its XML is not even parsed. Problems
 * are thrown as ImportFileError: the file's structure before the first row, corruption where it is met,
 * formulas without a value and an empty workbook once every sheet was read.
 * `read` events count the worksheets' XML handed to exceljs against the sizes the zip declares for them
 * (the unzipper reads the compressed bytes well ahead of the rows, so they would tell little).
 */
export async function* workbookRows(file: string, maxBytes: number, strings: SharedStringsOptions = {}): AsyncGenerator<RawEvent> {
  const { directory, spans } = await checkWorkbook(file, maxBytes);

  // Our own stream, so that a workbook that fails half-way does not leave its file open.
  const input = streamInReadingOrder(file, spans, directory.directoryOffset);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    // Not 'cache': exceljs would hold every distinct text as a string (hundreds of MB in a large workbook).
    sharedStrings: 'emit',
    // Styles tell dates from numbers; hyperlinks are left as the cell's own text.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const internals = reader as unknown as ReaderInternals;
  const cut: SheetCut = { requested: false };
  const bytes = new BytesRead(worksheetBytes(directory));
  fixTextDecoding(internals, cut, bytes);
  const store = new SharedStrings(strings);
  keepSharedStrings(internals, store);
  // Set before any part is read: with no shared strings part exceljs would park every sheet in a temp file.
  internals.sharedStrings = store.asArrayLike();
  const read = new Set<string>();
  let hasContent = false;
  const formulas: ImportIssue[] = [];
  try {
    for await (const worksheet of reader) {
      const name = sheetName(internals, worksheet as unknown as SheetReaderInternals);
      const date1904 = internals.properties?.model?.date1904 === true;
      read.add(name);
      yield { type: 'sheet', name };
      const run = new EmptyRun();
      let last = 0;
      let ended = false;
      // Every row must be taken from exceljs (its unzip waits otherwise); after the end they are dropped.
      for await (const row of worksheet) {
        if (ended) continue;
        const cells: CellText[] = row.hasValues ? new Array<CellText>(row.cellCount).fill(null) : [];
        // Formatted empty rows arrive as rows without cells.
        if (row.hasValues) {
          row.eachCell({ includeEmpty: false }, (cell, column) => {
            const problem = formulaProblem(cell.value);
            if (problem) formulas.push(formulaIssue(name, row.number, column, problem));
            cells[column - 1] = cellValueText(cell.value, cell.numFmt, date1904);
          });
        }
        // Rows the file does not store (a gap in the numbers) are empty rows too.
        const gapEnds = run.addGap(row.number - last - 1);
        last = row.number;
        if (gapEnds || run.add(cells)) {
          ended = true;
          cut.requested = true;
          yield { type: 'ended', sheet: name, row: row.number };
          continue;
        }
        if (!isEmptyRow(cells)) hasContent = true;
        const fraction = bytes.take();
        if (fraction !== null) yield { type: 'read', fraction };
        yield { type: 'row', row: row.number, cells };
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    const reason = error instanceof Error ? error.message.split('\n')[0].slice(0, 200) : String(error);
    throw corrupt(`it cannot be read (${reason})`);
  } finally {
    input.destroy();
    store.close();
  }
  checkAllSheetsRead(internals, read);
  if (formulas.length > 0) {
    throw new ImportFileError('GENERIC_FORMULA_WITHOUT_VALUE', formulas[0].message, null, formulas);
  }
  if (!hasContent) throw new ImportFileError('GENERIC_EMPTY_FILE', 'The workbook has no filled cells.');
}

/** The zip's structure, checked before any row is read: required parts, declared sizes, members back to back. */
export async function checkWorkbook(file: string, maxBytes: number): Promise<{ directory: ZipDirectory; spans: MemberSpan[] }> {
  const directory = readZipDirectory(file);
  const names = new Set(directory.entries.map((e) => e.name));
  const missing = REQUIRED_PARTS.filter((part) => !names.has(part));
  if (missing.length > 0) throw corrupt(`the part ${missing.join(', ')} is missing`);
  checkDeclaredSizes(directory, maxBytes);
  return { directory, spans: await verifyMembers(file, directory) };
}

/** The parts exceljs reads as worksheets (its own pattern). */
const WORKSHEET_PART = /xl\/worksheets\/sheet\d+[.]xml$/;

/** The declared (uncompressed) size of every worksheet: how many bytes of XML the rows come from. */
function worksheetBytes(directory: ZipDirectory): number {
  return directory.entries.reduce((sum, entry) => sum + (WORKSHEET_PART.test(entry.name) ? entry.size : 0), 0);
}

/** Parts exceljs must have read before the first worksheet, in this order. */
const FIRST_PARTS = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/sharedStrings.xml'];

/**
 * The zip's bytes with workbook, relationships, styles and shared strings moved ahead of the worksheets.
 * Excel stores shared strings last, and exceljs copies every worksheet met before them to a temp file, which
 * stays behind (file and handle) when a sheet fails to parse. Members were checked to lie back to back.
 */
function streamInReadingOrder(file: string, spans: MemberSpan[], directoryOffset: number): Readable {
  const rank = (span: MemberSpan) => {
    const index = FIRST_PARTS.indexOf(span.entry.name);
    return index < 0 ? FIRST_PARTS.length : index;
  };
  const ordered = [...spans].sort((a, b) => rank(a) - rank(b) || a.offset - b.offset);
  async function* bytes(): AsyncGenerator<Buffer> {
    for (const span of ordered) yield* fs.createReadStream(file, { start: span.offset, end: span.end - 1 });
    // The central directory's signature tells the unzipper that the members are over.
    yield* fs.createReadStream(file, { start: directoryOffset });
  }
  return Readable.from(bytes(), { objectMode: false });
}

/** Set by the row loop when a run of empty rows ended the current sheet; the sheet's XML is then cut. */
interface SheetCut {
  requested: boolean;
}

/**
 * exceljs decodes each unzipped chunk separately, which breaks a multi-byte character that straddles two
 * chunks into "��" (exceljs issues #2063, #2316). Handing it text that a streaming decoder produced avoids it.
 */
function fixTextDecoding(reader: ReaderInternals, cut: SheetCut, bytes: BytesRead): void {
  const parseWorksheet = reader._parseWorksheet.bind(reader);
  reader._parseWorksheet = (iterator, sheetNo) => {
    cut.requested = false;
    return parseWorksheet(cutWhenAsked(decodeChunks(iterator, bytes), cut), sheetNo);
  };
  for (const method of ['_parseWorkbook', '_parseRels', '_parseStyles'] as const) {
    const original = reader[method].bind(reader);
    reader[method] = (entry) => original(entry.setEncoding('utf8'));
  }
}

/**
 * The shared strings go into our compact store as exceljs parses them (decoded as the other parts are), and
 * the worksheet reader looks each cell's string up there.
 */
function keepSharedStrings(reader: ReaderInternals, strings: SharedStrings): void {
  const parse = reader._parseSharedStrings.bind(reader);
  // exceljs `yield*`s from this generator; it passes nothing on (what it yields exceljs would drop anyway).
  // eslint-disable-next-line require-yield
  reader._parseSharedStrings = async function* (entry) {
    for await (const { text } of parse(entry.setEncoding('utf8'))) strings.add(text);
  };
}

/** Room for a tag name split between two chunks ("<ro" + "w "). */
const CARRY = 16;
const NEXT_ROW = /<row[\s>/]|<\/sheetData>/;

/**
 * Once a sheet has ended (a run of empty rows), the rows below are never handed to exceljs: the text up
 * to the next row's start completes the row being parsed, then the sheet is closed. The rest of the part
 * is still read (the unzipper needs it, and decodeChunks checks that it is whole) but not parsed.
 */
async function* cutWhenAsked(text: AsyncIterable<string>, cut: SheetCut): AsyncGenerator<string> {
  let state: 'pass' | 'seeking' | 'done' = 'pass';
  let carry = '';
  for await (const chunk of text) {
    if (state === 'pass' && cut.requested) state = 'seeking';
    if (state === 'pass') yield chunk;
    else if (state === 'seeking') {
      const pending = carry + chunk;
      const match = NEXT_ROW.exec(pending);
      if (match && match[0].startsWith('</')) {
        // The data ended on its own: nothing left to cut.
        yield pending;
        carry = '';
        state = 'pass';
        cut.requested = false;
      } else if (match) {
        yield `${pending.slice(0, match.index)}</sheetData></worksheet>`;
        carry = '';
        state = 'done';
      } else {
        yield pending.slice(0, Math.max(0, pending.length - CARRY));
        carry = pending.slice(Math.max(0, pending.length - CARRY));
      }
    }
  }
  if (carry) yield carry;
}

/**
 * Decodes a worksheet part across chunk edges. exceljs never tells its XML parser that the input ended, so a
 * sheet cut short would pass as a shorter sheet: we check that the root element closes.
 */
async function* decodeChunks(chunks: AsyncIterable<unknown>, bytes: BytesRead): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let tail = '';
  const pass = (text: string) => {
    tail = (tail + text).slice(-64);
    return text;
  };
  for await (const chunk of chunks) {
    if (typeof chunk === 'string') {
      bytes.add(Buffer.byteLength(chunk));
      yield pass(chunk);
    } else if (chunk instanceof Uint8Array) {
      bytes.add(chunk.length);
      yield pass(decoder.decode(chunk, { stream: true }));
    }
  }
  const rest = decoder.decode();
  if (rest) yield pass(rest);
  if (!/worksheet\s*>\s*$/.test(tail)) throw new Error('a worksheet ends before its closing tag');
}

/** exceljs only names a sheet whose relationship target is relative; some writers use "/xl/worksheets/…". */
function sheetName(reader: ReaderInternals, worksheet: SheetReaderInternals): string {
  const declared = reader.model?.sheets ?? [];
  if (declared.some((sheet) => sheet.name === worksheet.name)) return worksheet.name;
  const target = `worksheets/sheet${worksheet.id}.xml`;
  const rel = (reader.workbookRels ?? []).find((r) => normaliseTarget(r.Target) === target);
  const sheet = rel && declared.find((s) => s.rId === rel.Id);
  if (!sheet) throw corrupt(`the part xl/${target} is not listed in the workbook`);
  return sheet.name;
}

function normaliseTarget(target: string): string {
  return target.trim().replace(/^\/?xl\//, '').replace(/^\//, '');
}

/** A worksheet stored under a name exceljs does not look for would otherwise vanish without a word. */
function checkAllSheetsRead(reader: ReaderInternals, sheets: ReadonlySet<string>): void {
  const rels = new Map((reader.workbookRels ?? []).map((r) => [r.Id, normaliseTarget(r.Target)]));
  for (const sheet of reader.model?.sheets ?? []) {
    const target = rels.get(sheet.rId) ?? '';
    if (target.startsWith('worksheets/') && !sheets.has(sheet.name)) throw corrupt(`the sheet "${sheet.name}" cannot be read`);
  }
}

/**
 * Formulas are read as the result the spreadsheet program stored with them (as Germinate's reader does).
 * A formula without a stored result (files written by scripts, never opened in Excel) or with an error
 * result (#DIV/0!, #REF!) has no value we could import: it is reported, cell by cell, instead of read as empty.
 */
function formulaProblem(value: ExcelJS.CellValue | undefined): string | null {
  if (value === null || value === undefined || typeof value !== 'object' || value instanceof Date) return null;
  if (!('formula' in value) && !('sharedFormula' in value)) return null;
  const result: unknown = value.result;
  if (result === undefined || result === null) return 'has no stored result';
  if (typeof result === 'object' && result !== null && 'error' in result) return `results in ${String((result as { error: unknown }).error)}`;
  return null;
}

function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function formulaIssue(sheet: string, row: number, column: number, problem: string): ImportIssue {
  const cell = `${columnLetters(column)}${row}`;
  return issue('GENERIC_FORMULA_WITHOUT_VALUE', row, {
    sheet,
    column: cell,
    value: null,
    message: `The formula in ${sheet}!${cell} ${problem}: save the file from a spreadsheet program, or replace the formula by its value.`,
  });
}

/** Text of one cell value as Germinate's importers would see it (docs/import-templates.md, Reading cells). */
export function cellValueText(value: ExcelJS.CellValue | undefined, numFmt: string | undefined, date1904: boolean): CellText {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return cleanCell(value);
  if (typeof value === 'number') return plainNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return isoDate(value);
  if ('richText' in value) return cleanCell(value.richText.map((run) => run.text ?? '').join(''));
  if ('formula' in value || 'sharedFormula' in value) {
    const result: unknown = value.result;
    // The streaming reader leaves date-formatted formula results as serial numbers.
    if (typeof result === 'number' && isDateFormat(numFmt)) return isoDate(excelDate(result, date1904));
    return cellValueText(result as ExcelJS.CellValue | undefined, numFmt, date1904);
  }
  if ('error' in value) return null;
  if ('text' in value) return cellValueText(value.text as ExcelJS.CellValue, numFmt, date1904);
  return null;
}

/** Strips bracketed parts (colours, locales, elapsed time) and quoted literals, then looks for date letters. */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhs]/i.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

function isoDate(date: Date): CellText {
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Plain decimal text. Rounded to 15 significant digits as Excel shows it, so 0.1+0.2 reads "0.3"; exponent
 * notation is expanded for everyday magnitudes (JavaScript switches to it below 1e-6 and from 1e21).
 */
export function plainNumber(value: number): CellText {
  if (!Number.isFinite(value)) return null;
  const text = String(Number(value.toPrecision(15)));
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = '', exponentText] = match;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > 30) return text;
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
