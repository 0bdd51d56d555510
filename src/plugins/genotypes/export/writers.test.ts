import { describe, expect, it } from 'vitest';
import { fileHeaders, flapjackFile, type CallLine } from './flapjack-writer.js';
import { hapmapCall, hapmapFile } from './hapmap-writer.js';
import { identifiersFile } from './identifiers-file.js';
import { mapFile } from './map-file.js';
import { callAlleles, genotypeOf, markerAlleles, vcfFile } from './vcf-writer.js';

async function text(chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

async function* linesOf(rows: number[][]): AsyncGenerator<CallLine> {
  for (const row of rows) yield { codes: Uint8Array.from(row) };
}

/** A seeded generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('Flapjack genotype file', () => {
  it('writes the header, the marker names and each germplasm with its calls, missing empty, LF line ends', async () => {
    const file = await text(flapjackFile(
      { headerLines: fileHeaders(null), germplasm: ['Line 1', 'Line 2'], markers: ['m1', 'm2', 'm3'], states: ['', 'A', 'A/G', 'T'] },
      linesOf([[1, 2, 0], [3, 0, 1]]),
    ));
    expect(file).toBe('# fjFile = GENOTYPE\n\nAccession/Marker\tm1\tm2\tm3\nLine 1\tA\tA/G\t\nLine 2\tT\t\tA\n');
  });

  it('puts the link lines of a client address into the header', () => {
    expect(fileHeaders('https://example.org/germinate/').split('\n')).toEqual([
      '# fjDatabaseLineSearch = https://example.org/germinate/#/data/germplasm/$LINE',
      '# fjDatabaseGroupPreview = https://example.org/germinate/#/groups/upload/$GROUP',
      '# fjDatabaseMarkerSearch = https://example.org/germinate/#/data/genotypes/marker/$MARKER',
      '# fjDatabaseGroupUpload = https://example.org/germinate/api/group/upload',
      '',
    ]);
  });

  it.each([
    ['calls of at most 3 bytes (packed cells)', ['', 'A', 'C/T', 'G']],
    ['longer and multi-byte calls (byte cells)', ['', 'AAAA/TTTT', 'ß', 'G/-', 'Ä/Ö']],
  ])('writes %s across chunk boundaries exactly as a plain join', async (_, states) => {
    const next = random(7);
    const rows = Array.from({ length: 120 }, () => Array.from({ length: 4000 }, () => Math.floor(next() * states.length)));
    const germplasm = rows.map((_, i) => `Gérmplasm ${i}`);
    const markers = rows[0].map((_, i) => `M${i}`);
    const file = await text(flapjackFile({ headerLines: '\n', germplasm, markers, states }, linesOf(rows)));
    const plain = ['# fjFile = GENOTYPE', '', ['Accession/Marker', ...markers].join('\t'), ...rows.map((row, i) => [germplasm[i], ...row.map((c) => states[c])].join('\t'))].join('\n') + '\n';
    expect(Buffer.byteLength(file)).toBeGreaterThan(1 << 20);
    expect(file).toBe(plain);
  });
});

describe('HapMap file', () => {
  it.each([
    ['', 'NN'],
    ['A', 'AA'],
    ['A/G', 'AG'],
    ['A|G', 'AG'],
    ['N', 'NN'],
    ['-', '--'],
    ['+/-', '+-'],
    ['AT', 'AT'],
  ])('writes the call %j as %j', (call, written) => {
    expect(hapmapCall(call)).toBe(written);
  });

  it('writes the header text, the fixed columns with the map position rounded, and the converted calls', async () => {
    const file = await text(hapmapFile(
      { headerLines: '\n', germplasm: ['G1', 'G2'], markers: ['m1', 'm2'], places: [{ chromosome: '1H', position: 12.5 }, null], states: ['', 'A', 'C/T'] },
      linesOf([[1, 0], [2, 1]]),
    ));
    expect(file).toBe([
      '',
      'rs#\talleles\tchrom\tpos\tstrand\tassembly#\tcenter\tprotLSID\tassayLSID\tpanelLSID\tQCcode\tG1\tG2',
      'm1\tNA\t1H\t13\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tAA\tNN',
      'm2\tNA\t\t\tNA\tNA\tNA\tNA\tNA\tNA\tNA\tCT\tAA',
      '',
    ].join('\n'));
  });
});

describe('VCF file', () => {
  it('reads calls as alleles: homozygous, unphased, phased, missing', () => {
    expect(callAlleles('A')).toEqual({ alleles: ['A'], phased: false });
    expect(callAlleles('A/G')).toEqual({ alleles: ['A', 'G'], phased: false });
    expect(callAlleles('G|A')).toEqual({ alleles: ['G', 'A'], phased: true });
    expect(callAlleles('')).toEqual({ alleles: [], phased: false });
    expect(callAlleles('A/')).toEqual({ alleles: [], phased: false });
  });

  it('takes the allele with most copies as REF, ties in state order', () => {
    const calls = ['', 'A', 'A/G', 'G', 'C'].map(callAlleles);
    // A: 2 + 1 = 3 copies; G: 1 + 2 + 2 = 5; C: 2
    expect(markerAlleles(Uint32Array.from([4, 1, 1, 2, 1]), calls)).toEqual(['G', 'A', 'C']);
    // A and G tie at 2 copies: A came first in the state table.
    expect(markerAlleles(Uint32Array.from([0, 0, 2, 0, 0]), calls)).toEqual(['A', 'G']);
    const index = new Map([['G', 0], ['A', 1]]);
    expect(genotypeOf(callAlleles('A'), index)).toBe('1/1');
    expect(genotypeOf(callAlleles('A|G'), index)).toBe('1|0');
    expect(genotypeOf(callAlleles(''), index)).toBe('./.');
  });

  it('writes REF, ALT and each GT per marker, with CHROM and POS from the map or unknown', async () => {
    const file = await text(vcfFile(
      { germplasm: ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'], markers: ['snp1', 'snp2'], places: [{ chromosome: '9', position: 1500 }, null], states: ['', 'A', 'A/G', 'G', 'G|A', 'T'] },
      linesOf([[1, 1, 2, 3, 4, 0], [5, 5, 5, 0, 0, 0]]),
    ));
    expect(file.split('\n')).toEqual([
      '##fileformat=VCFv4.2',
      '##source=Germinate',
      '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
      '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1\tS2\tS3\tS4\tS5\tS6',
      '9\t1500\tsnp1\tA\tG\t.\t.\t.\tGT\t0/0\t0/0\t0/1\t1/1\t1|0\t./.',
      '.\t0\tsnp2\tT\t.\t.\t.\t.\tGT\t0/0\t0/0\t0/0\t./.\t./.\t./.',
      '',
    ]);
  });
});

describe('map and identifiers files', () => {
  it('writes the map as Flapjack map lines with CRLF and Java doubles', async () => {
    expect(await text(mapFile({ markers: ['m1', 'm2'], chromosomes: ['1H', '2H'], starts: [12, 1234567.5] }))).toBe('# fjFile = MAP\r\nm1\t1H\t12.0\r\nm2\t2H\t1234567.5\r\n');
  });

  it('lists germplasm with a PUID, a parent or synonyms, without a final line end', () => {
    expect(identifiersFile([
      { name: 'A', puid: 'doi:1', parentName: null, parentPuid: null, synonyms: null },
      { name: 'B', puid: null, parentName: null, parentPuid: null, synonyms: [] },
      { name: 'C', puid: null, parentName: 'P', parentPuid: 'doi:2', synonyms: ['c1', 'c 2'] },
    ])).toBe('# fjFile = PHENOTYPE\n\tPUID\tSource Material Name\tSource Material PUID\tSynonyms\nA\tdoi:1\t\t\t\nC\t\tP\tdoi:2\t[c1, c 2]');
  });
});
