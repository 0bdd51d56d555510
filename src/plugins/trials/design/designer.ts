import { DESIGN_MESSAGES as M, message, type DesignMessage } from './messages.js';
import { MAX_PLOTS, MAX_POSITION, type DesignedPlot } from './plot.js';
import { seededRandom, shuffled } from '../../../core/random.js';

/** What the built-in field designer asks for. */
export interface DesignInput {
  /** Germplasm names, each tested once per block. */
  entries: readonly string[];
  /** Check varieties: repeated in every block, once each. */
  checks?: readonly string[];
  replicates: number;
  /** rcbd: randomised complete blocks, one per replicate; unreplicated: one block of every entry. */
  design: 'rcbd' | 'unreplicated';
  rows: number;
  columns: number;
  /** Number every other row from the right, so that plot numbers follow the way one walks the field. */
  serpentine: boolean;
  /** Same seed, same layout (src/core/random.ts). */
  seed: number;
}

export type DesignResult = { ok: true; plots: DesignedPlot[] } | { ok: false; problems: DesignMessage[] };

/**
 * The cell of a plot number (1-based) in a field `columns` wide: plots are numbered row by row from the
 * top left; with serpentine numbering every second row runs from right to left.
 */
export function cellOfPlot(plotNumber: number, columns: number, serpentine: boolean): { row: number; column: number } {
  const row = Math.floor((plotNumber - 1) / columns) + 1;
  const offset = (plotNumber - 1) % columns;
  const reversed = serpentine && row % 2 === 0;
  return { row, column: reversed ? columns - offset : offset + 1 };
}

/** Trimmed names without blanks, and the names given twice (ignoring case, as germplasm are matched). */
function cleanNames(names: readonly string[]): { names: string[]; repeated: string[] } {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === '') continue;
    const key = name.toLowerCase();
    if (seen.has(key)) repeated.add(name);
    else {
      seen.add(key);
      out.push(name);
    }
  }
  return { names: out, repeated: [...repeated] };
}

const isWhole = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** Every problem of the input, before anything is laid out. */
function inputProblems(input: DesignInput, entries: ReturnType<typeof cleanNames>, checks: ReturnType<typeof cleanNames>): DesignMessage[] {
  const problems: DesignMessage[] = [];
  if (entries.names.length === 0) problems.push(message(M.noEntries));
  for (const name of [...entries.repeated, ...checks.repeated]) problems.push(message(M.duplicateEntry, { name }));
  const entryKeys = new Set(entries.names.map((n) => n.toLowerCase()));
  for (const name of checks.names) if (entryKeys.has(name.toLowerCase())) problems.push(message(M.checkIsEntry, { name }));
  if (!isWhole(input.replicates, 1, MAX_PLOTS)) problems.push(message(M.replicates, { max: MAX_PLOTS }));
  else if (input.design === 'unreplicated' && input.replicates !== 1) problems.push(message(M.unreplicated));
  if (!isWhole(input.rows, 1, MAX_POSITION) || !isWhole(input.columns, 1, MAX_POSITION)) problems.push(message(M.fieldSize, { max: MAX_POSITION }));
  if (!Number.isSafeInteger(input.seed)) problems.push(message(M.seed));
  return problems;
}

/**
 * Lays out a trial. Each replicate is one block holding every entry and every check once, in its own
 * random order drawn from one seeded stream (so blocks differ, and the seed fixes them all); an
 * unreplicated design is a single such block. Blocks follow each other along the plot numbering, which
 * fills the field row by row from the top left (serpentine: every second row from the right); cells after
 * the last plot stay empty. Rep and block of a plot are both its replicate's number.
 */
export function designTrial(input: DesignInput): DesignResult {
  const entries = cleanNames(input.entries);
  const checks = cleanNames(input.checks ?? []);
  const problems = inputProblems(input, entries, checks);
  if (problems.length > 0) return { ok: false, problems };

  const blockSize = entries.names.length + checks.names.length;
  const blocks = input.replicates;
  const needed = blockSize * blocks;
  if (needed > MAX_PLOTS) return { ok: false, problems: [message(M.tooManyPlots, { needed, max: MAX_PLOTS })] };
  const available = input.rows * input.columns;
  if (needed > available) return { ok: false, problems: [message(M.tooFewCells, { needed, available, blocks, blockSize })] };

  const random = seededRandom(input.seed);
  const members = [...entries.names.map((name) => ({ name, isCheck: false })), ...checks.names.map((name) => ({ name, isCheck: true }))];
  const plots: DesignedPlot[] = [];
  for (let block = 1; block <= blocks; block += 1) {
    for (const member of shuffled(members, random)) {
      const plotNumber = plots.length + 1;
      const { row, column } = cellOfPlot(plotNumber, input.columns, input.serpentine);
      plots.push({ germplasm: member.name, rep: String(block), block: String(block), row, column, plotNumber, isCheck: member.isCheck });
    }
  }
  return { ok: true, plots };
}
