/**
 * VCF genotypes (the GT field) as call texts: allele indexes into REF and ALT, separated by `/` (unphased)
 * or `|` (phased). A homozygous call is one allele; a heterozygous call its alleles joined by `/`, or by `|`
 * when every separator is `|`; a call with any missing allele (`.`, `./.`, `./1`) is ''.
 */

/** What a GT decodes to: the call text, or why it cannot be read. */
export type GtResult = string | { problem: 'malformed' | 'unknown-allele' };

const DOT = 0x2e;
const SLASH = 0x2f;
const PIPE = 0x7c;
const ZERO = 0x30;
const NINE = 0x39;

export const MALFORMED: GtResult = { problem: 'malformed' };
export const UNKNOWN_ALLELE: GtResult = { problem: 'unknown-allele' };

/** Decodes one GT text (the general path: any ploidy, allele indexes of several digits). */
export function decodeGt(gt: string, alleles: readonly string[]): GtResult {
  if (gt === '') return MALFORMED;
  const picked: string[] = [];
  let missing = false;
  let unphased = false;
  let start = 0;
  for (let i = 0; i <= gt.length; i += 1) {
    const c = i < gt.length ? gt.charCodeAt(i) : SLASH;
    if (c !== SLASH && c !== PIPE) continue;
    if (i < gt.length && c === SLASH) unphased = true;
    const part = gt.slice(start, i);
    start = i + 1;
    if (part === '.') {
      missing = true;
      continue;
    }
    if (part === '' || !isDigits(part)) return MALFORMED;
    const allele = alleles[Number(part)];
    if (allele === undefined) return UNKNOWN_ALLELE;
    picked.push(allele);
  }
  if (missing) return '';
  return picked.every((a) => a === picked[0]) ? picked[0] : picked.join(unphased ? '/' : '|');
}

function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < ZERO || c > NINE) return false;
  }
  return true;
}

/** 0–9 for an allele digit, 10 for `.`, -1 for anything else. */
function alleleCode(c: number): number {
  if (c >= ZERO && c <= NINE) return c - ZERO;
  return c === DOT ? 10 : -1;
}

/** Slots of the short GT forms: `a/b` and `a|b` (11 × 11 × 2) and a haploid `a` (11). */
const SHORT_SLOTS = 11 * 11 * 2 + 11;
const HAPLOID_SLOTS = 11 * 11 * 2;
const TAB = 0x09;
const COLON = 0x3a;

/**
 * The calls of one VCF record, each distinct GT decoded once. The usual forms (`0/1`, `1|0`, `./.`, `1`)
 * are recognised by their characters in the line, without cutting a string out of it; others go through a
 * map. Both caches belong to the current record (its REF and ALT): `startRecord` empties them.
 */
export class GtCache {
  /** Where the GT last read ends in its line: at the colon or TAB after it, or at the line's end. */
  end = 0;
  private readonly slots = new Array<GtResult>(SHORT_SLOTS);
  private readonly stamps = new Int32Array(SHORT_SLOTS);
  private generation = 0;
  private readonly other = new Map<string, GtResult>();
  private alleles: readonly string[] = [];

  startRecord(alleles: readonly string[]): void {
    this.alleles = alleles;
    this.generation += 1;
    if (this.other.size > 0) this.other.clear();
  }

  /** The call of the GT that begins at `at` in `line` (which ends at `lineEnd`); sets `end`. */
  read(line: string, at: number, lineEnd: number): GtResult {
    // The common diploid form, three characters then a colon, a TAB or the line's end.
    const three = at + 3;
    if (three <= lineEnd) {
      const after = three < lineEnd ? line.charCodeAt(three) : TAB;
      const a = alleleCode(line.charCodeAt(at));
      const b = alleleCode(line.charCodeAt(at + 2));
      const separator = line.charCodeAt(at + 1);
      if ((after === TAB || after === COLON) && a >= 0 && b >= 0 && (separator === SLASH || separator === PIPE)) {
        this.end = three;
        return this.slot((a * 11 + b) * 2 + (separator === PIPE ? 1 : 0), line, at, three);
      }
    }
    let end = at;
    while (end < lineEnd) {
      const c = line.charCodeAt(end);
      if (c === TAB || c === COLON) break;
      end += 1;
    }
    this.end = end;
    if (end - at === 1) {
      const a = alleleCode(line.charCodeAt(at));
      if (a >= 0) return this.slot(HAPLOID_SLOTS + a, line, at, end);
    }
    const gt = line.slice(at, end);
    let result = this.other.get(gt);
    if (result === undefined) {
      result = decodeGt(gt, this.alleles);
      this.other.set(gt, result);
    }
    return result;
  }

  private slot(slot: number, line: string, start: number, end: number): GtResult {
    if (this.stamps[slot] === this.generation) return this.slots[slot];
    const result = decodeGt(line.slice(start, end), this.alleles);
    this.slots[slot] = result;
    this.stamps[slot] = this.generation;
    return result;
  }
}
