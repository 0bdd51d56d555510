import { ChunkedBytes, encode, LF, packCell, textChunks, type Cells } from './byte-lines.js';
import { namedCells, type CallLine } from './flapjack-writer.js';
import { wholePosition, type MarkerLinesInput } from './hapmap-writer.js';

/** A call text as alleles: `A/G` (unphased), `A|G` (phased), `A` (homozygous), '' (missing: no alleles). */
export interface CallAlleles {
  alleles: string[];
  phased: boolean;
}

/** Splits a call by the storage's convention; an empty part (a broken call) makes the call missing. */
export function callAlleles(state: string): CallAlleles {
  if (state === '') return { alleles: [], phased: false };
  const alleles = state.split(/[/|]/);
  if (alleles.some((allele) => allele === '')) return { alleles: [], phased: false };
  return { alleles, phased: !state.includes('/') && state.includes('|') };
}

/** A marker's alleles, REF first: the most frequent allele, counted per allele copy (a homozygous call counts two). */
export function markerAlleles(counts: Uint32Array, calls: readonly CallAlleles[]): string[] {
  const copies = new Map<string, number>();
  for (let code = 1; code < counts.length; code += 1) {
    const seen = counts[code];
    if (seen === 0) continue;
    const { alleles } = calls[code];
    const weight = alleles.length === 1 ? 2 * seen : seen;
    for (const allele of alleles) copies.set(allele, (copies.get(allele) ?? 0) + weight);
  }
  // Ties keep the state table's order (the order calls first appeared in the imported file).
  return [...copies.entries()].sort((a, b) => b[1] - a[1]).map(([allele]) => allele);
}

/** The GT of a call given the marker's allele indexes: a homozygous call written diploid, missing `./.`. */
export function genotypeOf(call: CallAlleles, index: ReadonlyMap<string, number>): string {
  if (call.alleles.length === 0) return './.';
  if (call.alleles.length === 1) {
    const i = index.get(call.alleles[0]);
    return `${i}/${i}`;
  }
  return call.alleles.map((allele) => index.get(allele)).join(call.phased ? '|' : '/');
}

const HEADER = [
  '##fileformat=VCFv4.2',
  '##source=Germinate',
  '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
  '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT',
].join('\n');

/** One marker's cells: filled for the states its line holds only (the others are never indexed by it). */
class MarkerCells implements Cells {
  readonly cells: Uint8Array[];
  readonly lengths: Uint8Array;
  readonly words: Uint32Array;
  packed: Uint32Array | null = null;
  widest = 0;
  /** GT cells (`\t0/1`) are few: each is encoded once for the file. */
  private readonly encoded = new Map<string, Uint8Array>();

  constructor(states: number) {
    this.cells = new Array<Uint8Array>(states).fill(new Uint8Array(0));
    this.lengths = new Uint8Array(states);
    this.words = new Uint32Array(states);
  }

  reset(): void {
    this.widest = 0;
  }

  set(code: number, genotype: string): void {
    let cell = this.encoded.get(genotype);
    if (!cell) {
      cell = encode(`\t${genotype}`);
      this.encoded.set(genotype, cell);
    }
    this.cells[code] = cell;
    this.lengths[code] = Math.min(cell.length, 255);
    if (cell.length <= 4) this.words[code] = packCell(cell);
    this.widest = Math.max(this.widest, cell.length);
  }

  done(): void {
    this.packed = this.widest <= 4 ? this.words : null;
  }
}

/**
 * A VCF 4.2 file of GT calls: per marker (one line each) REF and ALT from the alleles of its calls, and
 * per germplasm the call's allele indexes, `|` for a phased call, `./.` for a missing one. CHROM and POS
 * come from the chosen map (POS a whole number), else `.` and 0 (unknown). QUAL, FILTER and INFO are `.`.
 */
export async function* vcfFile(input: MarkerLinesInput, lines: AsyncIterable<CallLine>): AsyncGenerator<Buffer> {
  const out = new ChunkedBytes();
  const calls = input.states.map(callAlleles);
  const counts = new Uint32Array(input.states.length);
  const table = new MarkerCells(input.states.length);
  yield* textChunks(out, HEADER);
  yield* namedCells(out, input.germplasm);
  const end = out.reserve(1);
  if (end) yield end;
  out.byte(LF);
  let k = 0;
  for await (const line of lines) {
    const { codes } = line;
    counts.fill(0);
    for (let i = 0; i < codes.length; i += 1) counts[codes[i]] += 1;
    const alleles = markerAlleles(counts, calls);
    const index = new Map(alleles.map((allele, i) => [allele, i]));
    table.reset();
    for (let code = 0; code < counts.length; code += 1) if (counts[code] > 0) table.set(code, genotypeOf(calls[code], index));
    table.done();
    const place = input.places[k] ?? null;
    const ref = alleles[0] ?? 'N';
    const alt = alleles.length > 1 ? alleles.slice(1).join(',') : '.';
    const start = encode(`${place ? place.chromosome : '.'}\t${place ? wholePosition(place.position) : '0'}\t${input.markers[k] ?? ''}\t${ref}\t${alt}\t.\t.\t.\tGT`);
    k += 1;
    const full = out.reserve(start.length + codes.length * table.widest + 1);
    if (full) yield full;
    out.bytes(start);
    out.cells(codes, table);
    out.byte(LF);
    const taken = out.takeIfFull();
    if (taken) yield taken;
  }
  const rest = out.take();
  if (rest) yield rest;
}
