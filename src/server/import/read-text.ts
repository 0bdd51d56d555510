import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import { once } from 'node:events';
import { CsvError, parse } from 'csv-parse';
import { cleanCell } from './cells.js';
import { ImportFileError } from './file-error.js';
import type { ParsedFile } from './importer.js';
import { BytesRead, collectSheets, EmptyRun, isEmptyRow, type RawEvent } from './raw-rows.js';

export type TextExtension = '.csv' | '.tsv' | '.txt';

/** Delimited text → one sheet named DATA; rows keep the line number they start on (header = 1). */
export async function readDelimitedText(file: string, extension: TextExtension, log?: (line: string) => void): Promise<ParsedFile> {
  return { sheets: await collectSheets(textRows(file, extension), log), kind: 'text' };
}

/** How much of the file's start is looked at to choose the delimiter (the header line). */
const HEADER_PEEK = 1024 * 1024;

/**
 * Streams delimited text as one sheet DATA, chunk by chunk: the bytes are checked to be UTF-8 as they
 * arrive, csv-parse splits them, and each record is cleaned and handed on. A run of EMPTY_RUN_LIMIT empty
 * lines ends the sheet: the rest of the file is not read. How far the file was read comes as `read` events.
 */
export async function* textRows(file: string, extension: TextExtension): AsyncGenerator<RawEvent> {
  const delimiter = chooseDelimiter(peek(file), extension);
  const stop = new AbortController();
  const parser = parse({
    delimiter,
    // Fixed rather than sniffed from line 1: files pasted together often mix Windows and Unix line ends.
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_quotes: true,
    relax_column_count: true,
    // Raw text lets us count line breaks ourselves: csv-parse's own line counter counts "\r\n" inside
    // quoted fields twice.
    raw: true,
    // Empty lines are skipped by csv-parse and counted from the next record's raw text: as records they
    // cost an error object each (their length differs from the header's), 90 µs a line.
    skip_empty_lines: true,
  });
  const bytes = new BytesRead(fs.statSync(file).size);
  const feeding = feed(file, parser, bytes, stop.signal).catch((error: unknown) => parser.destroy(error as Error));
  let line = 1;
  let hasContent = false;
  let skippedBefore = 0;
  const run = new EmptyRun();
  yield { type: 'sheet', name: 'DATA' };
  try {
    let ended = false;
    for await (const item of parser) {
      const { record, raw } = item as { record: string[]; raw: string };
      // The empty lines csv-parse skipped before this record lead its raw text.
      const skipped = leadingLineBreaks(raw);
      skippedBefore += skipped;
      const left = run.left();
      if (skipped >= left) {
        yield { type: 'ended', sheet: 'DATA', row: line + left - 1 };
        ended = true;
        break;
      }
      run.addGap(skipped);
      const at = line + skipped;
      const cells = record.map(cleanCell);
      if (run.add(cells)) {
        yield { type: 'ended', sheet: 'DATA', row: at };
        ended = true;
        break;
      }
      if (!isEmptyRow(cells)) hasContent = true;
      const fraction = bytes.take();
      if (fraction !== null) yield { type: 'read', fraction };
      yield { type: 'row', row: at, cells };
      line += countLineBreaks(raw);
    }
    // A run at the file's end has no record after it: csv-parse counted its lines.
    const trailing = (parser.info.empty_lines ?? 0) - skippedBefore;
    if (!ended && trailing >= run.left()) yield { type: 'ended', sheet: 'DATA', row: line + run.left() - 1 };
  } catch (error) {
    if (error instanceof CsvError) {
      throw new ImportFileError('GENERIC_CORRUPT_FILE', `The text file cannot be read from line ${line} on: ${error.message}`);
    }
    throw error;
  } finally {
    stop.abort();
    parser.destroy();
    await feeding;
  }
  if (!hasContent) throw new ImportFileError('GENERIC_EMPTY_FILE', 'The file is empty: it has no header line.');
}

/**
 * Reads the file into the parser, checking UTF-8 across chunk edges; stops when the reader is done. The
 * parser takes a chunk only when it has room, so the bytes counted here run at most a chunk ahead of the rows.
 */
async function feed(file: string, parser: ReturnType<typeof parse>, bytes: BytesRead, signal: AbortSignal): Promise<void> {
  const check = new Utf8Check();
  const input = fs.createReadStream(file, { signal });
  try {
    for await (const chunk of input) {
      bytes.add((chunk as Buffer).length);
      const body = check.next(chunk as Buffer);
      if (body.length > 0 && !parser.write(body)) await once(parser, 'drain', { signal });
    }
    check.end();
    parser.end();
  } catch (error) {
    if (signal.aborted) return;
    throw error;
  } finally {
    input.destroy();
  }
}

function peek(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_PEEK);
    const read = fs.readSync(fd, buffer, 0, HEADER_PEEK, 0);
    const bytes = buffer.subarray(0, read);
    return UTF8_BOM.every((b, i) => bytes[i] === b) ? bytes.subarray(3) : bytes;
  } finally {
    fs.closeSync(fd);
  }
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

/** Line breaks before the first other character (csv-parse keeps one byte of a skipped "\r\n"). */
function leadingLineBreaks(raw: string): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 1) {
    const c = raw.charCodeAt(i);
    if (c === 0x0d) {
      count += 1;
      if (raw.charCodeAt(i + 1) === 0x0a) i += 1;
    } else if (c === 0x0a) count += 1;
    else break;
  }
  return count;
}

/**
 * Checks UTF-8 chunk by chunk (a character may straddle two chunks: its start waits for the next chunk),
 * drops a leading byte order mark, and refuses UTF-16 and bytes that are not UTF-8 with the line they are on.
 */
class Utf8Check {
  private first = true;
  private held: Buffer = Buffer.alloc(0);
  private lines = 0;

  next(chunk: Buffer): Buffer {
    let bytes: Buffer = this.held.length > 0 ? Buffer.concat([this.held, chunk]) : chunk;
    if (this.first) {
      if (bytes.length < 3) {
        this.held = bytes;
        return Buffer.alloc(0);
      }
      this.first = false;
      if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
        throw new ImportFileError(
          'GENERIC_INVALID_ENCODING',
          'The file is UTF-16 encoded; it must be UTF-8. Save it again as "CSV UTF-8" or "Text (UTF-8)".',
          'UTF-16',
        );
      }
      if (UTF8_BOM.every((b, i) => bytes[i] === b)) bytes = bytes.subarray(3);
    }
    // Hold back an incomplete character at the end (at most 3 bytes) for the next chunk.
    const cut = completeLength(bytes);
    this.held = Buffer.from(bytes.subarray(cut));
    const body = bytes.subarray(0, cut);
    this.verify(body);
    this.lines += countNewlines(body, body.length);
    return body;
  }

  end(): void {
    if (this.first && this.held.length > 0) {
      this.first = false;
      const rest = this.held;
      this.held = Buffer.alloc(0);
      this.next(rest);
    }
    if (this.held.length > 0) this.verify(this.held);
  }

  private verify(body: Buffer): void {
    const bad = isUtf8(body) ? body.indexOf(0) : firstInvalidUtf8(body);
    if (bad < 0) return;
    const lineNumber = this.lines + countNewlines(body, bad) + 1;
    const byte = `0x${body[bad].toString(16).toUpperCase().padStart(2, '0')}`;
    throw new ImportFileError(
      'GENERIC_INVALID_ENCODING',
      `The file must be UTF-8 encoded text; line ${lineNumber} contains the byte ${byte}, which is not valid UTF-8 ` +
        '(often a file saved as Latin-1/Windows-1252 or UTF-16). Save it again as "CSV UTF-8" or "Text (UTF-8)".',
      byte,
    );
  }
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Length of the bytes up to a character that starts but does not end in them (a lead byte near the end). */
function completeLength(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const b = bytes[bytes.length - back];
    if (b < 0x80) return bytes.length;
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return back < need ? bytes.length - back : bytes.length;
    }
  }
  return bytes.length;
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
