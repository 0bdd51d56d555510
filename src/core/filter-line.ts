import type { Comparator } from './table-types.js';
import type { Filter } from './table-request.js';

/**
 * The keyboard filter line: `column operator value` clauses joined by `and` / `or`, e.g.
 * `genus = Hordeum and name contains CACTUAR-21`. It compiles to the same filter list as the filter
 * modal, where each filter's operator joins it to the next. Values with spaces are quoted ("a b").
 */

export interface LineColumn {
  id: string;
  title: string;
}

/** Operator words and signs, longest first so `>=` wins over `>`. */
const OPERATORS: readonly (readonly [string, Comparator])[] = [
  ['is not empty', 'isNotNull'],
  ['is empty', 'isNull'],
  ['contains', 'contains'],
  ['between', 'between'],
  ['equals', 'equals'],
  ['in', 'inSet'],
  ['is', 'equals'],
  ['>=', 'greaterOrEquals'],
  ['<=', 'lessOrEquals'],
  ['==', 'equals'],
  ['=', 'equals'],
  ['~', 'contains'],
  ['>', 'greaterThan'],
  ['<', 'lessThan'],
];

/** What the completion offers after a column. */
export const OPERATOR_WORDS: readonly string[] = ['=', 'contains', 'between', 'in', '>', '>=', '<', '<=', 'is empty', 'is not empty'];

export type LineErrorCode = 'unknownColumn' | 'missingOperator' | 'missingValue' | 'missingJoin' | 'unclosedQuote';

export interface LineError {
  code: LineErrorCode;
  /** The text the error is about, for the message. */
  text: string;
  /** Where it is in the line (start inclusive, end exclusive), to mark it inline. */
  start: number;
  end: number;
}

export type LineResult = { ok: true; filters: Filter[] } | { ok: false; error: LineError };

interface Token {
  text: string;
  start: number;
  end: number;
  quoted: boolean;
}

function tokenize(line: string): Token[] | LineError {
  const tokens: Token[] = [];
  const pattern = /"([^"]*)("?)|[^\s"]+/g;
  for (let match = pattern.exec(line); match !== null; match = pattern.exec(line)) {
    const quoted = match[0].startsWith('"');
    if (quoted && match[2] !== '"') return { code: 'unclosedQuote', text: match[0], start: match.index, end: line.length };
    tokens.push({ text: quoted ? match[1] : match[0], start: match.index, end: match.index + match[0].length, quoted });
  }
  return tokens;
}

const lower = (token: Token | undefined) => (token && !token.quoted ? token.text.toLowerCase() : null);
const isJoin = (token: Token | undefined) => lower(token) === 'and' || lower(token) === 'or';

/** The longest run of words from `at` that names a column (by title or id, any case). */
function readColumn(tokens: readonly Token[], at: number, columns: readonly LineColumn[]) {
  for (let length = tokens.length - at; length >= 1; length--) {
    const words = tokens.slice(at, at + length).map((token) => token.text.toLowerCase()).join(' ');
    const column = columns.find((c) => c.title.toLowerCase() === words || c.id.toLowerCase() === words);
    if (column) return { column, next: at + length };
  }
  return null;
}

function readOperator(tokens: readonly Token[], at: number) {
  for (const [words, comparator] of OPERATORS) {
    const parts = words.split(' ');
    if (parts.every((part, i) => lower(tokens[at + i]) === part)) return { comparator, next: at + parts.length };
  }
  return null;
}

/** Value words up to the next `and` / `or` (a quoted "and" is a value). */
function readValue(tokens: readonly Token[], at: number) {
  let end = at;
  while (end < tokens.length && !isJoin(tokens[end])) end++;
  return { words: tokens.slice(at, end), next: end };
}

export function parseFilterLine(line: string, columns: readonly LineColumn[]): LineResult {
  const tokens = tokenize(line);
  if (!Array.isArray(tokens)) return { ok: false, error: tokens };
  const filters: Filter[] = [];
  let at = 0;
  const fail = (code: LineErrorCode, from: Token | undefined, to: Token | undefined = from): LineResult => ({
    ok: false,
    error: { code, text: from ? line.slice(from.start, (to ?? from).end) : '', start: from?.start ?? line.length, end: (to ?? from)?.end ?? line.length },
  });
  while (at < tokens.length) {
    const named = readColumn(tokens, at, columns);
    if (!named) return fail('unknownColumn', tokens[at], readValue(tokens, at).words.at(-1) ?? tokens[at]);
    const operator = readOperator(tokens, named.next);
    if (!operator) return fail('missingOperator', tokens[named.next] ?? tokens[named.next - 1]);
    at = operator.next;
    let values: string[] = [];
    if (operator.comparator === 'between') {
      const low = tokens[at];
      if (!low || isJoin(low)) return fail('missingValue', tokens[at - 1]);
      if (lower(tokens[at + 1]) !== 'and' || !tokens[at + 2]) return fail('missingValue', low);
      values = [low.text, tokens[at + 2].text];
      at += 3;
    } else if (operator.comparator !== 'isNull' && operator.comparator !== 'isNotNull') {
      const value = readValue(tokens, at);
      if (value.words.length === 0) return fail('missingValue', tokens[at - 1]);
      const text = value.words.map((token) => token.text).join(' ');
      values = operator.comparator === 'inSet' ? text.split(',').map((v) => v.trim()).filter((v) => v !== '') : [text];
      at = value.next;
    }
    const join = tokens[at];
    if (join !== undefined && !isJoin(join)) return fail('missingJoin', join);
    if (join !== undefined && tokens[at + 1] === undefined) return fail('unknownColumn', join);
    filters.push({ column: named.column.id, comparator: operator.comparator, operator: lower(join) === 'or' ? 'or' : 'and', values });
    at += join === undefined ? 0 : 1;
  }
  return { ok: true, filters };
}

/** What the word being typed at the end of the line is: a column, an operator, a value or a join. */
export type Completing =
  | { kind: 'column'; prefix: string; options: string[] }
  | { kind: 'operator'; prefix: string; options: string[] }
  | { kind: 'value'; prefix: string; column: LineColumn }
  | { kind: 'join'; prefix: string; options: string[] };

export function completing(line: string, columns: readonly LineColumn[]): Completing {
  const open = /(?:^|\s)("?[^\s"]*)$/.exec(line);
  const prefix = (open?.[1] ?? '').replace(/^"/, '');
  const before = line.slice(0, line.length - (open?.[1].length ?? 0));
  const tokens = tokenize(before);
  const list = Array.isArray(tokens) ? tokens : [];
  // Shortest first: what was typed is then most of the first choice, so Tab takes the likely one.
  const starts = (options: readonly string[]) =>
    options.filter((o) => o.toLowerCase().startsWith(prefix.toLowerCase())).sort((a, b) => a.length - b.length);
  // Find the clause being typed: after the last join that is not a `between`'s "and".
  let at = 0;
  let state: Completing = { kind: 'column', prefix, options: starts(columns.map((c) => c.title)) };
  while (at < list.length) {
    const named = readColumn(list, at, columns);
    if (!named) return state;
    const operator = readOperator(list, named.next);
    if (!operator) return { kind: 'operator', prefix, options: starts(OPERATOR_WORDS) };
    at = operator.next;
    if (operator.comparator === 'isNull' || operator.comparator === 'isNotNull') {
      state = { kind: 'join', prefix, options: starts(['and', 'or']) };
    } else {
      const value = readValue(list, at);
      if (value.next === list.length) {
        return value.words.length === 0 ? { kind: 'value', prefix, column: named.column } : { kind: 'join', prefix, options: starts(['and', 'or']) };
      }
      at = value.next;
    }
    if (at < list.length && isJoin(list[at])) {
      at++;
      state = { kind: 'column', prefix, options: starts(columns.map((c) => c.title)) };
    }
  }
  return state;
}

/** The line with its last word replaced by a completion (quoted when it has spaces) and a space after. */
export function complete(line: string, choice: string): string {
  const open = /(?:^|\s)("?[^\s"]*)$/.exec(line);
  const head = line.slice(0, line.length - (open?.[1].length ?? 0));
  return `${head}${/\s/.test(choice) && !/^[a-z]+( [a-z]+)*$/.test(choice) ? `"${choice}"` : choice} `;
}

/** A filter list as a line (for editing filters that came from the modal or a link), or null. */
export function formatFilterLine(filters: readonly Filter[], columns: readonly LineColumn[]): string | null {
  const words: string[] = [];
  const quote = (value: unknown) => (/[\s"]|^(and|or)$/i.test(String(value)) ? `"${String(value)}"` : String(value));
  for (const [index, filter] of filters.entries()) {
    const column = columns.find((c) => c.id === filter.column);
    const sign = OPERATORS.find(([, comparator]) => comparator === filter.comparator)?.[0];
    if (!column || !sign || filter.comparator === 'jsonSearch' || filter.comparator === 'arrayContains') return null;
    const values = filter.values ?? [];
    const title = /\s/.test(column.title) ? column.id : column.title;
    const value =
      filter.comparator === 'between'
        ? `${quote(values[0])} and ${quote(values[1])}`
        : filter.comparator === 'inSet'
          ? values.map((v) => String(v)).join(', ')
          : values.length > 0
            ? quote(values[0])
            : '';
    words.push([title, filter.comparator === 'equals' ? '=' : sign, value].filter((w) => w !== '').join(' '));
    if (index < filters.length - 1) words.push(String(filter.operator ?? 'and').toLowerCase() === 'or' ? 'or' : 'and');
  }
  return words.join(' ');
}
