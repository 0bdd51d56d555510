import type { Filter } from '../../core/table-request.js';

/**
 * The search term's rules and the filters a term becomes. Germinate's search sends each section's table its
 * searchable columns as `contains` filters joined by 'or' ('%' is the wildcard inside a term). Kept free of
 * React, so the rules are tested under Node and shared by the pane and the palette.
 */

/** Longest term searched: longer text is pasted by mistake, and every character is one more LIKE step per row. */
export const MAX_TERM_LENGTH = 100;
/** Fewest characters besides the wildcard: one letter would match nearly every row of every table. */
export const MIN_TERM_LENGTH = 2;

export type TermProblem = 'tooShort' | 'onlyWildcard' | 'tooLong';

/** The message key of each problem (search.term.*). */
export const TERM_PROBLEM_KEYS: Record<TermProblem, string> = {
  tooShort: 'search.term.tooShort',
  onlyWildcard: 'search.term.onlyWildcard',
  tooLong: 'search.term.tooLong',
};

export type TermCheck = { ok: true; term: string } | { ok: false; problem: TermProblem };

/** Whether a term may be searched: trimmed, not only '%', at least two other characters, at most MAX_TERM_LENGTH. */
export function checkTerm(raw: string): TermCheck {
  const term = raw.trim();
  if (term.length > MAX_TERM_LENGTH) return { ok: false, problem: 'tooLong' };
  if (term !== '' && /^[%\s]+$/.test(term)) return { ok: false, problem: 'onlyWildcard' };
  if (term.replace(/%/g, '').length < MIN_TERM_LENGTH) return { ok: false, problem: 'tooShort' };
  return { ok: true, term };
}

// Letters, then an optional space or hyphen, then a number: how genebank numbers are written ('PI 557821',
// 'PI557821', 'CGN-12345'). The rest after the first digit is kept as it is.
const GENEBANK_NUMBER = /^([A-Za-z]{1,12})(?:\s+|-)?(\d\S*)$/;

/**
 * The spellings a genebank number comes in: the term as typed, with one space between prefix and number,
 * and without it. Any other term is only itself. Each spelling is one more `contains` on the same indexed
 * columns, so the search stays index-served whichever spelling is stored.
 */
export function spellingVariants(term: string): string[] {
  const match = GENEBANK_NUMBER.exec(term.trim());
  if (!match) return [term.trim()];
  const [, prefix, number] = match;
  return [...new Set([term.trim(), `${prefix} ${number}`, `${prefix}${number}`])];
}

/**
 * A section's search as filters: `contains` the term on each column, joined by 'or'; on the columns that hold
 * names and numbers every spelling of a genebank number. The last filter is joined by 'and', so a filter the
 * user adds after them narrows the search instead of widening it.
 */
export function searchFilters(term: string, columns: readonly string[], variantColumns: readonly string[] = []): Filter[] {
  const spellings = spellingVariants(term);
  const filters: Filter[] = [];
  for (const column of columns) {
    const values = variantColumns.includes(column) ? spellings : [term.trim()];
    for (const value of values) filters.push({ column, comparator: 'contains', operator: 'or', values: [value] });
  }
  if (filters.length > 0) filters[filters.length - 1] = { ...filters[filters.length - 1], operator: 'and' };
  return filters;
}
