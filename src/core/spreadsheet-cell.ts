/**
 * Formula injection ("CSV injection"): a spreadsheet opening a tab- or comma-separated file runs a
 * cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula, so a
 * value someone typed into the database could fetch URLs or run commands on a reader's computer. The
 * usual rule: such a cell gets a leading single quote, which spreadsheets read as "this is text".
 * A number (`-3.5`, `+2`, `-1e-3`) is left as it is: it runs nothing, and must stay a number.
 * Used by every file written for spreadsheets (table exports, a chart's TSV download, import reports); files read by
 * programs (a chart's own data) keep their values exactly.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number as JavaScript and the databases print it. */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The text a spreadsheet cell should hold for `text`: unchanged, or with a leading `'` when it would run. */
export function spreadsheetText(text: string): string {
  return FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}
