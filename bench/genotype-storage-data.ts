import fs from 'node:fs';
import path from 'node:path';

/*
 * Generated genotype calls for the storage benchmark: a germplasm × marker matrix of biallelic SNP calls,
 * the same for every candidate, kept in bench/.cache as two files of call codes (indexes into CALLS):
 * `<name>.rows` germplasm-major (one record of `markers` bytes per germplasm, as Flapjack files arrive)
 * and `<name>.columns` marker-major (one record of `germplasm` bytes per marker, as VCF arrives).
 *
 * The calls are shaped like a breeding collection's, so that compression is neither trivial nor hopeless:
 * - each marker has its two alleles (transitions A/G and C/T most often) and its own allele frequency;
 * - neighbouring markers often share their alleles, and founder haplotypes keep their allele over
 *   stretches of markers, so a germplasm has runs of identical calls;
 * - every germplasm is a mosaic of a few dozen founder haplotypes, switching founder every few hundred
 *   markers (linkage blocks), so germplasm share long stretches;
 * - ~5% of calls are missing and ~10% heterozygous, at random.
 */

/** Call texts by code; 0 is the missing call. */
export const CALLS: readonly string[] = ['', 'A', 'C', 'G', 'T', 'A/G', 'C/T', 'A/C', 'G/T', 'A/T', 'C/G'];
/** Allele pairs as [homozygous reference, homozygous alternative, heterozygous] codes. */
const PAIRS: readonly (readonly [number, number, number])[] = [[1, 3, 5], [2, 4, 6], [1, 2, 7], [3, 4, 8], [1, 4, 9], [2, 3, 10]];
/** Cumulative weights of PAIRS (×1000): transitions A/G and C/T make two thirds of SNPs. */
const PAIR_WEIGHTS = [330, 660, 745, 830, 915, 1000];
const FOUNDERS = 32;
/** Chance per marker that a germplasm's founder changes (a linkage block of ~400 markers on average). */
const SWITCH = 1 / 400;
/** Chance per marker that a founder keeps the allele (reference or alternative) of the marker before. */
const KEEP_ALLELE = 0.7;
/** Chance per marker that it has the allele pair of the marker before. */
const KEEP_PAIR = 0.8;
const MISSING = 0.05;
const HETEROZYGOUS = 0.1;
/** Bumped when the generator changes, so an older cache is not reused. */
const VERSION = 1;

export interface GenotypeData {
  germplasm: number;
  markers: number;
  seed: number;
  rowsFile: string;
  columnsFile: string;
}

export const germplasmName = (index: number): string => `BENCH-G${String(index + 1).padStart(6, '0')}`;
export const markerName = (index: number): string => `BENCH-SNP-${String(index + 1).padStart(7, '0')}`;

/** xorshift32 numbers in [0, 1): fast enough for 10^8 calls a second or so, and seeded. */
function xorshift(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

function pickPair(random: () => number): number {
  const draw = random() * 1000;
  return PAIR_WEIGHTS.findIndex((limit) => draw < limit);
}

/** Per marker its allele pair and its alternative allele's frequency; per founder its alleles (0 or 1). */
function population(markers: number, random: () => number) {
  const pairOf = new Uint8Array(markers);
  const alternative = new Float64Array(markers);
  let pair = pickPair(random);
  for (let m = 0; m < markers; m += 1) {
    if (random() >= KEEP_PAIR) pair = pickPair(random);
    pairOf[m] = pair;
    // Mostly rare alternative alleles, some common ones: frequencies from 0.02 to 0.5.
    alternative[m] = 0.02 + 0.48 * random() ** 1.5;
  }
  const founders = new Uint8Array(FOUNDERS * markers);
  for (let f = 0; f < FOUNDERS; f += 1) {
    let allele = 0;
    for (let m = 0; m < markers; m += 1) {
      if (m === 0 || random() >= KEEP_ALLELE) allele = random() < alternative[m] ? 1 : 0;
      founders[f * markers + m] = allele;
    }
  }
  return { pairOf, founders };
}

/** Writes `germplasm` records of `markers` codes to `file`, germplasm by germplasm. */
function writeRows(file: string, germplasm: number, markers: number, seed: number): void {
  const random = xorshift(seed);
  const { pairOf, founders } = population(markers, random);
  const record = new Uint8Array(markers);
  const fd = fs.openSync(file, 'w');
  try {
    for (let g = 0; g < germplasm; g += 1) {
      let founder = Math.floor(random() * FOUNDERS);
      for (let m = 0; m < markers; m += 1) {
        if (random() < SWITCH) founder = Math.floor(random() * FOUNDERS);
        const pair = PAIRS[pairOf[m]];
        const draw = random();
        record[m] = draw < MISSING ? 0 : draw < MISSING + HETEROZYGOUS ? pair[2] : pair[founders[founder * markers + m]];
      }
      fs.writeSync(fd, record);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes the transpose of a germplasm-major file, band by band (a band of germplasm × all markers in memory). */
function transposeRows(rowsFile: string, columnsFile: string, germplasm: number, markers: number): void {
  const bandRows = Math.max(1, Math.min(germplasm, Math.floor((64 * 1024 * 1024) / markers)));
  const band = new Uint8Array(bandRows * markers);
  const piece = new Uint8Array(bandRows);
  const input = fs.openSync(rowsFile, 'r');
  const output = fs.openSync(columnsFile, 'w');
  try {
    for (let g0 = 0; g0 < germplasm; g0 += bandRows) {
      const rows = Math.min(bandRows, germplasm - g0);
      fs.readSync(input, band, 0, rows * markers, g0 * markers);
      for (let m = 0; m < markers; m += 1) {
        for (let r = 0; r < rows; r += 1) piece[r] = band[r * markers + m];
        fs.writeSync(output, piece, 0, rows, m * germplasm + g0);
      }
    }
  } finally {
    fs.closeSync(input);
    fs.closeSync(output);
  }
}

/**
 * The generated matrix of `germplasm × markers` calls from `seed`, generated into `cacheDir` on first use
 * (both files written under temporary names and renamed, so a cache file is always complete).
 */
export function genotypeData(cacheDir: string, germplasm: number, markers: number, seed: number): { data: GenotypeData; generatedMs: number | null } {
  const base = path.join(cacheDir, `genotypes-${germplasm}x${markers}-seed${seed}-v${VERSION}`);
  const data: GenotypeData = { germplasm, markers, seed, rowsFile: `${base}.rows`, columnsFile: `${base}.columns` };
  const calls = germplasm * markers;
  const complete = (file: string) => fs.existsSync(file) && fs.statSync(file).size === calls;
  if (complete(data.rowsFile) && complete(data.columnsFile)) return { data, generatedMs: null };
  fs.mkdirSync(cacheDir, { recursive: true });
  const started = performance.now();
  const rowsPartial = `${data.rowsFile}.partial`;
  const columnsPartial = `${data.columnsFile}.partial`;
  writeRows(rowsPartial, germplasm, markers, seed);
  transposeRows(rowsPartial, columnsPartial, germplasm, markers);
  fs.renameSync(rowsPartial, data.rowsFile);
  fs.renameSync(columnsPartial, data.columnsFile);
  return { data, generatedMs: performance.now() - started };
}
