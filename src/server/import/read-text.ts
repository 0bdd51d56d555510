import { isUtf8 } from 'node:buffer';
import { CsvError, parse } from 'csv-parse/sync';
import { cleanCell, SheetBuilder } from './cells.js';
import { ImportFileError } from './file-error.js';
import type { ParsedFile } from './importer.js';

export type TextExtension = '.csv' | '.tsv' | '.txt';

/** Delimited text → one sheet named DATA; rows keep the line number they start on (header = 1). */
export function readDelimitedText(bytes: Buffer, extension: TextExtension): ParsedFile {
  const body = checkUtf8(bytes);
  const delimiter = chooseDelimiter(body, extension);
  const sheet = new SheetBuilder('DATA');
  let line = 1;
  try {
    // Given bytes, csv-parse decodes field by field: no second copy of the whole file as a string.
    parse(body, {
      delimiter,
      // Fixed rather than sniffed from line 1: files pasted together often mix Windows and Unix line ends.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      // Raw text lets us count line breaks ourselves: csv-parse's own line counter counts "\r\n" inside
      // quoted fields twice.
      raw: true,
      // With `raw`, csv-parse hands over { record, raw } here instead of the bare record.
      on_record: (item: unknown) => {
        const { record, raw } = item as { record: string[]; raw: string };
        sheet.add(line, record.map(cleanCell));
        line += countLineBreaks(raw);
        // Nothing is collected by csv-parse: the sheet already holds the cleaned row.
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) {
      throw new ImportFileError('GENERIC_CORRUPT_FILE', `The text file cannot be read from line ${line} on: ${error.message}`);
    }
    throw error;
  }
  if (!sheet.hasContent) throw new ImportFileError('GENERIC_EMPTY_FILE', 'The file is empty: it has no header line.');
  return { sheets: new Map([['DATA', sheet.build()]]), kind: 'text' };
}

/** `.txt` is Germinate's tab-separated export, but people also save comma-separated text under that name. */
function chooseDelimiter(body: Buffer, extension: TextExtension): string {
  if (extension === '.csv') return ',';
  if (extension === '.tsv') return '\t';
  const ends = [body.indexOf(0x0a), body.indexOf(0x0d)].filter((i) => i >= 0);
  const header = ends.length > 0 ? body.subarray(0, Math.min(...ends)) : body;
  return header.includes(0x09) ? '\t' : ',';
}

function countLineBreaks(raw: string): number {
  return raw.match(/\r\n|\r|\n/g)?.length ?? 0;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The bytes after any UTF-8 byte order mark, once they are known to be UTF-8. */
function checkUtf8(bytes: Buffer): Buffer {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new ImportFileError(
      'GENERIC_INVALID_ENCODING',
      'The file is UTF-16 encoded; it must be UTF-8. Save it again as "CSV UTF-8" or "Text (UTF-8)".',
      'UTF-16',
    );
  }
  const body = UTF8_BOM.every((b, i) => bytes[i] === b) ? bytes.subarray(3) : bytes;
  const bad = isUtf8(body) ? body.indexOf(0) : firstInvalidUtf8(body);
  if (bad >= 0) {
    const lineNumber = countNewlines(body, bad) + 1;
    const byte = `0x${body[bad].toString(16).toUpperCase().padStart(2, '0')}`;
    throw new ImportFileError(
      'GENERIC_INVALID_ENCODING',
      `The file must be UTF-8 encoded text; line ${lineNumber} contains the byte ${byte}, which is not valid UTF-8 ` +
        '(often a file saved as Latin-1/Windows-1252 or UTF-16). Save it again as "CSV UTF-8" or "Text (UTF-8)".',
      byte,
    );
  }
  return body;
}

function countNewlines(bytes: Buffer, end: number): number {
  let count = 0;
  for (let i = bytes.indexOf(0x0a); i >= 0 && i < end; i = bytes.indexOf(0x0a, i + 1)) count += 1;
  return count;
}

/**
 * Offset of the first byte that breaks UTF-8 (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF), or of the
 * first NUL (valid UTF-8, but in a text file it means UTF-16 without a byte order mark); -1 when clean.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b === 0) return i;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let need: number;
    let min = 0x80;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) min = 0xa0;
      if (b === 0xed) max = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) min = 0x90;
      if (b === 0xf4) max = 0x8f;
    } else return i;
    // Only the second byte has the narrowed range; the rest are plain continuation bytes.
    for (let k = 1; k <= need; k += 1) {
      const c = bytes[i + k];
      const lo = k === 1 ? min : 0x80;
      const hi = k === 1 ? max : 0xbf;
      if (c === undefined || c < lo || c > hi) return i;
    }
    i += need + 1;
  }
  return -1;
}
