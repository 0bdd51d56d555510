import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readImportFile } from '../../src/server/import/read-file.js';
import { testDialects } from '../support/databases.js';
import { MB, scratchDir } from './helpers.js';
import { brief, harness, type Harness } from './mcpd-fixtures.js';

/**
 * MCPD as delimited text with the columns a genebank records, not all 41: only ACCENUMB is mandatory there,
 * absent columns read as empty, and every value is checked whatever columns are missing.
 */
const scratch = scratchDir();
afterAll(() => scratch.remove());

const lines = (rows: string[][], separator = '\t') => rows.map((r) => r.join(separator)).join('\n') + '\n';
const SEVEN = ['INSTCODE', 'ACCENUMB', 'GENUS', 'SPECIES', 'ORIGCTY', 'SAMPSTAT', 'ACQDATE'];

describe.each(testDialects())('MCPD text with some columns (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(dialect);
  });
  afterEach(async () => {
    await h.test.cleanup();
  });
  const read = (name: string, content: string) => readImportFile(scratch.file(name, content), { maxBytes: MB });

  it('imports a 7-column file: its values stored, every absent column empty', async () => {
    const file = await read(`seven-${dialect}.txt`, lines([
      SEVEN,
      ['GBR251', 'ACC-1', 'Hordeum', 'vulgare', 'GBR', '300', '19980115'],
      ['GBR251', 'ACC-2', 'Triticum', 'aestivum', 'deu', '500', '2001----'],
    ]));
    const { issues, stats } = await h.run(file);
    expect(brief(issues)).toEqual([]);
    expect(stats).toMatchObject({ germplasm: 2 });
    const rows = await h.db
      .selectFrom('mcpd')
      .innerJoin('germinatebase as g', 'g.id', 'mcpd.germinatebase_id')
      .innerJoin('taxonomies as t', 't.id', 'g.taxonomy_id')
      .select(['g.general_identifier', 't.genus', 't.species', 'mcpd.instcode', 'mcpd.origcty', 'mcpd.sampstat', 'mcpd.acqdate', 'mcpd.puid', 'mcpd.collsrc', 'mcpd.remarks'])
      .orderBy('g.general_identifier')
      .execute();
    expect(rows).toEqual([
      { general_identifier: 'ACC-1', genus: 'Hordeum', species: 'vulgare', instcode: 'GBR251', origcty: 'GBR', sampstat: 300, acqdate: '19980115', puid: null, collsrc: null, remarks: null },
      { general_identifier: 'ACC-2', genus: 'Triticum', species: 'aestivum', instcode: 'GBR251', origcty: 'deu', sampstat: 500, acqdate: '2001----', puid: null, collsrc: null, remarks: null },
    ]);
  });

  it('reports a missing mandatory column once and still checks every value (comma-separated too)', async () => {
    const header = SEVEN.filter((c) => c !== 'ACCENUMB');
    const file = await read(`no-accenumb-${dialect}.csv`, lines([
      header,
      ['GBR251', 'Hordeum', 'vulgare', 'GBR', '301', '19980115'],
      ['GBR251', 'Hordeum', 'vulgare', 'XYZ', '300', '19981301'],
      ['GBR251', 'Hordeum', 'vulgare', 'GBR', '300', '1998'],
    ], ','));
    const before = await h.count('germinatebase');
    const { issues, stats } = await h.run(file);
    expect(brief(issues)).toEqual([
      { status: 'GENERIC_MISSING_COLUMN', type: 'ERROR', rowIndex: -1, sheet: 'DATA', column: 'ACCENUMB', value: null },
      { status: 'MCPD_INVALID_SAMPSTAT', type: 'ERROR', rowIndex: 2, sheet: 'DATA', column: 'SAMPSTAT', value: '301' },
      { status: 'GENERIC_INVALID_DATE', type: 'ERROR', rowIndex: 3, sheet: 'DATA', column: 'ACQDATE', value: '19981301' },
      { status: 'GENERIC_INVALID_COUNTRY_CODE', type: 'ERROR', rowIndex: 3, sheet: 'DATA', column: 'ORIGCTY', value: 'XYZ' },
      { status: 'GENERIC_INVALID_DATE', type: 'ERROR', rowIndex: 4, sheet: 'DATA', column: 'ACQDATE', value: '1998' },
    ]);
    expect(stats).toBeNull();
    expect(await h.count('germinatebase')).toBe(before);
  });

  it('needs no optional column at all: ACCENUMB alone is a valid file', async () => {
    const file = await read(`accenumb-only-${dialect}.tsv`, lines([['ACCENUMB'], ['ACC-9']]));
    const { issues, stats } = await h.run(file);
    expect(brief(issues)).toEqual([]);
    expect(stats).toMatchObject({ germplasm: 1 });
  });

  it('still requires all 41 columns of Germinate\'s Excel template (a workbook missing some was not made from it)', async () => {
    const text = await read(`seven-${dialect}.txt`, lines([SEVEN, ['GBR251', 'ACC-1', 'Hordeum', 'vulgare', 'GBR', '300', '19980115']]));
    const workbook = { ...text, kind: 'xlsx' as const };
    const missing = (await h.check(workbook)).filter((i) => i.status === 'GENERIC_MISSING_COLUMN');
    expect(missing).toHaveLength(41 - SEVEN.length);
  });
});
