import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../src/core/random.js';

/*
 * The VCF the genotype import benchmark imports, generated once per size and seed and kept in bench/.cache:
 * `samples` germplasm (named as bench/mcpd-files.ts names its accessions, BENCH-0000001…, so that their
 * passports can be imported first) × `variants` biallelic SNPs, GT only.
 * - seven chromosomes (1H…7H) in turn, positions rising by 1–2,000 bp;
 * - ID is a marker name, or `.` on one variant in ten (the importer names those CHROM_POS);
 * - each variant has its own alternative allele frequency (0.02–0.5) and genotypes in Hardy–Weinberg
 *   proportions; half of the variants are phased (`0|1`, `1|0`), the others unphased (`0/1`);
 * - 5% of calls are missing (`./.` or `.|.`).
 */

/** Bumped when the generator changes, so an older cache is not reused. */
const VERSION = 1;
const CHROMOSOMES = ['1H', '2H', '3H', '4H', '5H', '6H', '7H'];
const NUCLEOTIDES = ['A', 'C', 'G', 'T'];
const MISSING = 0.05;
const TAB = 0x09;
const NEWLINE = 0x0a;

export interface GeneratedVcf {
  file: string;
  samples: number;
  variants: number;
  calls: number;
  bytes: number;
}

/** The sample (germplasm) names, as bench/mcpd-files.ts writes their accession numbers. */
export const sampleName = (index: number): string => `BENCH-${String(index + 1).padStart(7, '0')}`;

const encode = (text: string) => Buffer.from(text, 'latin1');
/** Genotypes by [phased][code]: 0 hom ref, 1 het (ref first), 2 het (alt first), 3 hom alt, 4 missing. */
const GENOTYPES = [
  ['0/0', '0/1', '0/1', '1/1', './.'].map(encode),
  ['0|0', '0|1', '1|0', '1|1', '.|.'].map(encode),
];

function header(samples: number): string {
  const names = Array.from({ length: samples }, (_, i) => sampleName(i));
  return [
    '##fileformat=VCFv4.2',
    '##source=germinate-workspace-bench',
    ...CHROMOSOMES.map((c) => `##contig=<ID=${c}>`),
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    `#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t${names.join('\t')}`,
  ].join('\n') + '\n';
}

/** Writes the file (through a temporary name, so that a cut-short run never leaves a truncated cache). */
function generate(file: string, samples: number, variants: number, seed: number): void {
  const random = seededRandom(seed);
  const partial = `${file}.partial`;
  const fd = fs.openSync(partial, 'w');
  const buffer = Buffer.allocUnsafe(4 * 1024 * 1024 + 4 * samples + 256);
  let used = 0;
  const flush = () => {
    fs.writeSync(fd, buffer, 0, used);
    used = 0;
  };
  try {
    used += buffer.write(header(samples), used, 'latin1');
    const perChromosome = Math.ceil(variants / CHROMOSOMES.length);
    let position = 0;
    for (let v = 0; v < variants; v += 1) {
      if (v % perChromosome === 0) position = 0;
      position += 1 + Math.floor(random() * 2000);
      const chromosome = CHROMOSOMES[Math.floor(v / perChromosome)];
      const ref = Math.floor(random() * 4);
      const alt = (ref + 1 + Math.floor(random() * 3)) % 4;
      const id = random() < 0.1 ? '.' : `BENCH-SNP-${String(v + 1).padStart(9, '0')}`;
      used += buffer.write(`${chromosome}\t${position}\t${id}\t${NUCLEOTIDES[ref]}\t${NUCLEOTIDES[alt]}\t.\tPASS\t.\tGT`, used, 'latin1');
      const phased = GENOTYPES[random() < 0.5 ? 1 : 0];
      const p = 0.02 + 0.48 * random();
      // Hardy–Weinberg: hom ref (1-p)², het 2p(1-p), hom alt p².
      const homRef = (1 - p) * (1 - p);
      const het = homRef + 2 * p * (1 - p);
      for (let s = 0; s < samples; s += 1) {
        const draw = random();
        let code: number;
        if (draw < MISSING) code = 4;
        else {
          const g = (draw - MISSING) / (1 - MISSING);
          code = g < homRef ? 0 : g < het ? (g - homRef < p * (1 - p) ? 1 : 2) : 3;
        }
        const gt = phased[code];
        buffer[used] = TAB;
        buffer[used + 1] = gt[0];
        buffer[used + 2] = gt[1];
        buffer[used + 3] = gt[2];
        used += 4;
      }
      buffer[used++] = NEWLINE;
      if (used >= 4 * 1024 * 1024) flush();
    }
    flush();
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(partial, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  fs.renameSync(partial, file);
}

/** The VCF of `calls` calls over `samples` samples (rounded to whole variants), generated on first use. */
export function generatedVcf(cacheDir: string, samples: number, calls: number, seed: number): GeneratedVcf & { generatedMs: number | null } {
  const variants = Math.max(1, Math.round(calls / samples));
  fs.mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `genotype-import-${samples}x${variants}-seed${seed}-v${VERSION}.vcf`);
  let generatedMs: number | null = null;
  if (!fs.existsSync(file)) {
    const started = performance.now();
    generate(file, samples, variants, seed);
    generatedMs = performance.now() - started;
  }
  return { file, samples, variants, calls: samples * variants, bytes: fs.statSync(file).size, generatedMs };
}
