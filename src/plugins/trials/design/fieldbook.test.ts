import { describe, expect, it } from 'vitest';
import { readFieldbook } from './fieldbook.js';
import { DESIGN_MESSAGES as M } from './messages.js';
import { MAX_PLOTS } from './plot.js';

describe('fieldbook', () => {
  it('data is required', () => {
    for (const empty of ['', '   ', '\n\n\t\n', 'Germplasm\tRow\tColumn\n']) {
      expect(readFieldbook(empty)).toEqual({ plots: [], problems: [{ key: M.fieldbookRequired }] });
    }
  });

  it('reads one plot per line separated by tabs, skipping blank lines', () => {
    const { plots, problems } = readFieldbook('Barke\t1\t1\n\nGolden Promise\t1\t2\r\n  \nLine 17\t2\t1\n');
    expect(problems).toEqual([]);
    expect(plots).toEqual([
      { germplasm: 'Barke', row: 1, column: 1, line: 1 },
      { germplasm: 'Golden Promise', row: 1, column: 2, line: 3 },
      { germplasm: 'Line 17', row: 2, column: 1, line: 5 },
    ]);
  });

  it('reads commas or semicolons when there are no tabs, and recognises a header by its words', () => {
    expect(readFieldbook('germplasm,row,column\nBarke,1,1\nGP,1,2').plots.map((p) => [p.germplasm, p.line])).toEqual([['Barke', 2], ['GP', 3]]);
    expect(readFieldbook('Name;Row;Col\nBarke;3;4').plots).toEqual([{ germplasm: 'Barke', row: 3, column: 4, line: 2 }]);
    expect(readFieldbook('Accession, Row, Column\nBarke, 1, 1').problems).toEqual([]);
    // A first line of data is data, even when its germplasm reads like a header word.
    expect(readFieldbook('Line,1,1\nBarke,1,2').plots.map((p) => p.germplasm)).toEqual(['Line', 'Barke']);
  });

  it('gives every line its own message with the line number', () => {
    const text = ['Germplasm\tRow\tColumn', '\t1\t1', 'Barke\tx\t1', 'Barke\t1\ty', 'Barke', 'GP\t2\t2\textra', 'GP\t2\t3\t', 'Zebra\t2\t2'].join('\n');
    const { plots, problems } = readFieldbook(text);
    expect(problems).toEqual([
      { key: M.missingGermplasm, values: { line: 2 } },
      { key: M.rowNotNumber, values: { line: 3, value: 'x' } },
      { key: M.columnNotNumber, values: { line: 4, value: 'y' } },
      { key: M.rowMissing, values: { line: 5 } },
      { key: M.columnMissing, values: { line: 5 } },
      { key: M.fieldbookExtraFields, values: { line: 6 } },
      { key: M.duplicateCell, values: { line: 8, row: 2, column: 2, first: 6 } },
    ]);
    // A trailing delimiter is not an extra field.
    expect(plots.map((p) => p.line)).toEqual([6, 7, 8]);
  });

  it('refuses more plots than one trial creation takes', () => {
    const lines = Array.from({ length: MAX_PLOTS + 1 }, (_, i) => `G\t${Math.floor(i / 1000) + 1}\t${(i % 1000) + 1}`);
    const { plots, problems } = readFieldbook(lines.join('\n'));
    expect(plots).toHaveLength(MAX_PLOTS + 1);
    expect(problems).toEqual([{ key: M.tooManyPlots, values: { needed: MAX_PLOTS + 1, max: MAX_PLOTS } }]);
  });
});
