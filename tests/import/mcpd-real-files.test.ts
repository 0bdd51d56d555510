import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedFile } from '../../src/server/import/importer.js';
import { readImportFile } from '../../src/server/import/read-file.js';
import { updatePdci } from '../../src/plugins/germplasm/pdci.js';
import { insertRows } from '../../src/plugins/germplasm/import/mcpd-insert.js';
import { prepareRow } from '../../src/plugins/germplasm/import/mcpd-prepare.js';
import { readLayout, readRecords } from '../../src/plugins/germplasm/import/mcpd-row.js';
import { loadCountries } from '../../src/plugins/germplasm/import/mcpd-sql.js';
import { testDialects } from '../support/databases.js';
import type { GermplasmTables } from '../../src/plugins/germplasm/tables.js';
import { brief, harness, type Harness } from './mcpd-fixtures.js';

const EXAMPLE = '/work/shared/data/germinate-templates/germplasm/example-germplasm-mcpd.xlsx';
const GENESYS = '/work/shared/data/genesys-passport-cwr/passport_mcpd.tsv';
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * The example template holds three DMS values with 60 seconds (Germinate converts them; MCPD seconds are
 * 00–59), so it does not pass our check as it is. The same workbook with those cells written correctly
 * (26°10'60" = 26°11'00") must check clean and import completely.
 */
const DMS_FIXES: [row: number, column: number, bad: string, good: string][] = [
  [2, 19, '261060N', '261100N'],
  [2, 21, '0914360E', '0914400E'],
  [8, 21, '0772560E', '0772600E'],
];

function corrected(file: ParsedFile): ParsedFile {
  const data = file.sheets.get('DATA');
  if (!data) throw new Error('no DATA sheet');
  const rows = data.rows.map((r) => ({ row: r.row, cells: [...r.cells] }));
  for (const [row, column, bad, good] of DMS_FIXES) {
    const target = rows.find((r) => r.row === row);
    expect(data.header[column]).toBe(column === 19 ? 'LATITUDE' : 'LONGITUDE');
    expect(target?.cells[column]).toBe(bad);
    if (target) target.cells[column] = good;
  }
  return { kind: file.kind, sheets: new Map([...file.sheets, ['DATA', { ...data, rows }]]) };
}

/**
 * Genesys rows the checks reject (Germinate's own rules, kept): ORIGCTY with withdrawn ISO codes that the
 * countries table lacks (SUN, YUG, DDR, SCG, CSK, ROM), and COLLSITE without a valid ORIGCTY.
 */
const GENESYS_INVALID_COUNTRY = [
  340, 1739, 1994, 2273, 2292, 2367, 2374, 2375, 2409, 2414, 2446, 2447, 2448, 2451, 2452, 2455, 2464, 2466, 2467, 2468, 2477, 2489,
  2552, 2558, 2572, 2634, 2636, 2637, 2638, 2639, 2640, 2645, 2646, 2752, 2765, 2771, 2772, 2780, 2893, 2928, 2984,
];
const GENESYS_MISSING_COUNTRY = [
  340, ...Array.from({ length: 18 }, (_, i) => 932 + i), 1127, 1755, 1757, 1763, 1772, 2273, 2292, 2652, 2780, 2984,
];

describe.each(testDialects())('MCPD real files on %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(dialect);
  });
  afterAll(async () => h?.test.cleanup());

  it('example template: only the three 60-second DMS values fail; corrected, it imports 2,010 germplasm', async () => {
    const file = await readImportFile(EXAMPLE, { maxBytes: MAX_BYTES });
    expect(brief(await h.check(file))).toEqual(
      DMS_FIXES.map(([row, column, bad]) => ({
        status: 'MCPD_INVALID_DMS', type: 'ERROR', rowIndex: row, sheet: 'DATA', column: column === 19 ? 'LATITUDE' : 'LONGITUDE', value: bad,
      })),
    );

    const fixed = corrected(file);
    const { issues, stats } = await h.run(fixed);
    expect(issues).toEqual([]);
    expect(stats).toMatchObject({ germplasm: 2010, updated: 0, attributes: 4, attributeValues: 32 });
    expect(await h.count('germinatebase')).toBe(2010);
    expect(await h.count('mcpd')).toBe(2010);

    const plants = await h.db
      .selectFrom('germinatebase as g')
      .innerJoin('germinatebase as p', 'p.id', 'g.entityparent_id')
      .select(['g.general_identifier as child', 'p.general_identifier as parent', 'g.entitytype_id as type'])
      .orderBy('g.id')
      .execute();
    // The workbook's own naming slip: the plant of CACTUAR-3525 is called CACTUAR-1525-1.
    const child = (i: number) => (i === 5 ? 'CACTUAR-1525-1' : `CACTUAR-${3520 + i}-1`);
    expect(plants).toEqual(Array.from({ length: 10 }, (_, i) => ({ child: child(i), parent: `CACTUAR-${3520 + i}`, type: 2 })));

    const values = await h.db
      .selectFrom('attributedata as d')
      .innerJoin('attributes as a', 'a.id', 'd.attribute_id')
      .innerJoin('germinatebase as g', 'g.id', 'd.foreign_id')
      .select(['a.name', 'd.value'])
      .where('g.general_identifier', '=', 'CACTUAR-2001')
      .orderBy('d.id')
      .execute();
    expect(values).toEqual([
      { name: 'In 2017 Polytunnel', value: '+' },
      { name: 'AFP Number', value: '1034' },
      { name: 'Barcode', value: 'ELF956' },
      { name: 'Additional Backup Germplasm Collection', value: 'Svalbard' },
    ]);
    const first = await h.db.selectFrom('mcpd').selectAll().where('accenumb', '=', 'CACTUAR-2001').executeTakeFirstOrThrow();
    expect(first).toMatchObject({ subtaxa: 'subsp.  spontaneum', acqdate: '20160225', declatitude: 26.183333, latitude: '261100N', sampstat: 410, storage: '11' });

    // A second insert of the same workbook: every DATA row is a duplicate.
    const again = await h.check(fixed);
    expect(again.every((i) => i.status === 'MCPD_DUPLICATE_ACCENUMB')).toBe(true);
    expect(again.map((i) => i.rowIndex)).toEqual(fixed.sheets.get('DATA')?.rows.map((r) => r.row));
    expect(again).toHaveLength(2010);
  });

  it('inserts the PDCI that updatePdci computes (so that updatePdci has nothing to rewrite)', async () => {
    await h.db.deleteFrom('germinatebase').execute();
    for (const path of [EXAMPLE, GENESYS]) {
      const data = (await readImportFile(path, { maxBytes: MAX_BYTES })).sheets.get('DATA');
      if (!data) throw new Error('no DATA');
      const rows = readRecords(data, readLayout(data)).map(prepareRow);
      await h.test.database.db.transaction().execute(async (trx) => {
        const target = { db: trx, dialect };
        const { ids } = await insertRows(target, rows, await loadCountries(target.db.withTables()));
        const read = async () => (await trx.withTables<GermplasmTables>().selectFrom('germinatebase').select(['id', 'pdci']).orderBy('id').execute());
        const guessed = await read();
        expect(guessed.filter((g) => g.pdci !== null).length).toBeGreaterThan(1000);
        await updatePdci(target, ids);
        expect(await read()).toEqual(guessed);
      });
      await h.db.deleteFrom('germinatebase').execute();
    }
  });

  it('Genesys passport TSV: only the country rows fail; write() stores all 3,022 rows', async () => {
    await h.db.deleteFrom('germinatebase').execute();
    const file = await readImportFile(GENESYS, { maxBytes: MAX_BYTES });
    expect(file.sheets.get('DATA')?.rows).toHaveLength(3022);
    const issues = await h.check(file);
    expect(issues.filter((i) => i.status === 'GENERIC_INVALID_COUNTRY_CODE').map((i) => i.rowIndex)).toEqual(GENESYS_INVALID_COUNTRY);
    expect(issues.filter((i) => i.status === 'GENERIC_MISSING_COUNTRY').map((i) => i.rowIndex)).toEqual(GENESYS_MISSING_COUNTRY);
    expect(issues).toHaveLength(GENESYS_INVALID_COUNTRY.length + GENESYS_MISSING_COUNTRY.length);
    expect(new Set(issues.filter((i) => i.status === 'GENERIC_INVALID_COUNTRY_CODE').map((i) => i.value))).toEqual(new Set(['SUN', 'YUG', 'DDR', 'SCG', 'CSK', 'ROM']));

    // The pipeline stops here; write() itself copes with those rows (no collecting site for them).
    const stats = await h.write(file);
    expect(stats.germplasm).toBe(3022);
    expect(await h.count('germinatebase')).toBe(3022);
    expect(await h.count('mcpd')).toBe(3022);
    const beet = await h.db.selectFrom('mcpd').selectAll().where('accenumb', '=', 'PI 504217').executeTakeFirstOrThrow();
    expect(beet).toMatchObject({ instcode: 'USA022', genus: 'Beta', species: 'vulgaris', subtaxa: 'subsp. maritima', acqdate: '19860325', elevation: 150, storage: '10' });
    const partial = await h.db.selectFrom('mcpd').select('acqdate').where('acqdate', '=', '199001--').execute();
    expect(partial.length).toBeGreaterThan(0);
    const uncertain = await h.db.selectFrom('mcpd').select('coorduncert').where('coorduncert', 'is not', null).execute();
    expect(uncertain).toHaveLength(20);

    const again = await h.check(file);
    const duplicates = again.filter((i) => i.status === 'MCPD_DUPLICATE_ACCENUMB');
    expect(duplicates.map((i) => i.rowIndex)).toEqual(file.sheets.get('DATA')?.rows.map((r) => r.row));
    expect(again).toHaveLength(3022 + issues.length);
  });
});
