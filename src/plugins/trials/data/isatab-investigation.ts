import { traitHeader, type ExportDataset, type ExportTrait } from './export-data.js';
import { isoDate, labelRow, type IsaValue, type StudyFiles } from './isatab-text.js';
import { PROTOCOL, studyFactors, type PlotLayout } from './isatab-tables.js';

/**
 * The investigation file (i_) of the ISA-Tab export: the export is the investigation (the datasets'
 * experiments name it), each dataset a study. Every section of ISA-TAB 1.0 is written, in its order, with
 * its rows; what Germinate does not hold (publications, ontology terms) stays empty. Germinate's own
 * facts without an ISA field (dates, version, licence, sites) are Comment[…] rows of the study.
 */

export interface IsaExperiment {
  id: number;
  name: string;
  description: string | null;
  date: string | null;
}

export interface IsaContact {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  affiliation: string | null;
  roles: string | null;
}

export interface IsaLocation {
  name: string;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  elevation: number | null;
}

/** What a study says about its dataset, besides the export's own dataset facts. */
export interface IsaStudy {
  dataset: ExportDataset;
  dateStart: string | null;
  dateEnd: string | null;
  contact: string | null;
  locations: IsaLocation[];
  contacts: IsaContact[];
  layout: PlotLayout;
  files: StudyFiles;
}

export interface IsaInvestigation {
  experiments: IsaExperiment[];
  studies: IsaStudy[];
}

const PUBLICATION_ROWS = ['PubMed ID', 'Publication DOI', 'Publication Author List', 'Publication Title', 'Publication Status', 'Publication Status Term Accession Number', 'Publication Status Term Source REF'];

const CONTACT_ROWS: readonly [string, (c: IsaContact) => IsaValue][] = [
  ['Last Name', (c) => c.lastName],
  ['First Name', (c) => c.firstName],
  ['Mid Initials', () => null],
  ['Email', (c) => c.email],
  ['Phone', (c) => c.phone],
  ['Fax', () => null],
  ['Address', (c) => c.address],
  ['Affiliation', (c) => c.affiliation],
  ['Roles', (c) => c.roles],
  ['Roles Term Accession Number', () => null],
  ['Roles Term Source REF', () => null],
];

/** Rows of a section whose values are all empty, one value per entry (`count`). */
const empty = (labels: readonly string[], count = 0) => labels.map((label) => labelRow(label, new Array<null>(count).fill(null))).join('');

function contacts(prefix: string, people: readonly IsaContact[]): string {
  return CONTACT_ROWS.map(([label, value]) => labelRow(`${prefix} Person ${label}`, people.map(value))).join('');
}

/** One value per location, `;`-separated as ISA-Tab lists several values in one cell; empty when there are none. */
function each(locations: readonly IsaLocation[], value: (l: IsaLocation) => string | number | null): string | null {
  return locations.length > 0 ? locations.map((l) => value(l) ?? '').join(';') : null;
}

function protocols(traits: readonly ExportTrait[]): string {
  const list = [
    { name: PROTOCOL.growth, type: 'growth', description: 'The germplasm grown on the plots of the trial.' },
    { name: PROTOCOL.phenotyping, type: 'phenotyping', description: `The traits observed on each plot: ${traits.map(traitHeader).join('; ')}.` },
    { name: PROTOCOL.transformation, type: 'data transformation', description: 'Per plot and year, the latest value recorded for each trait (that of the latest recording date).' },
  ];
  const none = list.map(() => null);
  return [
    labelRow('Study Protocol Name', list.map((p) => p.name)),
    labelRow('Study Protocol Type', list.map((p) => p.type)),
    labelRow('Study Protocol Type Term Accession Number', none),
    labelRow('Study Protocol Type Term Source REF', none),
    labelRow('Study Protocol Description', list.map((p) => p.description)),
    ...['URI', 'Version', 'Parameters Name', 'Parameters Name Term Accession Number', 'Parameters Name Term Source REF', 'Components Name', 'Components Type', 'Components Type Term Accession Number', 'Components Type Term Source REF'].map((label) => labelRow(`Study Protocol ${label}`, none)),
  ].join('');
}

function study(s: IsaStudy, traits: readonly ExportTrait[]): string {
  const { dataset, locations } = s;
  const factors = studyFactors(s.layout);
  const noFactor = factors.map(() => null);
  return [
    'STUDY\r\n',
    labelRow('Study Identifier', [String(dataset.id)]),
    labelRow('Study Title', [dataset.name]),
    labelRow('Study Description', [dataset.description]),
    labelRow('Study Submission Date', [null]),
    labelRow('Study Public Release Date', [null]),
    labelRow('Study File Name', [s.files.study]),
    labelRow('Comment[Study Start Date]', [isoDate(s.dateStart)]),
    labelRow('Comment[Study End Date]', [isoDate(s.dateEnd)]),
    labelRow('Comment[Dataset Version]', [dataset.version]),
    labelRow('Comment[Licence]', [dataset.licenseName]),
    labelRow('Comment[Contact]', [s.contact]),
    labelRow('Comment[Experimental Site Name]', [each(locations, (l) => l.name)]),
    labelRow('Comment[Geographic Location (country)]', [each(locations, (l) => l.country)]),
    labelRow('Comment[Geographic Location (latitude)]', [each(locations, (l) => l.latitude)]),
    labelRow('Comment[Geographic Location (longitude)]', [each(locations, (l) => l.longitude)]),
    labelRow('Comment[Geographic Location (altitude)]', [each(locations, (l) => l.elevation)]),
    'STUDY DESIGN DESCRIPTORS\r\n',
    empty(['Study Design Type', 'Study Design Type Term Accession Number', 'Study Design Type Term Source REF']),
    'STUDY PUBLICATIONS\r\n',
    empty(PUBLICATION_ROWS.map((label) => `Study ${label}`)),
    'STUDY FACTORS\r\n',
    labelRow('Study Factor Name', factors),
    labelRow('Study Factor Type', factors.map((f) => f.toLowerCase())),
    labelRow('Study Factor Type Term Accession Number', noFactor),
    labelRow('Study Factor Type Term Source REF', noFactor),
    'STUDY ASSAYS\r\n',
    labelRow('Study Assay File Name', [s.files.assay]),
    labelRow('Study Assay Measurement Type', ['phenotyping']),
    empty(['Study Assay Measurement Type Term Accession Number', 'Study Assay Measurement Type Term Source REF', 'Study Assay Technology Type', 'Study Assay Technology Type Term Accession Number', 'Study Assay Technology Type Term Source REF', 'Study Assay Technology Platform'], 1),
    'STUDY PROTOCOLS\r\n',
    protocols(traits),
    'STUDY CONTACTS\r\n',
    contacts('Study', s.contacts),
  ].join('');
}

/** The investigation file's text (small: a few rows per dataset). */
export function investigationFile(investigation: IsaInvestigation, traits: readonly ExportTrait[]): string {
  const { experiments, studies } = investigation;
  return [
    'ONTOLOGY SOURCE REFERENCE\r\n',
    empty(['Term Source Name', 'Term Source File', 'Term Source Version', 'Term Source Description']),
    'INVESTIGATION\r\n',
    labelRow('Investigation Identifier', [experiments.map((e) => e.id).join(';')]),
    labelRow('Investigation Title', [experiments.map((e) => e.name).join('; ')]),
    labelRow('Investigation Description', [experiments.map((e) => e.description ?? '').filter((d) => d !== '').join(' ') || null]),
    labelRow('Investigation Submission Date', [null]),
    labelRow('Investigation Public Release Date', [null]),
    labelRow('Comment[Experiment Date]', [experiments.map((e) => isoDate(e.date) ?? '').join(';')]),
    'INVESTIGATION PUBLICATIONS\r\n',
    empty(PUBLICATION_ROWS.map((label) => `Investigation ${label}`)),
    'INVESTIGATION CONTACTS\r\n',
    contacts('Investigation', []),
    ...studies.map((s) => study(s, traits)),
  ].join('');
}
