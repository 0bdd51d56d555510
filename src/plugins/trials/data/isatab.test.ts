import { describe, expect, it } from 'vitest';
import { FIXED_HEADER, type ExportTrait } from './export-data.js';
import type { PivotRow } from './export-rows.js';
import { investigationFile, type IsaStudy } from './isatab-investigation.js';
import { assayLines, dataHeader, dataLines, studyFactors, studyHeader, studyLines, StudyNumbering, type PlotLayout } from './isatab-tables.js';
import { isaCell, isoDate, studyFiles } from './isatab-text.js';

const FULL: PlotLayout = { site: true, latitude: true, longitude: true, elevation: true, treatment: true, row: true, column: true };
const BARE: PlotLayout = { site: false, latitude: false, longitude: false, elevation: false, treatment: false, row: false, column: false };

/** A tab export row of germplasm `id` in rep `rep` and `year`, with one trait value. */
function row(id: number, rep: string, year: string | null, value: string | null): PivotRow {
  const cells: Record<string, string | number | null> = { name: `G${id}`, dbId: id, taxonomy: 'Hordeum vulgare', year, location: 'Dundee', rep, block: '1', trial_row: Number(rep), trial_column: id };
  return { fixed: FIXED_HEADER.map((name) => cells[name] ?? null), values: [value] };
}

const cells = (text: string) => text.trimEnd().split('\r\n').map((line) => line.split('\t'));

describe('ISA-Tab text', () => {
  it('quotes every value, doubles quotes inside, keeps a value on one line and never a formula', () => {
    expect(isaCell('a "b"')).toBe('"a ""b"""');
    expect(isaCell('two\tcells\r\nlines')).toBe('"two cells lines"');
    expect(isaCell('=1+2')).toBe('"\'=1+2"');
    expect(isaCell('-3.5')).toBe('"-3.5"');
    expect(isaCell(12)).toBe('"12"');
    expect(isaCell(null)).toBe('""');
  });

  it('names the study files by dataset id and a name without spaces or accents', () => {
    expect(studyFiles({ id: 7, name: 'Müller trial 2024/25' })).toEqual({ study: 's_7-Muller_trial_2024_25.txt', assay: 'a_7-Muller_trial_2024_25.txt', data: 'd_7-Muller_trial_2024_25.txt' });
    expect(studyFiles({ id: 8, name: '★★' }).study).toBe('s_8.txt');
  });

  it('writes dates as ISO dates', () => {
    expect(isoDate('2024-05-01T10:00:00.000Z')).toBe('2024-05-01');
    expect(isoDate('spring 2024')).toBe('spring 2024');
    expect(isoDate(null)).toBeNull();
  });
});

describe('ISA-Tab tables', () => {
  it('numbers a plot once for all its years, and every row as an assay, across batches', () => {
    const numbering = new StudyNumbering(3);
    const first = numbering.number([row(1, '1', null, 'a'), row(1, '1', '2024', 'b'), row(1, '2', '2024', 'c')]);
    const second = numbering.number([row(2, '1', '2024', 'd')]);
    expect([...first, ...second].map((r) => [r.sample, r.assay, r.firstOfPlot])).toEqual([
      ['3-plot-1', '3-assay-1', true],
      ['3-plot-1', '3-assay-2', false],
      ['3-plot-2', '3-assay-3', true],
      ['3-plot-3', '3-assay-4', true],
    ]);
  });

  it('writes a study row per plot with the columns the dataset has, an assay row per row, and the data matrix', () => {
    const rows = new StudyNumbering(3).number([row(1, '1', null, 'a'), row(1, '1', '2024', '=x')]);
    const [head, ...study] = cells(studyHeader(BARE) + studyLines(rows, BARE));
    expect(head.slice(head.indexOf('"Sample Name"'))).toEqual(['"Sample Name"', '"Factor Value[Replicate]"', '"Factor Value[Block]"']);
    expect(study).toEqual([['"G1"', '"Hordeum vulgare"', '"1"', '""', '""', '""', '""', '"Growth"', '"3-plot-1"', '"1"', '"1"']]);
    expect(cells(studyHeader(FULL))[0]).toHaveLength(head.length + 7);
    expect(cells(assayLines(rows, 'd_3.txt'))).toEqual([
      ['"3-plot-1"', '"Phenotyping"', '""', '"3-assay-1"', '"Data transformation"', '"d_3.txt"'],
      ['"3-plot-1"', '"Phenotyping"', '"2024"', '"3-assay-2"', '"Data transformation"', '"d_3.txt"'],
    ]);
    const trait: ExportTrait = { id: 1, name: 'Height', shortName: null, description: null, datatype: 'numeric', unitName: 'Centimetres', unitAbbreviation: 'cm' };
    expect(dataHeader([trait]) + dataLines(rows)).toBe("Assay Name\tHeight [cm]\r\n3-assay-1\ta\r\n3-assay-2\t'=x\r\n");
  });

  it('declares as factors the plot columns the dataset has', () => {
    expect(studyFactors(FULL)).toEqual(['Treatment', 'Replicate', 'Block', 'Row', 'Column']);
    expect(studyFactors(BARE)).toEqual(['Replicate', 'Block']);
  });
});

describe('ISA-Tab investigation', () => {
  const study = (id: number, layout: PlotLayout): IsaStudy => ({
    dataset: { id, name: `Trial ${id}`, description: null, version: 'v1', licenseName: null },
    dateStart: '2024-03-01',
    dateEnd: null,
    contact: null,
    locations: [
      { name: 'Dundee', country: 'United Kingdom', latitude: 56.46, longitude: -2.97, elevation: null },
      { name: 'Gatersleben', country: 'Germany', latitude: 51.82, longitude: 11.28, elevation: 112 },
    ],
    contacts: id === 1 ? [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', phone: null, address: null, affiliation: 'JHI', roles: 'principal_investigator' }] : [],
    layout,
    files: studyFiles({ id, name: `Trial ${id}` }),
  });
  const text = investigationFile({ experiments: [{ id: 4, name: 'Field trials', description: 'Two sites', date: null }], studies: [study(1, FULL), study(2, BARE)] }, []);
  const lines = cells(text);
  const labelled = (label: string) => lines.filter((l) => l[0] === label).map((l) => l.slice(1));

  it('writes the sections of ISA-TAB 1.0 in their order, the study sections once per study', () => {
    const sections = lines.filter((l) => l.length === 1 && /^[A-Z ]+$/.test(l[0])).map((l) => l[0]);
    const perStudy = ['STUDY', 'STUDY DESIGN DESCRIPTORS', 'STUDY PUBLICATIONS', 'STUDY FACTORS', 'STUDY ASSAYS', 'STUDY PROTOCOLS', 'STUDY CONTACTS'];
    expect(sections).toEqual(['ONTOLOGY SOURCE REFERENCE', 'INVESTIGATION', 'INVESTIGATION PUBLICATIONS', 'INVESTIGATION CONTACTS', ...perStudy, ...perStudy]);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('names the experiment, each study, its files, its factors, its sites and its people', () => {
    expect(labelled('Investigation Title')).toEqual([['"Field trials"']]);
    expect(labelled('Study File Name')).toEqual([['"s_1-Trial_1.txt"'], ['"s_2-Trial_2.txt"']]);
    expect(labelled('Study Assay File Name')).toEqual([['"a_1-Trial_1.txt"'], ['"a_2-Trial_2.txt"']]);
    expect(labelled('Study Factor Name')[1]).toEqual(['"Replicate"', '"Block"']);
    expect(labelled('Study Factor Type Term Source REF')[1]).toHaveLength(2);
    expect(labelled('Comment[Experimental Site Name]')[0]).toEqual(['"Dundee;Gatersleben"']);
    expect(labelled('Comment[Geographic Location (altitude)]')[0]).toEqual(['";112"']);
    expect(labelled('Comment[Study Start Date]')[0]).toEqual(['"2024-03-01"']);
    expect(labelled('Study Person Last Name')).toEqual([['"Lovelace"'], []]);
    expect(labelled('Study Person Roles')[0]).toEqual(['"principal_investigator"']);
    expect(labelled('Study Protocol Name')[0]).toEqual(['"Growth"', '"Phenotyping"', '"Data transformation"']);
  });
});
