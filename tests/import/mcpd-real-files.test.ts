import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * The example template holds three DMS values with 60 seconds (26°10'60" = 26°11'00"). MCPD seconds are
 * 00–59, but a 60 is a rounding slip, not a wrong place: we read it as the next minute, as Germinate
 * does, and say so with a warning, so the template imports completely.
 */
const DMS_SIXTY: [row: number, column: string, value: string][] = [
  [2, 'LATITUDE', '261060N'],
  [2, 'LONGITUDE', '0914360E'],
  [8, 'LONGITUDE', '0772560E'],
];

/** Genesys rows with a collecting site but no ORIGCTY: kept under the unknown country, with a warning. */
const GENESYS_MISSING_COUNTRY = [...Array.from({ length: 18 }, (_, i) => 932 + i), 1127, 1755, 1757, 1763, 1772, 2652];

/** Rows of the Genesys file with ISO 3166-3 codes of countries that no longer exist (MCPD asks for those). */
const GENESYS_FORMER_COUNTRIES = ['SUN', 'YUG', 'DDR', 'SCG', 'CSK'];

describe.each(testDialects())('MCPD real files on %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(dialect);
  });
  afterAll(async () => h?.test.cleanup());

  it('example template: checks with three warnings (60 seconds) and imports 2,010 germplasm', async () => {
    const file = await readImportFile(EXAMPLE, { maxBytes: MAX_BYTES });
    expect(brief(await h.check(file))).toEqual(
      DMS_SIXTY.map(([row, column, value]) => ({ status: 'MCPD_INVALID_DMS', type: 'WARNING', rowIndex: row, sheet: 'DATA', column, value })),
    );

    const { issues, stats } = await h.run(file);
    expect(issues.filter((i) => i.type === 'ERROR')).toEqual([]);
    expect(stats).toMatchObject({ germplasm: 2010, updated: 0, attributes: 4, attributeValues: 32 });
    expect(await h.count('germinatebase')).toBe(2010);
    expect(await h.count('mcpd')).toBe(2010);

    // docs/pdci.md: under its assumptions the whole file scores 8 × 9.20, 4 × 7.35, 1,988 × 6.95 and the 10
    // Plant/Plot rows are not scored.
    const scores = await h.db.selectFrom('germinatebase').select('pdci').execute();
    const tally = new Map<string, number>();
    for (const { pdci } of scores) {
      const key = pdci === null ? 'null' : pdci.toFixed(2);
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(tally)).toEqual({ '9.20': 8, '7.35': 4, '6.95': 1988, null: 10 });

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
    expect(first).toMatchObject({ subtaxa: 'subsp.  spontaneum', acqdate: '20160225', declatitude: 26.183333, latitude: '261060N', sampstat: 410, storage: '11' });

    // A second insert of the same workbook: every DATA row is a duplicate.
    const again = (await h.check(file)).filter((i) => i.type === 'ERROR');
    expect(again.every((i) => i.status === 'MCPD_DUPLICATE_ACCENUMB')).toBe(true);
    expect(again.map((i) => i.rowIndex)).toEqual(file.sheets.get('DATA')?.rows.map((r) => r.row));
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

  it('Genesys passport TSV: checks with warnings only and imports all 3,022 rows', async () => {
    await h.db.deleteFrom('germinatebase').execute();
    const file = await readImportFile(GENESYS, { maxBytes: MAX_BYTES });
    expect(file.sheets.get('DATA')?.rows).toHaveLength(3022);
    const issues = await h.check(file);
    expect(issues.filter((i) => i.type === 'ERROR')).toEqual([]);
    expect(issues.map((i) => [i.status, i.type, i.rowIndex])).toEqual(GENESYS_MISSING_COUNTRY.map((row) => ['GENERIC_MISSING_COUNTRY', 'WARNING', row]));

    const { stats } = await h.run(file);
    if (!stats) throw new Error('not imported');
    const former = await h.db
      .selectFrom('germinatebase as g')
      .innerJoin('locations as l', 'l.id', 'g.location_id')
      .innerJoin('countries as c', 'c.id', 'l.country_id')
      .select('c.country_code3')
      .distinct()
      .where('c.id', '>', 900)
      .execute();
    expect(new Set(former.map((c) => c.country_code3))).toEqual(new Set(GENESYS_FORMER_COUNTRIES));
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
    expect(again.filter((i) => i.type === 'ERROR')).toHaveLength(3022);
  });
});
