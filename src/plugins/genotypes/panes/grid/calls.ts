/**
 * What a call means for its colour: missing, homozygous (one allele) or heterozygous (two). Calls are the
 * texts of the matrix's state table: `A`, `A/G`, `C|T` (phased), `AG` (two nucleotides without a separator),
 * `-`, `N` or '' for missing.
 */
export type CallKind =
  | { kind: 'missing' }
  | { kind: 'homozygous'; allele: string }
  | { kind: 'heterozygous'; alleles: [string, string] };

const MISSING = new Set(['', 'N', 'NN', '-', '--', '?', '.', './.', '.|.', 'N/N', 'NA']);
const NUCLEOTIDES = /^[ACGT]{2}$/;

export function callKind(text: string): CallKind {
  const call = text.trim().toUpperCase();
  if (MISSING.has(call)) return { kind: 'missing' };
  const parts = call.split(/[/|]/);
  const [a, b] = parts.length === 2 ? parts : NUCLEOTIDES.test(call) ? [call[0], call[1]] : [call, call];
  if (MISSING.has(a) && MISSING.has(b)) return { kind: 'missing' };
  return a === b ? { kind: 'homozygous', allele: a } : { kind: 'heterozygous', alleles: [a, b] };
}

/** The four nucleotides in Flapjack's spirit (green, blue, amber, red), readable against both themes' surfaces. */
const NUCLEOTIDE_COLOURS: Record<'light' | 'dark', Record<string, string>> = {
  light: { A: '#3f9b4f', C: '#3f74c9', G: '#e0a526', T: '#d0493f' },
  dark: { A: '#58b868', C: '#6a98e6', G: '#e8b64a', T: '#e56a60' },
};
/** Any other allele (indels, 0/1/2 codes, SSR sizes): a fixed ring of hues chosen by the allele's text. */
const OTHER_COLOURS: Record<'light' | 'dark', string[]> = {
  light: ['#8e5bb5', '#2b9a9a', '#b5658a', '#7a8a2a', '#a0672e', '#5a6fb0'],
  dark: ['#b189d6', '#4fc1c1', '#d889ad', '#a8ba4c', '#cf9055', '#8a9ddf'],
};

/** The colour of one allele in a theme: nucleotides fixed, others by a hash of their text. */
export function alleleColour(allele: string, theme: 'light' | 'dark'): string {
  const fixed = NUCLEOTIDE_COLOURS[theme][allele];
  if (fixed) return fixed;
  let hash = 0;
  for (const char of allele) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  const ring = OTHER_COLOURS[theme];
  return ring[hash % ring.length];
}

/** How a state is drawn: one colour (homozygous), two (heterozygous, split on the diagonal), or none (missing). */
export type CellPaint = { kind: 'missing' } | { kind: 'homozygous'; colour: string } | { kind: 'heterozygous'; colours: [string, string] };

export function paintOf(text: string, theme: 'light' | 'dark'): CellPaint {
  const call = callKind(text);
  if (call.kind === 'missing') return call;
  if (call.kind === 'homozygous') return { kind: 'homozygous', colour: alleleColour(call.allele, theme) };
  return { kind: 'heterozygous', colours: [alleleColour(call.alleles[0], theme), alleleColour(call.alleles[1], theme)] };
}

/** The legend: every state of the table with its paint, homozygous first, then heterozygous, missing last. */
export function legendOf(states: readonly string[], theme: 'light' | 'dark'): { state: string; paint: CellPaint }[] {
  const rank = { homozygous: 0, heterozygous: 1, missing: 2 } as const;
  const entries = states.map((state) => ({ state, paint: paintOf(state, theme) }));
  const seenMissing = entries.filter((e) => e.paint.kind === 'missing');
  const shown = entries.filter((e) => e.paint.kind !== 'missing');
  // One entry stands for every missing state ('' is always among them).
  if (seenMissing.length > 0) shown.push({ state: '', paint: { kind: 'missing' } });
  return shown.sort((a, b) => rank[a.paint.kind] - rank[b.paint.kind] || a.state.localeCompare(b.state));
}
