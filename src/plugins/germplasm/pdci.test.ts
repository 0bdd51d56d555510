import { describe, expect, it } from 'vitest';
import { pdciCategory, pdciPoints, pdciScore, type PdciInput } from './pdci.js';

/*
 * Fixtures from Germinate's example MCPD template (demo/germplasm/example-germplasm-mcpd.xlsx), sheet DATA,
 * under the assumptions of docs/pdci.md (The example file): empty database plus Germinate's seed data, the file
 * imported with the MCPD importer in insert mode, no pedigree template, no link types. Hence: ANCEST
 * present = has pedigree, hasLink false, ACCENAME = germinatebase.number, location = ORIGCTY/COLLSITE row.
 * Cell values were read from the file with exceljs (numbers in text columns become their decimal text).
 */

const NOTHING: PdciInput = {
  entityTypeId: 1,
  genus: null, species: null, speciesAuthor: null, subtaxa: null, subtaxaAuthor: null, cropname: null,
  acqdate: null, sampstat: null, donorcode: null, donorname: null, donornumb: null, othernumb: null,
  duplsite: null, duplinstname: null, storage: null, mlsstat: null, colldate: null, bredcode: null,
  bredname: null, collsrc: null, collnumb: null, collcode: null, collname: null, accename: null,
  hasLocation: false, siteName: null, latitude: null, longitude: null, elevation: null,
  hasLink: false, hasPedigree: false,
};

/** Cells shared by every accession row of the example file (taxonomy 295, DUPLSITE, MLSSTAT, …). */
const COMMON: PdciInput = {
  ...NOTHING,
  genus: 'Hordeum', species: 'vulgare', speciesAuthor: 'Lindl.', subtaxa: 'subsp.  spontaneum',
  subtaxaAuthor: 'Unknown', cropname: 'Barley',
  sampstat: 410,
  donorname: 'Centro Internacional de Mejoramiento de Maíz y Trigo',
  duplsite: 'NLD037', duplinstname: 'CGN Netherlands',
  mlsstat: 0,
  bredname: 'The James Hutton Institute', collsrc: 40, collname: 'The James Hutton Institute',
};

/** Sheet row 2, CACTUAR-2001. */
const ROW2: PdciInput = {
  ...COMMON,
  acqdate: '20160225', donorcode: 'MEX002', othernumb: '1000456', storage: '11', colldate: '20130312',
  bredcode: 'GBR251', collnumb: 'VLS-767', collcode: 'GBR251', accename: 'JHI001',
  hasLocation: true, siteName: 'Guwahati', latitude: 26.183333, longitude: 91.733333, elevation: 44,
  hasPedigree: true, // ANCEST "CACTUAR-3153 * CACTUAR-2165"
};

/** Sheet row 10, CACTUAR-2009: ORIGCTY GBR, COLLSITE Dundee, no coordinates. */
const ROW10: PdciInput = {
  ...COMMON,
  acqdate: '19751112', donorcode: 'MEX010', storage: '12',
  bredcode: 'GBR252', collnumb: 'LYT-168', collcode: 'GBR252', accename: 'JHI009',
  hasLocation: true, siteName: 'Dundee',
};

/** Sheet row 11, CACTUAR-2010: neither ORIGCTY nor COLLSITE, so no location. */
const ROW11: PdciInput = {
  ...COMMON,
  acqdate: '19310606', donorcode: 'MEX011', storage: '12',
  bredcode: 'GBR253', collnumb: 'OVC-935', collcode: 'GBR253', accename: 'JHI010',
};

/** Sheet row 15, CACTUAR-2014: DECLATITUDE/DECLONGITUDE, no ELEVATION. */
const ROW15: PdciInput = {
  ...COMMON,
  acqdate: '19271130', donorcode: 'MEX015', storage: '13',
  bredcode: 'GBR257', collnumb: 'JXU-276', collcode: 'GBR257', accename: 'JHI014',
  hasLocation: true, siteName: 'Dundee', latitude: 56.4611351, longitude: -3.0782971,
};

/** Sheet row 2002, CACTUAR-3520-1: a Plant/Plot row (no taxonomy, only donor cells). */
const ROW2002: PdciInput = {
  ...NOTHING,
  entityTypeId: 2,
  donorcode: 'MEX2002', donorname: 'Centro Internacional de Mejoramiento de Maíz y Trigo',
};

function expectScore(input: PdciInput, points: number, pdci: number) {
  const actual = pdciPoints(input);
  expect(actual).toBe(points);
  expect(pdciScore(actual ?? Number.NaN)).toBeCloseTo(pdci, 9);
}

describe('worked examples of the example file (SAMPSTAT 410, breeding material)', () => {
  it.each([
    ['row 2 CACTUAR-2001', ROW2, 920, 9.2],
    ['row 10 CACTUAR-2009', ROW10, 735, 7.35],
    ['row 11 CACTUAR-2010', ROW11, 695, 6.95],
    ['row 15 CACTUAR-2014', ROW15, 735, 7.35],
  ])('%s', (_name, input, points, pdci) => expectScore(input, points, pdci));

  it('stores points / 100 without rounding', () => {
    expect(pdciScore(920)).toBe(9.2);
    expect(pdciScore(735)).toBe(7.35);
    expect(pdciScore(0)).toBe(0);
    expect(pdciScore(1000)).toBe(10);
  });

  it('does not score Plant/Plot (row 2002) or Sample rows', () => {
    expect(pdciPoints(ROW2002)).toBeNull();
    expect(pdciPoints({ ...ROW2, entityTypeId: 2 })).toBeNull();
    expect(pdciPoints({ ...ROW2, entityTypeId: 3 })).toBeNull();
    expect(pdciPoints({ ...ROW2, entityTypeId: null })).toBeNull();
  });
});

describe('the same rows with SAMPSTAT edited', () => {
  it.each([
    ['row 2', ROW2, 100, 920],
    ['row 2', ROW2, 200, 920],
    ['row 2', ROW2, 300, 920],
    ['row 2', ROW2, 500, 920],
    ['row 2', ROW2, 600, 770],
    ['row 2', ROW2, 999, 770],
    ['row 2', ROW2, null, 690],
    ['row 10', ROW10, 100, 765],
    ['row 10', ROW10, 300, 780],
    ['row 10', ROW10, 500, 785],
    ['row 10', ROW10, 999, 660],
    ['row 10', ROW10, null, 580],
    ['row 11', ROW11, 100, 615],
    ['row 11', ROW11, 300, 655],
    ['row 11', ROW11, 500, 745],
    ['row 11', ROW11, 999, 600],
    ['row 11', ROW11, null, 520],
  ] as const)('%s with SAMPSTAT %s → %i points', (_name, row, sampstat, points) =>
    expectScore({ ...row, sampstat }, points, points / 100),
  );
});

describe('single-condition fixtures (row 2, SAMPSTAT 100)', () => {
  const wild: PdciInput = { ...ROW2, sampstat: 100 };
  it.each<[string, Partial<PdciInput>, number, number]>([
    ['unchanged', {}, 920, 9.2],
    // Germinate's placeholder location for ORIGCTY without COLLSITE is named "N/A" (quirk 4).
    ['COLLSITE cleared: site becomes N/A', { siteName: 'N/A' }, 920, 9.2],
    [
      'COLLSITE and ORIGCTY cleared: no location',
      { hasLocation: false, siteName: null, latitude: null, longitude: null, elevation: null },
      680,
      6.8,
    ],
    ['DECLATITUDE and LATITUDE cleared', { latitude: null }, 850, 8.5],
    ['DONORNUMB set, DONORCODE and DONORNAME cleared', { donornumb: 'D-1', donorcode: null, donorname: null }, 900, 9.0],
    // The importer stores the missing half of DUPLSITE/DUPLINSTNAME as '' (absent).
    ['DUPLSITE cleared, DUPLINSTNAME kept', { duplsite: '' }, 905, 9.05],
    ['a generic germinatebase link type', { hasLink: true }, 960, 9.6],
  ])('%s', (_name, edit, points, pdci) => expectScore({ ...wild, ...edit }, points, pdci));
});

describe('category by SAMPSTAT', () => {
  it.each([
    [100, 'wild'], [110, 'wild'], [120, 'wild'], [130, 'wild'], [200, 'wild'],
    [300, 'landrace'],
    [400, 'breeding'], [410, 'breeding'], [416, 'breeding'], [420, 'breeding'], [423, 'breeding'],
    [500, 'cultivar'],
    [600, 'other'], [999, 'other'], [null, 'other'],
  ] as const)('%s → %s', (sampstat, category) => expect(pdciCategory(sampstat)).toBe(category));
});

/** Points of an otherwise empty accession ("other" category unless SAMPSTAT is given) with `edit`. */
const points = (edit: Partial<PdciInput>) => pdciPoints({ ...NOTHING, ...edit });

describe('generic descriptors', () => {
  it('an empty accession scores 0, not null', () => expect(points({})).toBe(0));

  it('taxonomy: GENUS, then SPECIES, then the rest hang off SPECIES', () => {
    expect(points({ genus: 'Hordeum' })).toBe(120);
    expect(points({ genus: '  ' })).toBe(0);
    expect(points({ species: 'vulgare' })).toBe(0);
    expect(points({ genus: 'Hordeum', species: 'vulgare' })).toBe(200);
    expect(points({ genus: 'Hordeum', species: '' })).toBe(120);
    expect(points({ genus: 'Hordeum', speciesAuthor: 'L.', subtaxa: 'x', subtaxaAuthor: 'y', cropname: 'Barley' })).toBe(120);
    expect(points({ genus: 'Hordeum', species: 'vulgare', speciesAuthor: 'L.' })).toBe(205);
    expect(points({ genus: 'Hordeum', species: 'vulgare', subtaxa: 'subsp. x' })).toBe(240);
    // SUBTAUTHOR without SUBTAXA still scores (quirk 11).
    expect(points({ genus: 'Hordeum', species: 'vulgare', subtaxaAuthor: 'Unknown' })).toBe(205);
    // CROPNAME needs GENUS and SPECIES (quirk 11).
    expect(points({ genus: 'Hordeum', species: 'vulgare', cropname: 'Barley' })).toBe(245);
    const taxonomyOnly = { genus: 'Hordeum', species: 'vulgare', speciesAuthor: 'Lindl.', subtaxa: 'subsp.  spontaneum' };
    expect(points({ ...taxonomyOnly, subtaxaAuthor: 'Unknown', cropname: 'Barley' })).toBe(295);
  });

  it('ACQDATE 10, SAMPSTAT 80 (any code), OTHERNUMB 35, STORAGE 15, MLSSTAT 15 (0 counts)', () => {
    expect(points({ acqdate: '2016' })).toBe(10);
    expect(points({ acqdate: ' ' })).toBe(0);
    expect(points({ sampstat: 999 })).toBe(80);
    expect(points({ sampstat: 600 })).toBe(80);
    expect(points({ othernumb: '1000456' })).toBe(35);
    expect(points({ storage: '11' })).toBe(15);
    expect(points({ storage: 'not a code' })).toBe(15);
    expect(points({ storage: '' })).toBe(0);
    expect(points({ mlsstat: 0 })).toBe(15);
    expect(points({ mlsstat: 1 })).toBe(15);
  });

  it('DONORCODE 40, else DONORNAME 20; DONORNUMB 40 with a donor, else 20', () => {
    expect(points({ donorcode: 'MEX002' })).toBe(40);
    expect(points({ donorname: 'CIMMYT' })).toBe(20);
    expect(points({ donorcode: 'MEX002', donorname: 'CIMMYT' })).toBe(40);
    expect(points({ donornumb: 'D-1' })).toBe(20);
    expect(points({ donornumb: 'D-1', donorname: 'CIMMYT' })).toBe(60);
    expect(points({ donornumb: 'D-1', donorcode: 'MEX002' })).toBe(80);
    expect(points({ donornumb: 'D-1', donorcode: ' ', donorname: '' })).toBe(20);
  });

  it('DUPLSITE 30, else DUPLINSTNAME 15', () => {
    expect(points({ duplsite: 'NLD037' })).toBe(30);
    expect(points({ duplinstname: 'CGN' })).toBe(15);
    expect(points({ duplsite: 'NLD037', duplinstname: 'CGN' })).toBe(30);
    expect(points({ duplsite: '', duplinstname: 'CGN' })).toBe(15);
  });

  it('ACCEURL is the link flag: 40', () => expect(points({ hasLink: true })).toBe(40));

  it('the generic maximum is 600', () => {
    expect(
      points({
        ...COMMON, acqdate: '2016', donorcode: 'X', donornumb: 'D', othernumb: 'O', storage: '11', hasLink: true,
        bredname: null, collsrc: null, collname: null, sampstat: 999,
      }),
    ).toBe(600);
  });
});

describe('type-specific descriptors', () => {
  const located = { hasLocation: true, siteName: 'Dundee', latitude: 56.46, longitude: -3.08, elevation: 10 };

  it('location facts score only with a location', () => {
    expect(points({ siteName: 'Dundee', latitude: 1, longitude: 2, elevation: 3 })).toBe(0);
    expect(points({ hasLocation: true, siteName: '' })).toBe(40);
    expect(points({ hasLocation: true, siteName: '', latitude: 1, longitude: 2 })).toBe(70);
  });

  it('0 is a present coordinate and elevation', () => {
    expect(points({ sampstat: 100, hasLocation: true, siteName: 'S', latitude: 0, longitude: 0, elevation: 0 })).toBe(
      80 + 80 + 20 + 120 + 20,
    );
  });

  it('one coordinate alone is "site w/o coords" and no coordinate points', () => {
    expect(points({ sampstat: 100, hasLocation: true, siteName: 'S', latitude: 1 })).toBe(80 + 80 + 70);
    expect(points({ sampstat: 300, hasLocation: true, siteName: 'S', longitude: 1 })).toBe(80 + 80 + 45);
    expect(points({ hasLocation: true, siteName: 'S', longitude: 1 })).toBe(40 + 20);
  });

  it('each category maximum', () => {
    const full: Partial<PdciInput> = {
      ...located, colldate: 'd', bredcode: 'b', hasPedigree: true, collsrc: 10, accename: 'a', collnumb: 'n', collcode: 'c',
    };
    expect(points({ ...full, sampstat: 100 })).toBe(80 + 400);
    expect(points({ ...full, sampstat: 300 })).toBe(80 + 400);
    expect(points({ ...full, sampstat: 410 })).toBe(80 + 400);
    expect(points({ ...full, sampstat: 500 })).toBe(80 + 400);
    expect(points({ ...full, sampstat: 999 })).toBe(80 + 250);
    expect(points({ ...full })).toBe(250);
  });

  it('BREDCODE, else BREDNAME; in "other" both 10 (quirk 10)', () => {
    expect(points({ sampstat: 410, bredcode: 'b' })).toBe(80 + 110);
    expect(points({ sampstat: 410, bredname: 'n' })).toBe(80 + 55);
    expect(points({ sampstat: 500, bredname: 'n' })).toBe(80 + 40);
    expect(points({ sampstat: 100, bredcode: 'b' })).toBe(80);
    expect(points({ bredcode: 'b' })).toBe(10);
    expect(points({ bredname: 'n' })).toBe(10);
    expect(points({ bredcode: 'b', bredname: 'n' })).toBe(10);
  });

  it('COLLCODE, else COLLNAME', () => {
    expect(points({ sampstat: 100, collcode: 'c' })).toBe(80 + 40);
    expect(points({ sampstat: 100, collname: 'n' })).toBe(80 + 20);
    expect(points({ sampstat: 300, collname: 'n' })).toBe(80 + 15);
    expect(points({ collname: 'n' })).toBe(10);
    expect(points({ sampstat: 410, collcode: 'c', collnumb: 'n' })).toBe(80);
  });

  it('pedigree, COLLSRC and ACCENAME by category', () => {
    expect(points({ sampstat: 100, hasPedigree: true, accename: 'a', collsrc: 10 })).toBe(80 + 30);
    expect(points({ sampstat: 300, hasPedigree: true, accename: 'a', collsrc: 10 })).toBe(80 + 10 + 50 + 50);
    expect(points({ sampstat: 410, hasPedigree: true, accename: 'a', collsrc: 10 })).toBe(80 + 150 + 20 + 80);
    expect(points({ sampstat: 500, hasPedigree: true, accename: 'a', collsrc: 10 })).toBe(80 + 100 + 20 + 160);
    expect(points({ hasPedigree: true, accename: 'a', collsrc: 10 })).toBe(40 + 40 + 25);
    expect(points({ accename: '   ' })).toBe(0);
  });
});
