import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ImportIssue } from '../../src/server/import/importer.js';
import { ISSUES_PER_STATUS } from '../../src/plugins/genotypes/import/readers/issues.js';
import { HAPMAP_COLUMNS } from '../../src/plugins/genotypes/import/readers/hapmap.js';
import { openGenotypeFile, openMapFile } from '../../src/plugins/genotypes/import/readers/open.js';
import { VCF_COLUMNS } from '../../src/plugins/genotypes/import/readers/vcf.js';
import { collect, genotypeScratch, tsv, where } from '../support/genotype-reader-support.js';

/** One small broken file per check, each problem with its status, line and column. */
const { write, read } = genotypeScratch('genotype-checks-');

describe('flat text and Flapjack genotype files', () => {
  const header = ['# dataset = Trial panel', '# markerType = SNP', 'Linkage Group / Chromosome\t1\t1\t2', 'Position\t10\t20.5\t7', 'Lines/Markers\tm1\tm2\tm3'];

  it('reads meta lines, map rows and calls; skips empty lines and lines without a TAB; pads short rows', async () => {
    const { reader, records, issues } = await read(
      [...header, '', 'a note without tabs', 'G1\tA\tA/G\t-', 'G2\tT', 'G3\t\tC\tG\t\t'].join('\r\n'),
      'calls.txt',
    );
    expect(issues).toEqual([]);
    expect(reader.header).toEqual({
      orientation: 'germplasm-rows',
      columns: ['m1', 'm2', 'm3'],
      chromosomes: ['1', '1', '2'],
      positions: [10, 20.5, 7],
      meta: { dataset: 'Trial panel', markerType: 'SNP' },
      headerLine: 5,
    });
    expect(records).toEqual([
      { line: 8, name: 'G1', calls: ['A', 'A/G', ''] },
      { line: 9, name: 'G2', calls: ['T', '', ''] },
      { line: 10, name: 'G3', calls: ['', 'C', 'G'] },
    ]);
  });

  it('no marker line: GENOTYPE_MISSING_ROW, no records', async () => {
    const { records, issues } = await read('# dataset = x\nonly text\n', 'calls.txt');
    expect(where(issues)).toEqual([['GENOTYPE_MISSING_ROW', -1, 'Lines/Markers', null]]);
    expect(issues[0].message).toBe('Markers row empty');
    expect(records).toEqual([]);
  });

  it('an empty marker line: GENOTYPE_MISSING_ROW on its line', async () => {
    const { issues } = await read('Lines/Markers\t\t\nG1\tA\n', 'calls.txt');
    expect(where(issues)).toEqual([['GENOTYPE_MISSING_ROW', 1, 'Lines/Markers', null]]);
  });

  it('a position row without a chromosome row: GENOTYPE_MISSING_ROW', async () => {
    const { issues } = await read('Position\t1\t2\nLines/Markers\tm1\tm2\nG1\tA\tC\n', 'calls.txt');
    expect(where(issues)).toEqual([['GENOTYPE_MISSING_ROW', -1, 'Linkage Group / Chromosome', null]]);
  });

  it('a map row of another length than the marker row: GENOTYPE_HEADER_LENGTH_MISMATCH on its line', async () => {
    const { issues } = await read(['Linkage Group / Chromosome\t1\t1\t1', 'Position\t1\t2', 'Lines/Markers\tm1\tm2\tm3', 'G1\tA\tC\tT'].join('\n'), 'calls.txt');
    expect(where(issues)).toEqual([['GENOTYPE_HEADER_LENGTH_MISMATCH', 2, 'Position', null]]);
    expect(issues[0].message).toBe('Position: 2 values for 3 markers');
  });

  it('a position that is not a number: GENERIC_INVALID_NUMBER with the line, the marker and the text', async () => {
    const { reader, issues } = await read(['Linkage Group / Chromosome\t1\t1', 'Position\t12\t3,5', 'Lines/Markers\tm1\tm2'].join('\n'), 'calls.txt');
    expect(where(issues)).toEqual([['GENERIC_INVALID_NUMBER', 2, 'm2', '3,5']]);
    expect(reader.header.positions).toEqual([12, null]);
  });

  it('a line with more calls than markers: GENOTYPE_HEADER_LENGTH_MISMATCH at the first extra column; the line is not yielded', async () => {
    const { records, issues } = await read(tsv([['Lines/Markers', 'm1', 'm2'], ['G1', 'A', 'C'], ['G2', 'A', 'C', 'T'], ['G3', 'G', 'G', '']]), 'calls.txt');
    expect(where(issues)).toEqual([['GENOTYPE_HEADER_LENGTH_MISMATCH', 3, '4', 'T']]);
    expect(records.map((r) => r.name)).toEqual(['G1', 'G3']);
  });

  it('an empty germplasm name and a marker named twice are reported', async () => {
    const { records, issues } = await read(tsv([['', 'm1', 'm1'], ['G1', 'A', 'C'], [' ', 'A', 'C']]), 'calls.dat');
    expect(where(issues)).toEqual([
      ['GENERIC_DUPLICATE_COLUMN', 1, '3', 'm1'],
      ['GENERIC_MISSING_REQUIRED_VALUE', 3, 'Lines/Markers', null],
    ]);
    expect(records.map((r) => r.name)).toEqual(['G1']);
  });

  it('keeps at most ISSUES_PER_STATUS problems of a status and counts the rest in one closing issue', async () => {
    const rows = [['Lines/Markers', 'm1'], ...Array.from({ length: ISSUES_PER_STATUS + 5 }, (_, i) => [`G${i}`, 'A', 'C'])];
    const { records, issues } = await read(tsv(rows), 'calls.txt');
    expect(records).toEqual([]);
    expect(issues).toHaveLength(ISSUES_PER_STATUS + 1);
    expect(issues.at(-1)).toMatchObject({ status: 'GENOTYPE_HEADER_LENGTH_MISMATCH', rowIndex: -1, message: '… and 5 more of this problem (not listed)' });
  });
});

describe('text encoding and line ends', () => {
  it('reads UTF-8 with a byte order mark, CRLF, a line longer than a read chunk and a character split by a chunk edge', async () => {
    const markers = Array.from({ length: 60_000 }, (_, i) => `marker-${i}`);
    const head = `\uFEFFLines/Markers\t${markers.join('\t')}\r\n`;
    const name = 'Ölrübe-α'.padStart(300_000 - Buffer.byteLength(head), 'x');
    const content = `${head}${name}\t${markers.map(() => 'A').join('\t')}\r\n`;
    const { reader, records, issues } = await read(content, 'calls.txt');
    expect(issues).toEqual([]);
    expect(reader.header.columns).toEqual(markers);
    expect(records).toHaveLength(1);
    expect(records[0].name).toBe(name);
    expect(records[0].calls.every((c) => c === 'A')).toBe(true);
  });

  it('bytes that are not UTF-8 stop the reading with GENERIC_INVALID_ENCODING and their line, in any chunk', async () => {
    const failure = (file: string) =>
      openGenotypeFile(file, { extension: '.txt' })
        .then(collect)
        .then(
          () => null,
          (e: unknown) => e as { issue: ImportIssue; message: string },
        );
    const near = write('latin1.txt', Buffer.concat([Buffer.from('Lines/Markers\tm1\nG1\tA\nGer'), Buffer.from([0xe4]), Buffer.from('te\tC\n')]));
    const error = await failure(near);
    expect(error?.issue.status).toBe('GENERIC_INVALID_ENCODING');
    expect(error?.message).toMatch(/line 3 contains the byte 0xE4/);
    // Far past the first read chunk (256 KiB): the line is counted across chunks.
    const lines = Array.from({ length: 40_000 }, (_, i) => `G${i}\tA`).join('\n');
    const far = write('latin1-far.txt', Buffer.concat([Buffer.from(`Lines/Markers\tm1\n${lines}\nGer`), Buffer.from([0xe4]), Buffer.from('te\tC\n')]));
    expect(fs.statSync(far).size).toBeGreaterThan(256 * 1024);
    const farError = await failure(far);
    expect(farError?.issue.status).toBe('GENERIC_INVALID_ENCODING');
    expect(farError?.message).toMatch(/line 40002 contains the byte 0xE4/);
  });
});

describe('HapMap', () => {
  const fixed = ['rs#', 'alleles', 'chrom', 'pos', 'strand', 'assembly#', 'center', 'protLSID', 'assayLSID', 'panelLSID', 'QCcode'];
  const row = (name: string, pos: string, calls: string[]) => [name, 'A/G', '3', pos, '+', 'NA', 'NA', 'NA', 'NA', 'NA', 'NA', ...calls];

  it('converts two-letter, IUPAC, indel and missing codes', async () => {
    const { reader, records, issues } = await read(
      tsv([
        [...fixed, 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7'],
        row('snp1', '100', ['AG', 'AA', 'NN', 'N', 'R', 'Y', '0']),
        row('snp2', '', ['S', 'W', 'K', 'M', 'T', '+-', '--']),
      ]),
      'panel.hapmap',
    );
    expect(issues).toEqual([]);
    expect(reader.header.columns).toEqual(['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7']);
    expect(records).toEqual([
      { line: 2, name: 'snp1', chromosome: '3', position: 100, calls: ['A/G', 'A', '', '', 'A/G', 'C/T', ''] },
      { line: 3, name: 'snp2', chromosome: '3', position: null, calls: ['C/G', 'A/T', 'G/T', 'A/C', 'T', '+/-', '-'] },
    ]);
  });

  it('a wrong fixed header: GENOTYPE_HAPMAP_INCORRECT_HEADER on row 1 with the column and what was found', async () => {
    const header = [...fixed];
    header[3] = 'position';
    const { issues } = await read(tsv([[...header, 'G1'], row('snp1', '1', ['AA'])]), 'panel.hmp.txt');
    expect(where(issues)).toEqual([['GENOTYPE_HAPMAP_INCORRECT_HEADER', 1, 'pos', 'position']]);
  });

  it('a row with another number of fields: GENOTYPE_HAPMAP_INCORRECT_ROW_LENGTH, message = the marker', async () => {
    const { records, issues } = await read(tsv([[...fixed, 'G1', 'G2'], row('snp1', '1', ['AA']), row('snp2', '2', ['AA', 'CC'])]), 'panel.hapmap');
    expect(where(issues)).toEqual([['GENOTYPE_HAPMAP_INCORRECT_ROW_LENGTH', 2, '13', null]]);
    expect(issues[0].message).toBe('snp1');
    expect(records.map((r) => r.name)).toEqual(['snp2']);
  });

  it('an empty marker name: GENERIC_MISSING_REQUIRED_VALUE; a position that is not a number: GENERIC_INVALID_NUMBER', async () => {
    const { records, issues } = await read(tsv([[...fixed, 'G1'], row('', '1', ['AA']), row('snp2', '12a', ['AA']), row('snp3', '3', ['CC'])]), 'panel.hapmap');
    expect(where(issues)).toEqual([
      ['GENERIC_MISSING_REQUIRED_VALUE', 2, 'rs#', null],
      ['GENERIC_INVALID_NUMBER', 3, 'pos', '12a'],
    ]);
    expect(records.map((r) => r.name)).toEqual(['snp3']);
  });
});

describe('VCF', () => {
  const head = ['##fileformat=VCFv4.3', '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">'];
  const columns = ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', 'S1', 'S2', 'S3'];
  const variant = (id: string, ref: string, alt: string, format: string, samples: string[], pos = '100') =>
    ['chr1', pos, id, ref, alt, '.', 'PASS', '.', format, ...samples].join('\t');
  const vcf = (...lines: string[]) => `${[...head, columns.join('\t'), ...lines].join('\n')}\n`;

  it('decodes unphased, phased, multi-allelic, haploid, indel and missing calls; ID "." names the marker CHROM_POS', async () => {
    const { reader, records, issues } = await read(
      vcf(
        variant('rs1', 'A', 'G', 'GT', ['0/0', '0/1', '1|0']),
        variant('rs2', 'A', 'T,C', 'GT:DP', ['1/2:4', '2/2:9', '0|2:1']),
        variant('.', 'AT', 'A', 'GT:GQ', ['1:40', '0:30', '.:.'], '2500'),
        variant('rs4', 'C', '.', 'GT', ['./.', '.|.', '.']),
        variant('rs5', 'G', 'A', 'GT', ['0|0', './1', '1/1/0']),
      ),
      'calls.vcf',
    );
    expect(issues).toEqual([]);
    expect(reader.header).toEqual({ orientation: 'marker-rows', columns: ['S1', 'S2', 'S3'], meta: {}, headerLine: 3 });
    expect(records).toEqual([
      { line: 4, name: 'rs1', chromosome: 'chr1', position: 100, calls: ['A', 'A/G', 'G|A'] },
      { line: 5, name: 'rs2', chromosome: 'chr1', position: 100, calls: ['T/C', 'C', 'A|C'] },
      { line: 6, name: 'chr1_2500', chromosome: 'chr1', position: 2500, calls: ['A', 'AT', ''] },
      { line: 7, name: 'rs4', chromosome: 'chr1', position: 100, calls: ['', '', ''] },
      { line: 8, name: 'rs5', chromosome: 'chr1', position: 100, calls: ['G', '', 'A/A/G'] },
    ]);
  });

  it('FORMAT without GT first: reported with the line and the FORMAT text', async () => {
    const { records, issues } = await read(vcf(variant('rs1', 'A', 'G', 'DP:GT', ['3:0/1', '4:1/1', '5:0/0']), variant('rs2', 'A', 'G', 'GT', ['0/1', '1/1', '0/0'])), 'calls.vcf');
    expect(where(issues)).toEqual([['GENERIC_MISSING_REQUIRED_VALUE', 4, 'FORMAT', 'DP:GT']]);
    expect(records.map((r) => r.name)).toEqual(['rs2']);
  });

  it('a row with too few or too many samples: GENOTYPE_HEADER_LENGTH_MISMATCH at the first missing or extra column', async () => {
    const { records, issues } = await read(
      vcf(variant('rs1', 'A', 'G', 'GT', ['0/1', '1/1']), variant('rs2', 'A', 'G', 'GT', ['0/1', '1/1', '0/0', '0/0']), variant('rs3', 'A', 'G', 'GT', ['0/1', '1/1', '0/0'])),
      'calls.vcf',
    );
    expect(where(issues)).toEqual([
      ['GENOTYPE_HEADER_LENGTH_MISMATCH', 4, 'S3', null],
      ['GENOTYPE_HEADER_LENGTH_MISMATCH', 5, '13', null],
    ]);
    expect(issues[0].message).toBe('Line 4 has 11 columns, the header has 12');
    expect(records.map((r) => r.name)).toEqual(['rs3']);
  });

  it('a truncated last line (no line end, fewer fields): reported as a file cut short, with line and column', async () => {
    const content = vcf(variant('rs1', 'A', 'G', 'GT', ['0/1', '1/1', '0/0'])) + ['chr1', '200', 'rs2', 'A', 'G', '.', 'PASS'].join('\t');
    const { records, issues } = await read(content, 'calls.vcf');
    expect(where(issues)).toEqual([['GENOTYPE_HEADER_LENGTH_MISMATCH', 5, 'INFO', null]]);
    expect(issues[0].message).toBe('The file ends inside line 5 (7 columns, the header has 12): it looks cut short');
    expect(records.map((r) => r.name)).toEqual(['rs1']);
  });

  it('an allele ALT does not list, a GT that is not one, a POS that is not a number', async () => {
    const { records, issues } = await read(
      vcf(variant('rs1', 'A', 'G', 'GT', ['0/1', '0/2', '0/0']), variant('rs2', 'A', 'G', 'GT', ['0/1', 'A/G', '0/0']), variant('rs3', 'A', 'G', 'GT', ['0/1', '0/1', '0/0'], '1e'), variant('rs4', 'A', 'G', 'GT', ['0/1', '0/1', '1/1'])),
      'calls.vcf',
    );
    expect(where(issues)).toEqual([
      ['GENERIC_INVALID_REFERENCE', 4, 'S2', '0/2'],
      ['GENERIC_INVALID_DATATYPE', 5, 'S2', 'A/G'],
      ['GENERIC_INVALID_NUMBER', 6, 'POS', '1e'],
    ]);
    expect(records.map((r) => r.name)).toEqual(['rs4']);
  });

  it('no #CHROM line: GENOTYPE_MISSING_ROW; a header without samples: GENERIC_MISSING_COLUMN', async () => {
    const missing = await read(`${head.join('\n')}\n${variant('rs1', 'A', 'G', 'GT', ['0/1'])}\n`, 'calls.vcf');
    expect(where(missing.issues)).toEqual([['GENOTYPE_MISSING_ROW', 3, '#CHROM', null]]);
    const sitesOnly = await read(`${head.join('\n')}\n${columns.slice(0, 8).join('\t')}\n`, 'calls.vcf');
    expect(where(sitesOnly.issues)).toEqual([['GENERIC_MISSING_COLUMN', 3, 'FORMAT', null]]);
    expect(sitesOnly.records).toEqual([]);
  });
});

describe('reading the records', () => {
  /** Whether this process holds the file open (Linux lists a process's open files under /proc/self/fd). */
  const isOpen = (file: string) => {
    const real = fs.realpathSync(file);
    return fs.readdirSync('/proc/self/fd').some((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`) === real;
      } catch {
        return false; // the directory's own descriptor is gone by now
      }
    });
  };
  const site = (name: string, call: string) => ['1', '10', name, 'A', 'G', '.', '.', '.', 'GT', call];
  const files: [name: string, content: string][] = [
    ['calls.txt', tsv([['Lines/Markers', 'm1'], ['G1', 'A'], ['G2', 'C']])],
    ['panel.hapmap', tsv([[...HAPMAP_COLUMNS, 'G1'], ['snp1', 'A/G', '1', '10', ...Array<string>(7).fill('NA'), 'AA'], ['snp2', 'A/G', '1', '20', ...Array<string>(7).fill('NA'), 'GG']])],
    ['calls.vcf', tsv([[...VCF_COLUMNS, 'S1'], site('rs1', '0/1'), site('rs2', '1/1')])],
    ['positions.map', tsv([['m1', '1', '0'], ['m2', '1', '5']])],
  ];

  it.each(files)('%s: stopping after the first record closes the file, and the records cannot be read again', async (name, content) => {
    const file = write(name, content);
    const reader = name.endsWith('.map') ? await openMapFile(file, name) : await openGenotypeFile(file, { extension: name });
    expect(isOpen(file)).toBe(true);
    const lines: number[] = [];
    for await (const record of reader.records()) {
      lines.push(record.line);
      break;
    }
    expect(lines).toEqual([name.endsWith('.map') ? 1 : 2]);
    expect(isOpen(file)).toBe(false);
    await expect(reader.records()[Symbol.asyncIterator]().next()).rejects.toThrow(/^The records of a (genotype|map) file can be read once\.$/);
    expect(reader.issues).toEqual([]);
  });
});
