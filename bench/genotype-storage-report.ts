import type { GenotypeOrientation } from '../src/plugins/genotypes/import/genotype-source.js';
import type { Candidate, ChildResult } from './genotype-storage-child.js';
import { report } from './measure.js';

/** The genotype storage benchmark's tables and verdict, from the figures bench/genotype-storage.ts measured. */

export type Direction = 'flapjack' | 'hapmap';

export interface SubsetFigures {
  /** Median of the rounds. */
  ms: number;
  /** Median time to read the subset's lines without writing text. */
  readMs: number;
  bytes: number;
  /** Highest of the rounds. */
  peakKiB: number;
}

export interface CandidateFigures {
  candidate: Candidate;
  label: string;
  /** Per arrival order; `bytes` is the stored files' size (for `source`, the calls read). */
  write: Record<GenotypeOrientation, ChildResult>;
  /** Bytes of each file written germplasm by germplasm (HDF5: the matrix and its transposed copy). */
  files: number[];
  subset: Partial<Record<Direction, SubsetFigures>>;
}

export interface Flatness {
  candidate: Candidate;
  orientation: GenotypeOrientation;
  calls: number[];
  peakKiB: number[];
}

export interface GenotypeReport {
  calls: number;
  subset: { germplasm: number; markers: number };
  figures: CandidateFigures[];
  /** fs.copyFile of the same number of bytes as each direction's text, ms. */
  copies: Map<Direction, number>;
  flatness: Flatness[];
}

const ORIENTATIONS: { orientation: GenotypeOrientation; name: string }[] = [
  { orientation: 'germplasm-rows', name: 'by germplasm' },
  { orientation: 'marker-rows', name: 'by marker' },
];
const DIRECTIONS: { direction: Direction; name: string }[] = [
  { direction: 'flapjack', name: 'Flapjack' },
  { direction: 'hapmap', name: 'HapMap' },
];

const mib = (kib: number) => (kib / 1024).toFixed(0);
const seconds = (ms: number) => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);
const mcallsPerSecond = (calls: number, ms: number) => calls / ms / 1000;
const mbPerSecond = (bytes: number, ms: number) => bytes / ms / 1000;
const times = (ratio: number) => `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(1)}×`;
const cell = (text: string, width: number) => text.padStart(width);
/** 10^7 for a power of ten, else 2.5e+7. */
const power = (calls: number) => (Number.isInteger(Math.log10(calls)) ? `10^${Math.log10(calls)}` : calls.toExponential(1));

function printWrites(r: GenotypeReport): void {
  console.log(`\n  import (write)                          ${ORIENTATIONS.map((o) => `${o.name.padEnd(30)}`).join('')}stored`);
  console.log(`  ${'candidate'.padEnd(38)}${ORIENTATIONS.map(() => `${cell('Mcalls/s', 9)}${cell('peak MiB', 10)}${cell('s', 8)}   `).join('')}${cell('bytes', 14)}${cell('bytes/call', 12)}`);
  for (const f of r.figures) {
    const columns = ORIENTATIONS.map(({ orientation }) => {
      const w = f.write[orientation];
      return `${cell(mcallsPerSecond(r.calls, w.ms).toFixed(1), 9)}${cell(mib(w.peakKiB), 10)}${cell(seconds(w.ms), 8)}   `;
    }).join('');
    const stored = f.candidate === 'source' ? `${cell('–', 14)}${cell('–', 12)}` : `${cell(f.write['germplasm-rows'].bytes.toLocaleString('en'), 14)}${cell((f.write['germplasm-rows'].bytes / r.calls).toFixed(3), 12)}`;
    console.log(`  ${f.label.padEnd(38)}${columns}${stored}`);
  }
  const stored = r.figures.filter((f) => f.candidate !== 'source');
  const split = stored.filter((f) => f.files.length > 1).map((f) => `${f.label}: ${f.files.map((b) => b.toLocaleString('en')).join(' + ')}`);
  const byMarker = stored.map((f) => `${f.label}: ${f.write['marker-rows'].bytes.toLocaleString('en')}`);
  console.log(`  (stored: as written by germplasm; HDF5 is DataMatrix + its transposed copy — ${split.join('; ')}. Written by marker — ${byMarker.join('; ')}.)`);
}

function printSubsets(r: GenotypeReport): void {
  const head = `  subset export ${r.subset.germplasm.toLocaleString('en')} × ${r.subset.markers.toLocaleString('en')}`;
  console.log(`\n${head.padEnd(40)}${DIRECTIONS.map((d) => `${d.name} (${d.direction === 'flapjack' ? 'germplasm' : 'marker'}-major)`.padEnd(45)).join('')}`);
  console.log(`  ${'candidate'.padEnd(38)}${DIRECTIONS.map(() => `${cell('s', 7)}${cell('read s', 8)}${cell('MB/s', 8)}${cell('÷ copy', 8)}${cell('peak MiB', 10)}    `).join('')}`);
  const copyColumns = DIRECTIONS.map(({ direction }) => {
    const ms = r.copies.get(direction) ?? NaN;
    const bytes = r.figures[0]?.subset[direction]?.bytes ?? NaN;
    return `${cell(seconds(ms), 7)}${cell('–', 8)}${cell(mbPerSecond(bytes, ms).toFixed(0), 8)}${cell('1.00', 8)}${cell('–', 10)}    `;
  }).join('');
  console.log(`  ${'fs.copyFile of the same bytes'.padEnd(38)}${copyColumns}`);
  for (const f of r.figures) {
    const columns = DIRECTIONS.map(({ direction }) => {
      const s = f.subset[direction];
      if (!s) return `${cell('–', 41)}    `;
      const ratio = (r.copies.get(direction) ?? NaN) / s.ms;
      return `${cell(seconds(s.ms), 7)}${cell(seconds(s.readMs), 8)}${cell(mbPerSecond(s.bytes, s.ms).toFixed(0), 8)}${cell(ratio.toFixed(2), 8)}${cell(mib(s.peakKiB), 10)}    `;
    }).join('');
    console.log(`  ${f.label.padEnd(38)}${columns}`);
  }
  const bytes = DIRECTIONS.map(({ direction, name }) => `${name} ${(r.figures[0]?.subset[direction]?.bytes ?? 0).toLocaleString('en')} bytes`);
  console.log(`  (texts into a temporary file: ${bytes.join(', ')}, each checked against the generated calls, from the files written in both orders; read s = the subset's`);
  console.log('   lines read and dropped, no text: the storage\'s share of the export)');
}

function printGoals(r: GenotypeReport): void {
  console.log('');
  const ours = r.figures.find((f) => f.candidate === 'ours-1');
  if (ours) {
    for (const { direction, name } of DIRECTIONS) {
      const s = ours.subset[direction];
      const copy = r.copies.get(direction);
      if (!s || copy === undefined) continue;
      const ratio = copy / s.ms;
      report(`genotypes: ${name} export ÷ copy (ours, level 1)`, `${mbPerSecond(s.bytes, s.ms).toFixed(0)} MB/s`, `${mbPerSecond(s.bytes, copy).toFixed(0)} MB/s`, ratio, '≥ 0.3×', ratio >= 0.3);
    }
  }
  for (const f of r.flatness) {
    const [small, large] = f.peakKiB;
    const ratio = large / small;
    const name = ORIENTATIONS.find((o) => o.orientation === f.orientation)?.name ?? f.orientation;
    const figure = `write peak ${power(f.calls[1])} ÷ ${power(f.calls[0])} calls, ${name}`;
    if (f.candidate === 'ours-1') report(`genotypes: ${figure}`, `${mib(large)} MiB`, `${mib(small)} MiB`, ratio, 'flat ≤ 1.5×', ratio <= 1.5);
    else console.log(`  for comparison, ${r.figures.find((x) => x.candidate === f.candidate)?.label ?? f.candidate}: ${figure} = ${mib(large)} ÷ ${mib(small)} MiB = ${ratio.toFixed(2)}`);
  }
}

interface Criterion {
  name: string;
  /** The figure's name in the comparison of ours with HDF5. */
  figure: string;
  /** Lower is better. */
  score: (f: CandidateFigures) => number;
  show: (f: CandidateFigures) => string;
}

function criteria(r: GenotypeReport): Criterion[] {
  const writeCriterion = (orientation: GenotypeOrientation, name: string, figure: string): Criterion => ({
    name: `faster to write ${name}`,
    figure,
    score: (f) => f.write[orientation].ms,
    show: (f) => `${mcallsPerSecond(r.calls, f.write[orientation].ms).toFixed(1)} Mcalls/s`,
  });
  const subsetCriterion = (direction: Direction, name: string, figure: string): Criterion => ({
    name: `faster to export a ${name} subset`,
    figure,
    score: (f) => f.subset[direction]?.ms ?? Infinity,
    show: (f) => `${seconds(f.subset[direction]?.ms ?? NaN)} s`,
  });
  return [
    writeCriterion('germplasm-rows', 'germplasm by germplasm', 'import by germplasm'),
    writeCriterion('marker-rows', 'marker by marker', 'import by marker'),
    { name: 'smaller', figure: 'size', score: (f) => f.write['germplasm-rows'].bytes, show: (f) => `${(f.write['germplasm-rows'].bytes / r.calls).toFixed(3)} bytes/call` },
    subsetCriterion('flapjack', 'Flapjack (germplasm-major)', 'Flapjack export'),
    subsetCriterion('hapmap', 'HapMap (marker-major)', 'HapMap export'),
    {
      name: 'lighter to write',
      figure: 'import memory',
      score: (f) => Math.max(f.write['germplasm-rows'].peakKiB, f.write['marker-rows'].peakKiB),
      show: (f) => `${mib(Math.max(f.write['germplasm-rows'].peakKiB, f.write['marker-rows'].peakKiB))} MiB peak`,
    },
  ];
}

const ratioText = (ratio: number) => (ratio >= 1 ? `${times(ratio)} better` : `${times(1 / ratio)} worse`);

/** One paragraph from the figures: who wins each figure, and ours (level 1) against each HDF5 layout. */
function verdict(r: GenotypeReport): string {
  const stored = r.figures.filter((f) => f.candidate !== 'source');
  const ours = stored.find((f) => f.candidate === 'ours-1');
  const ours6 = stored.find((f) => f.candidate === 'ours-6');
  const hdf5 = stored.filter((f) => f.candidate.startsWith('hdf5'));
  if (!ours || hdf5.length === 0) return 'Verdict: not enough candidates measured.';
  const list = criteria(r);
  const winners = list.map((c) => {
    const best = [...stored].sort((a, b) => c.score(a) - c.score(b))[0];
    return `${c.name}: ${best.label} (${c.show(best)})`;
  });
  const against = hdf5.map((h) => {
    const ratios = list.map((c) => ({ c, ratio: c.score(h) / c.score(ours) }));
    const better = ratios.filter((x) => x.ratio >= 1).length;
    return `against ${h.label} ours is ${ratios.map((x) => `${x.c.figure} ${ratioText(x.ratio)}`).join(', ')} (better on ${better} of ${list.length})`;
  });
  const level6 = ours6
    ? ` Level 6 makes our file ${times(ours.write['germplasm-rows'].bytes / ours6.write['germplasm-rows'].bytes)} smaller than level 1 and its import ${times(ours6.write['germplasm-rows'].ms / ours.write['germplasm-rows'].ms)} slower by germplasm, ${times(ours6.write['marker-rows'].ms / ours.write['marker-rows'].ms)} by marker.`
    : '';
  const exports = DIRECTIONS.map(({ direction, name }) => {
    const s = ours.subset[direction];
    if (!s) return '';
    return `${name} ${Math.round((100 * s.readMs) / s.ms)}%`;
  }).filter(Boolean);
  const source = r.figures.find((f) => f.candidate === 'source');
  const ceiling = DIRECTIONS.map(({ direction, name }) => {
    const raw = source?.subset[direction];
    const copy = r.copies.get(direction);
    const s = ours.subset[direction];
    if (!raw || copy === undefined || !s) return '';
    return `${name} ${(copy / raw.ms).toFixed(2)}× of copy from the raw bytes, ours ${(raw.ms / s.ms).toFixed(2)}× of that`;
  }).filter(Boolean);
  return `Verdict (computed from the figures above): ${winners.join('; ')}. Ours at level 1: ${against.join('; ')}.${level6} Reading the subset is ${exports.join(' and ')} of our export's time; the rest is making the text. The same export straight from the uncompressed generated bytes is the ceiling of any storage with this text writer: ${ceiling.join('; ')}.`;
}

export function printGenotypeReport(r: GenotypeReport): void {
  printWrites(r);
  printSubsets(r);
  printGoals(r);
  console.log(`\n  ${verdict(r)}`);
}
