import type { Kysely } from 'kysely';
import { serverPlugins } from '../../src/plugins/server.js';
import { mcpdImporter } from '../../src/plugins/germplasm/import/mcpd-importer.js';
import type { Database } from '../../src/server/db/database.js';
import { runImport, type ImportRunResult } from '../../src/server/import/pipeline.js';
import { mcpdFile } from '../import/mcpd-fixtures.js';

/**
 * Generated allele-frequency files for the allelefreq server tests: germplasm AF-G1 … AF-G12 (AF-G2 with the
 * display name "Freq two"), markers AF_M1 … with chromosomes and positions on all but every fifth (the third of each five), and
 * frequencies from a fixed-seed generator, written with various decimals, some empty, some exactly on bin
 * edges (0, 0.25, 0.29, 0.5, 1).
 */

export const GERMPLASM = Array.from({ length: 12 }, (_, i) => `AF-G${i + 1}`);
export const DISPLAY_NAMES: Record<string, string> = { 'AF-G2': 'Freq two' };
export const importers = serverPlugins.flatMap((p) => p.importers ?? []);

/** The germplasm above as passports (MCPD), in the caller's database. */
export async function seedGermplasm(database: Database): Promise<void> {
  const rows = GERMPLASM.map((name) => ({ ACCENUMB: name, INSTCODE: 'XXX001', GENUS: 'Hordeum', ...(DISPLAY_NAMES[name] ? { ACCENAME: DISPLAY_NAMES[name] } : {}) }));
  await database.db.transaction().execute((trx) => mcpdImporter.write(mcpdFile(rows), { db: trx, dialect: database.dialect }, { update: false, now: new Date() }));
}

/** A small linear congruential generator: the same numbers on every run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const EDGE_VALUES = ['0', '0.25', '0.29', '0.5', '1', '0.75', '0.05'];

export interface FrequencyMatrix {
  markers: string[];
  chromosomes: string[];
  positions: string[];
  rows: [name: string, cells: string[]][];
}

/** A matrix of `markers` columns over the given germplasm, cells as written in the file. */
export function frequencyMatrix(germplasm: readonly string[], markers: number, seed = 7, prefix = 'AF_M'): FrequencyMatrix {
  const next = generator(seed);
  const names = Array.from({ length: markers }, (_, i) => `${prefix}${i + 1}`);
  const cell = () => {
    const r = next();
    if (r < 0.1) return '';
    if (r < 0.25) return EDGE_VALUES[Math.floor(next() * EDGE_VALUES.length)];
    return next().toFixed(1 + Math.floor(next() * 4));
  };
  return {
    markers: names,
    chromosomes: names.map((_, i) => (i % 5 === 2 ? '' : `${1 + (i % 3)}H`)),
    positions: names.map((_, i) => (i % 5 === 2 ? '' : String(i * 2.5))),
    rows: germplasm.map((name) => [name, names.map(cell)]),
  };
}

/** The matrix as Germinate's flat text: `#` lines, the map rows (when `map`), the marker row, the lines. */
export function frequencyText(matrix: FrequencyMatrix, head: { dataset?: string; map?: string; markerType?: string; withMap?: boolean } = {}): string {
  const lines: string[] = [];
  if (head.dataset) lines.push(`# dataset = ${head.dataset}`);
  if (head.map) lines.push(`# map = ${head.map}`);
  if (head.markerType) lines.push(`# markerType = ${head.markerType}`);
  if (head.withMap) {
    lines.push(['Linkage Group / Chromosome', ...matrix.chromosomes].join('\t'));
    lines.push(['Position', ...matrix.positions].join('\t'));
  }
  lines.push(['Lines/Markers', ...matrix.markers].join('\t'));
  for (const [name, cells] of matrix.rows) lines.push([name, ...cells].join('\t'));
  return `${lines.join('\n')}\n`;
}

/** Runs an allele-frequency import (check and write) of a file on disk. */
export function importFrequencies(
  database: Database,
  dataDir: string,
  file: string,
  extra: { originalName?: string; userId?: number | null; datasetStateId?: number; beforeCommit?: () => Promise<void> } = {},
): Promise<ImportRunResult> {
  return runImport(database, importers, { file, originalName: extra.originalName, type: 'allelefreq', update: false, checkOnly: false }, {
    maxBytes: 64 * 1024 * 1024, now: new Date('2026-01-01T00:00:00Z'), dataDir, userId: extra.userId ?? null, datasetStateId: extra.datasetStateId,
    beforeCommit: extra.beforeCommit ? async () => extra.beforeCommit?.() : undefined,
  });
}

export const rawDb = (database: Database) => database.db as unknown as Kysely<unknown>;
