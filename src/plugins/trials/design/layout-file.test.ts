import { describe, expect, it } from 'vitest';
import { readRecords } from './delimited.js';
import { readLayoutFile } from './layout-file.js';
import { DESIGN_MESSAGES as M } from './messages.js';
import { toCreationDetails } from './plot.js';

describe('layout file', () => {
  it('reads the field-design tool\'s CSV field book: TREATMENT is the germplasm, IBLOCK the block', () => {
    const csv = [
      'ID,LOCATION,PLOT,REP,IBLOCK,ROW,COLUMN,ENTRY,TREATMENT',
      '1,FARGO,101,1,1,1,1,3,Barke',
      '2,FARGO,102,1,1,1,2,1,"Golden Promise"',
      '3,FARGO,103,2,2,2,1,2,"O\'Brien, early"',
    ].join('\r\n');
    const { plots, problems } = readLayoutFile(csv);
    expect(problems).toEqual([]);
    expect(plots).toEqual([
      { germplasm: 'Barke', row: 1, column: 1, rep: '1', block: '1', plotNumber: 101, line: 2 },
      { germplasm: 'Golden Promise', row: 1, column: 2, rep: '1', block: '1', plotNumber: 102, line: 3 },
      { germplasm: "O'Brien, early", row: 2, column: 1, rep: '2', block: '2', plotNumber: 103, line: 4 },
    ]);
    expect(toCreationDetails(7, plots)).toEqual({
      datasetId: 7,
      plots: [
        { germplasm: 'Barke', row: 1, column: 1, rep: '1', block: '1' },
        { germplasm: 'Golden Promise', row: 1, column: 2, rep: '1', block: '1' },
        { germplasm: "O'Brien, early", row: 2, column: 1, rep: '2', block: '2' },
      ],
    });
  });

  it('takes ENTRY as the germplasm only when no name column exists', () => {
    expect(readLayoutFile('ENTRY,ROW,COLUMN\nBarke,1,1\n').plots).toEqual([{ germplasm: 'Barke', row: 1, column: 1, line: 2 }]);
    expect(readLayoutFile('Entry;Name;Row;Col\n5;Barke;1;2\n').plots[0].germplasm).toBe('Barke');
  });

  it('reads TSV with headers in any case; rep, block and plot are optional', () => {
    const { plots, problems } = readLayoutFile('Germplasm\tRow\tColumn\tReplicate\nBarke\t1\t1\t2\n\nGP\t1\t2\t\n');
    expect(problems).toEqual([]);
    expect(plots).toEqual([
      { germplasm: 'Barke', row: 1, column: 1, rep: '2', line: 2 },
      { germplasm: 'GP', row: 1, column: 2, line: 4 },
    ]);
  });

  it('a file without the germplasm or row/column headers is one message naming them', () => {
    expect(readLayoutFile('plot,rep,x,y\n1,1,1,1\n').problems).toEqual([{ key: M.layoutMissingHeaders, values: { headers: 'germplasm, row, column' } }]);
    expect(readLayoutFile('accession,row,col_x\nA,1,1\n').problems).toEqual([{ key: M.layoutMissingHeaders, values: { headers: 'column' } }]);
    expect(readLayoutFile('').problems).toEqual([{ key: M.layoutEmpty }]);
    expect(readLayoutFile('\n\nname,row,column\n').problems).toEqual([{ key: M.layoutEmpty }]);
  });

  it('names every line with a problem, in line order, and keeps the good lines', () => {
    const text = ['name,row,column,plot', 'A,1,1,1', ',1,2,2', 'B,x,3,3', 'C,1,,4', 'D,1,2.5,five', 'E,1,1,6', 'F,0,40000,7'].join('\n');
    const { plots, problems } = readLayoutFile(text);
    expect(plots.map((p) => p.germplasm)).toEqual(['A', 'E']);
    expect(problems).toEqual([
      { key: M.missingGermplasm, values: { line: 3 } },
      { key: M.rowNotNumber, values: { line: 4, value: 'x' } },
      { key: M.columnMissing, values: { line: 5 } },
      { key: M.columnNotNumber, values: { line: 6, value: '2.5' } },
      { key: M.plotNotNumber, values: { line: 6, value: 'five' } },
      { key: M.duplicateCell, values: { line: 7, row: 1, column: 1, first: 2 } },
      { key: M.rowNotNumber, values: { line: 8, value: '0' } },
      { key: M.columnNotNumber, values: { line: 8, value: '40000' } },
    ]);
  });

  it('reads quoted fields across lines and reports a quote left open', () => {
    const { records, problems } = readRecords('a,"b ""c""\nd",e\r\n\r\nf,g', ',');
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b "c"\nd', 'e'] },
      { line: 4, fields: ['f', 'g'] },
    ]);
    expect(readLayoutFile('name,row,column\n"Barke,1,1\n').problems).toContainEqual({ key: M.unclosedQuote, values: { line: 2 } });
    // A byte-order mark does not hide the first header.
    expect(readLayoutFile('\uFEFFname,row,column\nA,1,1').problems).toEqual([]);
  });
});
