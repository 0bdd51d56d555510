/**
 * Flapjack's phenotype file of a genotype export (our addition, `dataset-<id>.phenotype`): the chosen traits'
 * values for the exported germplasm, so that Flapjack can sort and colour the lines by them. Layout:
 * `# fjFile = PHENOTYPE`, a header of an empty cell and the trait names, then one line per germplasm with at
 * least one value: its label (the genotype file's) and one cell per trait, empty where it has none; TAB
 * separated, LF line ends.
 *
 * A germplasm grown in several plots, trials or years has several values of a trait; the file holds one: the
 * mean of numeric values, else the value recorded most often (the first recorded of equally frequent ones).
 */

export interface PhenotypeTrait {
  id: number;
  name: string;
  datatype: string;
}

/** One trait's recorded values of one germplasm, as one value; null when none is usable. */
export function summarise(datatype: string, values: readonly string[]): string | null {
  const present = values.map((v) => v.trim()).filter((v) => v !== '');
  if (present.length === 0) return null;
  if (datatype === 'numeric') {
    const numbers = present.map(Number).filter((n) => Number.isFinite(n));
    if (numbers.length === 0) return null;
    const mean = numbers.reduce((sum, n) => sum + n, 0) / numbers.length;
    // Ten significant digits: enough for any measurement, without the float noise of a division.
    return String(Number(mean.toPrecision(10)));
  }
  // A Map keeps the order values were first recorded in: the first of equally frequent ones wins.
  const counts = new Map<string, number>();
  for (const value of present) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = present[0];
  for (const [value, count] of counts) if (count > (counts.get(best) ?? 0)) best = value;
  return best;
}

/** Tabs and line ends inside a cell would break the file's grid: they become spaces. */
const cell = (text: string): string => text.replace(/[\t\r\n]+/g, ' ');

/**
 * The file's text from summaries already made: `rows` in the genotype file's order, each a label and one
 * summary per trait (in `traits` order; null where it has none).
 */
export function summaryFile(traits: readonly PhenotypeTrait[], rows: Iterable<{ label: string; cells: readonly (string | null)[] }>): string {
  const lines = ['# fjFile = PHENOTYPE', ['', ...traits.map((t) => cell(t.name))].join('\t')];
  for (const { label, cells } of rows) {
    if (cells.every((value) => value === null)) continue;
    lines.push([cell(label), ...cells.map((value) => (value === null ? '' : cell(value)))].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The file's text: `rows` in the genotype file's order, each a label and, per trait (in `traits` order), the
 * recorded values to summarise.
 */
export function phenotypeFile(traits: readonly PhenotypeTrait[], rows: Iterable<{ label: string; values: ReadonlyMap<number, readonly string[]> }>): string {
  const summarised = [...rows].map((row) => ({ label: row.label, cells: traits.map((trait) => summarise(trait.datatype, row.values.get(trait.id) ?? [])) }));
  return summaryFile(traits, summarised);
}
