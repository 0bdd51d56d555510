import { ownText } from './lines.js';

/**
 * Call texts of the formats that write calls as letters (flat text, workbooks, HapMap), turned into the one
 * convention of the reader contract: a homozygous call is one allele, a heterozygous call its alleles joined
 * by `/`, a missing call ''.
 */

const SPACE = 0x20;

/** A flat-file or workbook call as written, trimmed; empty or `-` means missing (''). */
export function flatCall(text: string | null | undefined): string {
  if (!text) return '';
  const clean = text.charCodeAt(0) <= SPACE || text.charCodeAt(text.length - 1) <= SPACE ? text.trim() : text;
  return clean === '-' ? '' : ownText(clean);
}

/**
 * HapMap's one-letter codes: the bases, the IUPAC codes for two bases, `+` / `-` for an insertion or deletion
 * allele; `N` and `0` are missing. (Three-base codes such as B or V are kept as written: no call says it.)
 */
const ONE_LETTER: Readonly<Record<string, string>> = {
  A: 'A', C: 'C', G: 'G', T: 'T',
  R: 'A/G', Y: 'C/T', S: 'C/G', W: 'A/T', K: 'G/T', M: 'A/C',
  '+': '+', '-': '-', N: '', '0': '',
};

const isMissingAllele = (allele: string) => allele === '' || allele === 'N' || allele === '0';

/** Joins alleles by the convention: all the same → that allele; any missing → ''; else `a/b`. */
function joinAlleles(alleles: string[]): string {
  if (alleles.some(isMissingAllele)) return '';
  return alleles.every((a) => a === alleles[0]) ? alleles[0] : alleles.join('/');
}

/** One HapMap call: `AG` → `A/G`, `AA` → `A`, `NN` / `N` / `0` → '', `R` → `A/G`; `A/G` forms are kept. */
export function hapmapCall(code: string): string {
  const text = code.trim().toUpperCase();
  if (text.length === 1) return ONE_LETTER[text] ?? text;
  if (text.length === 2) return joinAlleles([text[0], text[1]]);
  if (text.includes('/')) return joinAlleles(text.split('/'));
  return text;
}

/**
 * Rule: distinct HapMap codes of one file are few (bases, pairs, missing), so their conversions are kept for
 * the whole file; this bound keeps a file of odd codes from growing the cache without limit.
 */
const CACHE_LIMIT = 4096;

/** HapMap codes converted once each (a file repeats the same dozen codes millions of times). */
export class HapmapCalls {
  private readonly cache = new Map<string, string>();

  call(code: string): string {
    const known = this.cache.get(code);
    if (known !== undefined) return known;
    const call = ownText(hapmapCall(code));
    if (this.cache.size < CACHE_LIMIT) this.cache.set(ownText(code), call);
    return call;
  }
}
