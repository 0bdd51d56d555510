import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { updatePdci } from '../../src/plugins/germplasm/pdci.js';
import { attributesSheet, dataSheet, harness, json, workbook, type Harness, type Row } from './mcpd-fixtures.js';

const ACC1: Row = {
  PUID: 'doi:10.18730/ABC', INSTCODE: 'GBR251', ACCENUMB: 'ACC-1', COLLNUMB: 'C-1', COLLCODE: 'GBR251', COLLNAME: 'JHI',
  COLLINSTADDRESS: 'Dundee', COLLMISSID: 'M-1', GENUS: 'Hordeum', SPECIES: 'vulgare', SPAUTHOR: 'L.', SUBTAXA: 'subsp. spontaneum',
  SUBTAUTHOR: 'K.Koch', CROPNAME: 'Barley', ACCENAME: 'Golden Promise', ACQDATE: '199801--', ORIGCTY: 'GBR', COLLSITE: 'Dundee',
  DECLATITUDE: '56.46', LATITUDE: '562740N', DECLONGITUDE: '-2.97', LONGITUDE: '0025812W', COORDUNCERT: '10.0', COORDDATUM: 'WGS84',
  GEOREFMETH: 'GPS', ELEVATION: '44', COLLDATE: '20130312', BREDCODE: 'GBR004', BREDNAME: 'SASA', SAMPSTAT: '410', ANCEST: 'A/B',
  COLLSRC: '40', DONORCODE: 'MEX002', DONORNAME: 'CIMMYT', DONORNUMB: 'D-1', OTHERNUMB: 'X-1;X-2', DUPLSITE: 'NLD037',
  DUPLINSTNAME: 'CGN', STORAGE: '10;40', MLSSTAT: '0', REMARKS: 'nice', 'Entity type': 'Accession',
};
// A plant whose parent comes later in the file (forward reference, other letter case).
const PLANT: Row = { ACCENUMB: 'P-1', DONORCODE: 'MEX002', 'Entity type': 'plant/plot', 'Entity parent ACCENUMB': 'acc-3' };
// Only a country: a site named N/A; only DMS coordinates: converted.
const ACC3: Row = { ACCENUMB: 'ACC-3', GENUS: 'Hordeum', SPECIES: 'vulgare', ORIGCTY: 'ind', LATITUDE: '103020S', LONGITUDE: '0762510W' };
// Same taxonomy and site as ACC-1; a donor by name only; a code in other case; two duplicate sites.
const ACC4: Row = {
  ACCENUMB: 'ACC-4', GENUS: 'Hordeum', SPECIES: 'vulgare', SPAUTHOR: 'L.', SUBTAXA: 'subsp. spontaneum', SUBTAUTHOR: 'K.Koch',
  ORIGCTY: 'GBR', COLLSITE: 'Dundee', DECLATITUDE: '56.46', DECLONGITUDE: '-2.97', COORDUNCERT: '10', COORDDATUM: 'WGS84',
  GEOREFMETH: 'GPS', ELEVATION: '44.0', ACCENAME: 'X-1', OTHERNUMB: 'X-1; ;Y', COLLCODE: 'gbr251', DONORNAME: 'CIMMYT',
  DUPLSITE: 'NLD037;DEU146', DUPLINSTNAME: 'CGN;IPK',
};

const FILE = workbook(
  dataSheet([ACC1, PLANT, ACC3, ACC4]),
  attributesSheet(['ACCENUMB/ATTRIBUTES', 'Colour', 'Barcode'], [['acc-1', 'red', 'B1'], ['ACC-3', null, 'B3']]),
);

async function snapshot(h: Harness) {
  const db = h.db;
  const germplasm = await db.selectFrom('germinatebase').selectAll().orderBy('id').execute();
  const gid = new Map(germplasm.map((g) => [g.id, g.general_identifier]));
  const taxa = new Map((await db.selectFrom('taxonomies').selectAll().execute()).map((t) => [t.id, t]));
  const sites = new Map((await db.selectFrom('locations').selectAll().execute()).map((l) => [l.id, l]));
  const institutions = await db.selectFrom('institutions').select(['id', 'code', 'name', 'address']).orderBy('id').execute();
  const inst = new Map(institutions.map((i) => [i.id, i.code ?? i.name]));
  const attributes = await db.selectFrom('attributes').select(['id', 'name', 'datatype', 'target_table']).orderBy('id').execute();
  const attr = new Map(attributes.map((a) => [a.id, a.name]));
  return {
    germplasm: germplasm.map((g) => {
      const t = g.taxonomy_id === null ? undefined : taxa.get(g.taxonomy_id);
      const l = g.location_id === null ? undefined : sites.get(g.location_id);
      return {
        gid: g.general_identifier, name: g.name, number: g.number, display: g.display_name, type: g.entitytype_id,
        parent: g.entityparent_id === null ? null : gid.get(g.entityparent_id),
        taxon: t ? [t.genus, t.species, t.subtaxa, t.species_author, t.subtaxa_author, t.cropname] : null,
        site: l ? [l.locationtype_id, l.country_id, l.site_name, l.latitude, l.longitude, l.elevation, l.coordinate_datum, l.coordinate_uncertainty, l.georeferencing_method] : null,
        scored: g.pdci !== null,
      };
    }),
    mcpd: (await db.selectFrom('mcpd').selectAll().orderBy('germinatebase_id').execute()).map(({ created_on: _c, updated_on: _u, germinatebase_id, ...m }) => ({ gid: gid.get(germinatebase_id), ...m })),
    taxonomies: taxa.size,
    locations: sites.size,
    synonyms: (await db.selectFrom('synonyms').selectAll().orderBy('foreign_id').execute()).map((s) => [gid.get(s.foreign_id), s.synonymtype_id, json(s.synonyms)]),
    institutions: institutions.map(({ code, name, address }) => [code, name, address]),
    links: (await db.selectFrom('germplasminstitutions').selectAll().execute())
      .map((l) => `${gid.get(l.germinatebase_id)} ${l.type} ${inst.get(l.institution_id)}`)
      .sort(),
    attributes: attributes.map(({ name, datatype, target_table }) => [name, datatype, target_table]),
    values: (await db.selectFrom('attributedata').selectAll().orderBy('id').execute()).map((v) => [attr.get(v.attribute_id), gid.get(v.foreign_id), v.value]),
  };
}

const MCPD_ACC1 = {
  gid: 'ACC-1', puid: 'doi:10.18730/ABC', instcode: 'GBR251', accenumb: 'ACC-1', collnumb: 'C-1', collcode: 'GBR251', collname: 'JHI',
  collinstaddress: 'Dundee', collmissid: 'M-1', genus: 'Hordeum', species: 'vulgare', spauthor: 'L.', subtaxa: 'subsp. spontaneum',
  subtauthor: 'K.Koch', cropname: 'Barley', accename: 'Golden Promise', acqdate: '199801--', origcty: 'GBR', collsite: 'Dundee',
  declatitude: 56.46, latitude: '562740N', declongitude: -2.97, longitude: '0025812W', coorduncert: 10, coorddatum: 'WGS84',
  georefmeth: 'GPS', elevation: 44, colldate: '20130312', bredcode: 'GBR004', bredname: 'SASA', sampstat: 410, ancest: 'A/B',
  collsrc: 40, donorcode: 'MEX002', donorname: 'CIMMYT', donornumb: 'D-1', othernumb: 'X-1;X-2', duplsite: 'NLD037',
  duplinstname: 'CGN', storage: '10;40', mlsstat: 0, remarks: 'nice',
};
const EMPTY_MCPD = Object.fromEntries(Object.keys(MCPD_ACC1).map((k) => [k, null]));
const TAXON = ['Hordeum', 'vulgare', 'subsp. spontaneum', 'L.', 'K.Koch', 'Barley'];
const DUNDEE = [1, 235, 'Dundee', 56.46, -2.97, 44, 'WGS84', 10, 'GPS'];

describe.each(testDialects())('MCPD write on %s', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(dialect);
  });
  afterEach(async () => h?.test.cleanup());

  it('inserts a small file with exact rows in every table', async () => {
    const { issues, stats } = await h.run(FILE);
    expect(issues).toEqual([]);
    expect(stats).toEqual({ germplasm: 4, updated: 0, locations: 2, taxonomies: 2, institutions: 5, attributes: 3, attributeValues: 4 });
    const s = await snapshot(h);
    expect(s.germplasm).toEqual([
      { gid: 'ACC-1', name: 'ACC-1', number: 'Golden Promise', display: 'Golden Promise', type: 1, parent: null, taxon: TAXON, site: DUNDEE, scored: true },
      { gid: 'P-1', name: 'P-1', number: null, display: 'P-1', type: 2, parent: 'ACC-3', taxon: null, site: null, scored: false },
      {
        gid: 'ACC-3', name: 'ACC-3', number: null, display: 'ACC-3', type: 1, parent: null, taxon: ['Hordeum', 'vulgare', null, null, null, null],
        site: [1, 103, 'N/A', -10.5055555556, -76.4194444444, null, null, null, null], scored: true,
      },
      { gid: 'ACC-4', name: 'ACC-4', number: 'X-1', display: 'X-1', type: 1, parent: null, taxon: TAXON, site: DUNDEE, scored: true },
    ]);
    expect(s.mcpd).toEqual([
      MCPD_ACC1,
      { ...EMPTY_MCPD, gid: 'P-1', accenumb: 'P-1', donorcode: 'MEX002' },
      { ...EMPTY_MCPD, gid: 'ACC-3', accenumb: 'ACC-3', genus: 'Hordeum', species: 'vulgare', origcty: 'ind', latitude: '103020S', longitude: '0762510W' },
      {
        ...EMPTY_MCPD, gid: 'ACC-4', accenumb: 'ACC-4', genus: 'Hordeum', species: 'vulgare', spauthor: 'L.', subtaxa: 'subsp. spontaneum',
        subtauthor: 'K.Koch', origcty: 'GBR', collsite: 'Dundee', declatitude: 56.46, declongitude: -2.97, coorduncert: 10, coorddatum: 'WGS84',
        georefmeth: 'GPS', elevation: 44, accename: 'X-1', othernumb: 'X-1; ;Y', collcode: 'gbr251', donorname: 'CIMMYT',
        duplsite: 'NLD037;DEU146', duplinstname: 'CGN;IPK',
      },
    ]);
    expect([s.taxonomies, s.locations]).toEqual([2, 2]);
    expect(s.synonyms).toEqual([
      ['ACC-1', 1, ['Golden Promise', 'X-1', 'X-2']],
      ['ACC-4', 1, ['X-1', 'Y']],
    ]);
    expect(s.institutions).toEqual([
      ['GBR251', 'JHI', 'Dundee'],
      ['GBR004', 'SASA', null],
      ['MEX002', 'CIMMYT', null],
      ['NLD037', 'CGN', null],
      ['DEU146', 'IPK', null],
    ]);
    expect(s.links).toEqual([
      'ACC-1 breeding GBR004', 'ACC-1 collection GBR251', 'ACC-1 donor MEX002', 'ACC-1 duplicate NLD037', 'ACC-1 maintenance GBR251',
      'ACC-4 collection GBR251', 'ACC-4 donor MEX002', 'ACC-4 duplicate DEU146', 'ACC-4 duplicate NLD037',
      'P-1 donor MEX002',
    ]);
    expect(s.attributes).toEqual([
      ['Remarks', 'text', 'germinatebase'],
      ['Colour', 'text', 'germinatebase'],
      ['Barcode', 'text', 'germinatebase'],
    ]);
    expect(s.values).toEqual([
      ['Remarks', 'ACC-1', 'nice'],
      ['Colour', 'ACC-1', 'red'],
      ['Barcode', 'ACC-1', 'B1'],
      ['Barcode', 'ACC-3', 'B3'],
    ]);
  });

  it('reuses stored taxonomies, sites, institutions and attributes, and links to stored parents', async () => {
    await h.run(FILE);
    const second = workbook(
      dataSheet([{ ...ACC4, ACCENUMB: 'ACC-5', ACCENAME: undefined, OTHERNUMB: undefined, 'Entity parent ACCENUMB': 'ACC-4', 'Entity type': 'Sample' }]),
      attributesSheet(['ACCENUMB', 'colour'], [['ACC-5', 'green'], ['ACC-1', 'red'], ['ACC-1', 'pink']]),
    );
    const { issues, stats } = await h.run(second);
    expect(issues).toEqual([]);
    // An ACCENUMB of a stored germplasm is accepted in the attributes sheet; its identical value is skipped.
    expect(stats).toEqual({ germplasm: 1, updated: 0, locations: 0, taxonomies: 0, institutions: 0, attributes: 0, attributeValues: 2 });
    const s = await snapshot(h);
    expect(s.germplasm[4]).toMatchObject({ gid: 'ACC-5', display: 'ACC-5', type: 3, parent: 'ACC-4', taxon: TAXON, site: DUNDEE, scored: false });
    expect(s.values.slice(4)).toEqual([
      ['Colour', 'ACC-5', 'green'],
      ['Colour', 'ACC-1', 'pink'],
    ]);
  });

  it('inserts each row with its final PDCI, scored with the stored taxonomy\'s crop name', async () => {
    // The first file creates the taxonomy with CROPNAME Barley; the second reuses it without a crop name.
    await h.run(workbook(dataSheet([{ ACCENUMB: 'T-1', GENUS: 'Hordeum', SPECIES: 'vulgare', CROPNAME: 'Barley', SAMPSTAT: '500' }])));
    const { stats } = await h.run(workbook(dataSheet([{ ACCENUMB: 'T-2', GENUS: 'Hordeum', SPECIES: 'vulgare', SAMPSTAT: '500' }])));
    expect(stats?.germplasm).toBe(1);
    const inserted = await h.db.selectFrom('germinatebase').select(['id', 'pdci']).orderBy('id').execute();
    // genus 120 + species 80 + crop name 45 + SAMPSTAT 80 = 325 points, for both rows.
    expect(inserted.map((g) => g.pdci)).toEqual([3.25, 3.25]);
    await updatePdci({ db: h.test.database.db, dialect }, inserted.map((g) => g.id));
    expect(await h.db.selectFrom('germinatebase').select(['id', 'pdci']).orderBy('id').execute()).toEqual(inserted);
  });

  it('does not repeat a REMARKS value that the attributes sheet gives again', async () => {
    const file = workbook(
      dataSheet([{ ACCENUMB: 'R-1', REMARKS: 'late' }]),
      attributesSheet(['ACCENUMB', 'remarks'], [['R-1', 'late'], ['R-1', 'early']]),
    );
    const { stats } = await h.run(file);
    expect(stats).toMatchObject({ attributes: 1, attributeValues: 2 });
    expect((await snapshot(h)).values).toEqual([
      ['Remarks', 'R-1', 'late'],
      ['Remarks', 'R-1', 'early'],
    ]);
  });

  it('update mode changes only non-empty cells', async () => {
    await h.run(FILE);
    const before = await snapshot(h);
    const update = workbook(
      dataSheet([{ ACCENUMB: 'acc-1', ACCENAME: 'New name', ELEVATION: '50', SPECIES: 'spontaneum', REMARKS: 'second', SAMPSTAT: '300' }, { ACCENUMB: 'P-1', 'Entity type': 'Sample' }]),
      attributesSheet(['ACCENUMB', 'COLOUR', 'Height'], [['ACC-1', 'blue', '90'], ['ACC-3', null, '80']]),
    );
    const { issues, stats } = await h.run(update, true);
    expect(issues).toEqual([]);
    expect(stats).toEqual({ germplasm: 0, updated: 2, locations: 1, taxonomies: 1, institutions: 0, attributes: 1, attributeValues: 4 });
    const s = await snapshot(h);
    expect(s.germplasm[0]).toEqual({
      ...before.germplasm[0], number: 'New name', display: 'New name',
      taxon: ['Hordeum', 'spontaneum', 'subsp. spontaneum', 'L.', 'K.Koch', 'Barley'],
      site: [1, 235, 'Dundee', 56.46, -2.97, 50, 'WGS84', 10, 'GPS'],
    });
    // The plant keeps its parent (empty cell) and gets the new type; the others are untouched.
    expect(s.germplasm.slice(1)).toEqual([{ ...before.germplasm[1], type: 3 }, ...before.germplasm.slice(2)]);
    expect(s.mcpd[0]).toEqual({ ...MCPD_ACC1, accename: 'New name', elevation: 50, species: 'spontaneum', remarks: 'second', sampstat: 300 });
    expect(s.mcpd.slice(1)).toEqual(before.mcpd.slice(1));
    // updated_on: the import's time, as ISO-8601 UTC text like the column default.
    const stamps = await h.db.selectFrom('germinatebase').select(['general_identifier', 'updated_on', 'created_on']).orderBy('id').execute();
    expect(stamps.map((g) => g.updated_on === '2025-01-01T00:00:00.000Z')).toEqual([true, true, false, false]);
    expect(stamps[2].updated_on).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const mcpdStamp = await h.db.selectFrom('mcpd').select('updated_on').where('accenumb', '=', 'ACC-1').executeTakeFirstOrThrow();
    expect(mcpdStamp.updated_on).toBe('2025-01-01T00:00:00.000Z');
    expect(s.synonyms).toEqual([
      ['ACC-1', 1, ['New name', 'X-1', 'X-2']],
      ['ACC-4', 1, ['X-1', 'Y']],
    ]);
    expect(s.institutions).toEqual(before.institutions);
    expect(s.links).toEqual(before.links);
    expect(s.values).toEqual([
      ['Remarks', 'ACC-1', 'nice'],
      ['Colour', 'ACC-1', 'blue'],
      ['Barcode', 'ACC-1', 'B1'],
      ['Barcode', 'ACC-3', 'B3'],
      ['Remarks', 'ACC-1', 'second'],
      ['Height', 'ACC-1', '90'],
      ['Height', 'ACC-3', '80'],
    ]);
  });

  it('update mode replaces synonyms only when ACCENAME or OTHERNUMB is given, and adds missing mcpd rows', async () => {
    await h.run(FILE);
    // A germplasm stored without passport data (as another importer would leave it).
    await h.db.insertInto('germinatebase').values({ general_identifier: 'BARE-1', name: 'BARE-1', display_name: 'BARE-1' }).execute();
    const { issues, stats } = await h.run(workbook(dataSheet([{ ACCENUMB: 'ACC-4', STORAGE: '20' }, { ACCENUMB: 'bare-1', OTHERNUMB: 'B;B' }])), true);
    expect(issues).toEqual([]);
    expect(stats?.updated).toBe(2);
    const s = await snapshot(h);
    expect(s.synonyms).toEqual([
      ['ACC-1', 1, ['Golden Promise', 'X-1', 'X-2']],
      ['ACC-4', 1, ['X-1', 'Y']],
      ['BARE-1', 1, ['B']],
    ]);
    expect(s.mcpd.find((m) => m.gid === 'ACC-4')?.storage).toBe('20');
    expect(s.mcpd.find((m) => m.gid === 'BARE-1')).toEqual({ ...EMPTY_MCPD, gid: 'BARE-1', accenumb: 'bare-1', othernumb: 'B;B' });
  });
});
