import { DESIGN_MESSAGES as M, message, type DesignMessage } from './messages.js';

/** Delimited text (CSV, TSV, semicolon lists) as records with the line each starts on. */

export type Delimiter = '\t' | ',' | ';';

export interface TextRecord {
  /** 1-based line of the text where the record starts. */
  line: number;
  /** Fields, trimmed. */
  fields: string[];
}

/**
 * The delimiter of a text: a tab if any line holds one (a spreadsheet's copy, a TSV file); otherwise a
 * semicolon when the first non-blank line holds one (spreadsheets in locales with a decimal comma);
 * otherwise a comma.
 */
export function detectDelimiter(text: string): Delimiter {
  if (text.includes('\t')) return '\t';
  const first = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== '') ?? '';
  return first.includes(';') ? ';' : ',';
}

/**
 * Records of a delimited text. A field may be quoted ("a, b"; "" is a quote inside), and a quoted field
 * may span lines. Records whose fields are all blank are skipped; a byte-order mark is ignored. A quote
 * left open at the end is one problem naming the line where its record starts.
 */
export function readRecords(text: string, delimiter: Delimiter): { records: TextRecord[]; problems: DesignMessage[] } {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: TextRecord[] = [];
  const problems: DesignMessage[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  let line = 1;
  let recordLine = 1;

  const endField = () => {
    fields.push(field.trim());
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    if (fields.some((f) => f !== '')) records.push({ line: recordLine, fields });
    fields = [];
  };

  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n' || (ch === '\r' && source[i + 1] !== '\n')) line += 1;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted && field.trim() === '') {
      field = '';
      quoted = true;
      fieldStarted = true;
    } else if (ch === delimiter) endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += ch;
      if (ch.trim() !== '') fieldStarted = true;
    }
  }
  if (quoted) problems.push(message(M.unclosedQuote, { line: recordLine }));
  endRecord();
  return { records, problems };
}
