import { describe, expect, it } from 'vitest';
import { alleleColour, callKind, legendOf, paintOf } from './calls.js';

describe('genotype calls', () => {
  it('tells missing, homozygous and heterozygous calls apart in the forms the importers store', () => {
    expect(callKind('')).toEqual({ kind: 'missing' });
    for (const missing of ['-', 'N', './.', 'n/n', ' ']) expect(callKind(missing).kind, missing).toBe('missing');
    expect(callKind('A')).toEqual({ kind: 'homozygous', allele: 'A' });
    expect(callKind('G/G')).toEqual({ kind: 'homozygous', allele: 'G' });
    expect(callKind('TT')).toEqual({ kind: 'homozygous', allele: 'T' });
    expect(callKind('A/G')).toEqual({ kind: 'heterozygous', alleles: ['A', 'G'] });
    expect(callKind('C|T')).toEqual({ kind: 'heterozygous', alleles: ['C', 'T'] });
    expect(callKind('AG')).toEqual({ kind: 'heterozygous', alleles: ['A', 'G'] });
    expect(callKind('ACT')).toEqual({ kind: 'homozygous', allele: 'ACT' });
    expect(callKind('0/1')).toEqual({ kind: 'heterozygous', alleles: ['0', '1'] });
  });

  it('paints nucleotides with fixed colours in each theme and other alleles with stable ones', () => {
    expect(alleleColour('A', 'light')).not.toBe(alleleColour('C', 'light'));
    expect(alleleColour('A', 'light')).not.toBe(alleleColour('A', 'dark'));
    expect(alleleColour('ACT', 'dark')).toBe(alleleColour('ACT', 'dark'));
    expect(paintOf('A/G', 'light')).toEqual({ kind: 'heterozygous', colours: [alleleColour('A', 'light'), alleleColour('G', 'light')] });
  });

  it('lists homozygous states, then heterozygous ones, then one missing entry', () => {
    const legend = legendOf(['', 'T', 'A/G', 'A', '-', 'C|T'], 'light');
    expect(legend.map((e) => [e.state, e.paint.kind])).toEqual([
      ['A', 'homozygous'],
      ['T', 'homozygous'],
      ['A/G', 'heterozygous'],
      ['C|T', 'heterozygous'],
      ['', 'missing'],
    ]);
  });
});
