import { parseDecimal } from '../../../../server/import/values.js';
import type { GenotypeReader } from '../genotype-source.js';
import { openFlatText } from './flat-text.js';
import type { CallReader } from './germplasm-rows.js';
import { ownText } from './lines.js';

/** A frequency as written, when it is a number from 0 to 1; '' when empty (text files and workbooks alike). */
export const frequencyCall: CallReader = (text, line, column, log) => {
  const clean = text === undefined ? '' : text.trim();
  if (clean === '') return '';
  const value = parseDecimal(clean);
  if (value !== null && value >= 0 && value <= 1) return ownText(clean);
  log.add('GENERIC_INVALID_NUMBER', line, { column, value: clean, message: `${column}: ${clean} (an allele frequency is a number from 0 to 1)` });
  return null;
};

/**
 * Germinate's allele frequency source (tab-separated; a header of a first cell and the marker names, then one
 * line per germplasm with frequencies between 0 and 1): a germplasm-rows reader whose calls are the numbers
 * as written ('' where empty). A value that is not a number, or lies outside 0..1, is reported with its line
 * and marker, and its line is not yielded.
 */
export function openAlleleFrequency(file: string): Promise<GenotypeReader> {
  return openFlatText(file, frequencyCall);
}
