import type { Insertable, Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testDialects, type TestDatabase } from '../../../tests/support/databases.js';
import type { CoreTables } from '../../server/db/tables.js';
import type { ImportDb } from '../../server/import/importer.js';
import { updatePdci } from './pdci.js';
import type { GermplasmTables, McpdTable } from './tables.js';

type Db = Kysely<CoreTables & GermplasmTables>;

/** Cells every accession row of example-germplasm-mcpd.xlsx shares (see pdci.test.ts). */
const MCPD_COMMON: Omit<Insertable<McpdTable>, 'germinatebase_id' | 'accenumb'> = {
  genus: 'Hordeum', species: 'vulgare', spauthor: 'Lindl.', subtaxa: 'subsp.  spontaneum', subtauthor: 'Unknown',
  cropname: 'Barley', sampstat: 410, donorname: 'Centro Internacional de Mejoramiento de Maíz y Trigo',
  duplsite: 'NLD037', duplinstname: 'CGN Netherlands', mlsstat: 0, bredname: 'The James Hutton Institute',
  collsrc: 40, collname: 'The James Hutton Institute',
};

interface Germplasm {
  name: string;
  number?: string | null;
  entitytype?: number;
  location?: number | null;
  taxonomy?: number | null;
  mcpd?: Omit<Insertable<McpdTable>, 'germinatebase_id' | 'accenumb'> | null;
  /** A stale value, to show that updatePdci overwrites it. */
  pdci?: number | null;
}

async function addGermplasm(db: Db, g: Germplasm): Promise<number> {
  const { id } = await db
    .insertInto('germinatebase')
    .values({
      general_identifier: g.name, name: g.name, display_name: g.name, number: g.number ?? null,
      entitytype_id: g.entitytype ?? 1, location_id: g.location ?? null, taxonomy_id: g.taxonomy ?? null,
      pdci: g.pdci ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (g.mcpd) await db.insertInto('mcpd').values({ ...g.mcpd, germinatebase_id: id, accenumb: g.name }).execute();
  return id;
}

async function pdciOf(db: Db, id: number): Promise<number | null> {
  const row = await db.selectFrom('germinatebase').select('pdci').where('id', '=', id).executeTakeFirstOrThrow();
  return row.pdci;
}

describe.each(testDialects())('updatePdci on %s', (dialect) => {
  let test: TestDatabase;
  let db: Db;
  let target: ImportDb;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    test = await freshDatabase(dialect);
    db = test.database.db.withTables<GermplasmTables>();
    target = { db: test.database.db, dialect };
    const { id: taxonomy } = await db
      .insertInto('taxonomies')
      .values({
        genus: 'Hordeum', species: 'vulgare', species_author: 'Lindl.', subtaxa: 'subsp.  spontaneum',
        subtaxa_author: 'Unknown', cropname: 'Barley',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const location = (country_id: number, site_name: string, latitude: number | null, longitude: number | null, elevation: number | null) =>
      db
        .insertInto('locations')
        .values({ locationtype_id: 1, country_id, site_name, latitude, longitude, elevation })
        .returning('id')
        .executeTakeFirstOrThrow();
    const guwahati = (await location(103, 'Guwahati', 26.183333, 91.733333, 44)).id;
    const dundee = (await location(235, 'Dundee', null, null, null)).id;

    // Sheet row 2: breeding material with everything filled → 920 points.
    ids.row2 = await addGermplasm(db, {
      name: 'CACTUAR-2001', number: 'JHI001', location: guwahati, taxonomy, pdci: 1,
      mcpd: {
        ...MCPD_COMMON, acqdate: '20160225', donorcode: 'MEX002', othernumb: '1000456', storage: '11',
        colldate: '20130312', bredcode: 'GBR251', collnumb: 'VLS-767', collcode: 'GBR251',
        ancest: 'CACTUAR-3153 * CACTUAR-2165', declatitude: 26.183333, declongitude: 91.733333, elevation: 44,
        origcty: 'IND', collsite: 'Guwahati',
      },
    });
    // Sheet row 10: location without coordinates, no OTHERNUMB, no ANCEST → 735.
    ids.row10 = await addGermplasm(db, {
      name: 'CACTUAR-2009', number: 'JHI009', location: dundee, taxonomy,
      mcpd: {
        ...MCPD_COMMON, acqdate: '19751112', donorcode: 'MEX010', storage: '12', bredcode: 'GBR252',
        collnumb: 'LYT-168', collcode: 'GBR252', origcty: 'GBR', collsite: 'Dundee',
      },
    });
    // Sheet row 11: no location; a blank ANCEST is no pedigree → 695.
    ids.row11 = await addGermplasm(db, {
      name: 'CACTUAR-2010', number: 'JHI010', taxonomy,
      mcpd: {
        ...MCPD_COMMON, acqdate: '19310606', donorcode: 'MEX011', storage: '12', bredcode: 'GBR253',
        collnumb: 'OVC-935', collcode: 'GBR253', ancest: '  ',
      },
    });
    // Sheet row 2002: Plant/Plot, never scored; the stale value must become NULL.
    ids.plot = await addGermplasm(db, {
      name: 'CACTUAR-3520-1', entitytype: 2, pdci: 5,
      mcpd: { donorcode: 'MEX2002', donorname: 'Centro Internacional de Mejoramiento de Maíz y Trigo' },
    });
    // Accession without an mcpd row ("other"): taxonomy 295 + ACCENAME 40 + country 40 + site w/o coords 20.
    ids.bare = await addGermplasm(db, { name: 'BARE-1', number: 'B1', location: dundee, taxonomy });
    // Accession without taxonomy, location or mcpd: 0 points, but scored (0, not NULL).
    ids.empty = await addGermplasm(db, { name: 'EMPTY-1' });
  });

  afterAll(async () => test?.cleanup());

  it('scores every germplasm row when no ids are given', async () => {
    expect(await updatePdci(target)).toBe(6);
    expect(await pdciOf(db, ids.row2)).toBeCloseTo(9.2, 9);
    expect(await pdciOf(db, ids.row10)).toBeCloseTo(7.35, 9);
    expect(await pdciOf(db, ids.row11)).toBeCloseTo(6.95, 9);
    expect(await pdciOf(db, ids.plot)).toBeNull();
    expect(await pdciOf(db, ids.bare)).toBeCloseTo(3.95, 9);
    expect(await pdciOf(db, ids.empty)).toBe(0);
  });

  it('stores exactly points / 100', async () => {
    expect(await pdciOf(db, ids.row2)).toBe(920 / 100);
    expect(await pdciOf(db, ids.row10)).toBe(735 / 100);
  });

  it('updates only the given ids, inside the caller’s transaction', async () => {
    await db.updateTable('germinatebase').set({ pdci: null }).execute();
    const count = await test.database.db
      .transaction()
      .execute((trx) => updatePdci({ db: trx, dialect }, [ids.row10, ids.row10, ids.plot, 999_999]));
    // Duplicates count once; ids that do not exist are not counted.
    expect(count).toBe(2);
    expect(await pdciOf(db, ids.row10)).toBeCloseTo(7.35, 9);
    expect(await pdciOf(db, ids.row2)).toBeNull();
    expect(await updatePdci(target, [])).toBe(0);
  });

  it('recomputes after an edit', async () => {
    await db.updateTable('mcpd').set({ sampstat: 100 }).where('germinatebase_id', '=', ids.row2).execute();
    await db.updateTable('germinatebase').set({ entitytype_id: 1 }).where('id', '=', ids.plot).execute();
    expect(await updatePdci(target, [ids.row2, ids.plot])).toBe(2);
    expect(await pdciOf(db, ids.row2)).toBeCloseTo(9.2, 9);
    // The former Plant/Plot row as an accession: "other", DONORCODE 40 only.
    expect(await pdciOf(db, ids.plot)).toBeCloseTo(0.4, 9);
  });

  it('pages through more rows than one chunk', async () => {
    const rows = Array.from({ length: 5100 }, (_, i) => ({
      general_identifier: `BULK-${i}`, name: `BULK-${i}`, display_name: `BULK-${i}`, number: `N${i}`,
      entitytype_id: i % 2 === 0 ? 1 : 3,
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('germinatebase').values(rows.slice(i, i + 500)).execute();
    expect(await updatePdci(target)).toBe(6 + 5100);
    const scored = await db
      .selectFrom('germinatebase')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('pdci').as('total')])
      .where('general_identifier', 'like', 'BULK-%')
      .where('pdci', 'is not', null)
      .executeTakeFirstOrThrow();
    // Half are accessions with only ACCENAME ("other": 40 points = 0.4); samples stay NULL.
    expect(Number(scored.n)).toBe(2550);
    expect(Number(scored.total)).toBeCloseTo(2550 * 0.4, 6);
    const bulkIds = await db.selectFrom('germinatebase').select('id').where('general_identifier', 'like', 'BULK-%').execute();
    expect(await updatePdci(target, bulkIds.map((r) => r.id))).toBe(5100);
  });
});
