import type { CellText, ParsedFile, Sheet } from './importer.js';
import { parseDecimal, parseInteger } from './values.js';

/**
 * The "datasheet" part that Germinate's trials, environmental, pedigree and genotype templates share: a
 * METADATA sheet that describes the dataset the import creates, and optional ATTRIBUTES (dataset
 * attributes), LOCATION (the dataset's sites) and COLLABORATORS (people credited on the dataset) sheets.
 * This module reads them; datasheet-checks.ts checks them and datasheet-write.ts stores them.
 */
export const METADATA_SHEET = 'METADATA';
export const ATTRIBUTES_SHEET = 'ATTRIBUTES';
export const LOCATION_SHEET = 'LOCATION';
export const COLLABORATORS_SHEET = 'COLLABORATORS';

/** Every METADATA sheet lists these labels in column A (case-sensitive), their values in column C. */
export const METADATA_LABELS = [
  'Title', 'Description', 'Rights', 'Date of creation', 'Publisher', 'Format', 'Language', 'Source', 'Type', 'Subject',
  'Contact', 'Investigation Title', 'Investigation Description', 'Investigation unique ID', 'Associated data file link',
  'Associated data file description', 'Associated data file version',
] as const;
/**
 * The MIAPPE labels, kept as text attributes of a new dataset. Germinate looks "Investigation unique ID" up
 * with another capital and so never stores it; here it is stored like the others.
 */
export const MIAPPE_LABELS = METADATA_LABELS.slice(11);
export const METADATA_HEADER = ['LABEL', 'DEFINITION', 'VALUE'] as const;
export const ATTRIBUTES_HEADER = ['Attribute', 'Type', 'Value'] as const;
export const LOCATION_HEADER = ['Name', 'Short name', 'Country', 'Elevation', 'Latitude', 'Longitude'] as const;
export const COLLABORATORS_HEADER = ['Last Name', 'First Name', 'Contributor role', 'Contributor ID', 'Email', 'Phone', 'Contributor', 'Address', 'Country'] as const;
/** The datatypes a dataset attribute may have (exact, lower case). */
export const ATTRIBUTE_TYPES: ReadonlySet<string> = new Set(['numeric', 'categorical', 'date', 'text']);
/** The ATTRIBUTES row whose value names an existing dataset to add the file's data to; never stored as an attribute. */
export const STUDY_ATTRIBUTE = 'BrAPI Study DB ID';
/** Row 2 of the COLLABORATORS sheet explains the columns: people start on row 3. */
export const FIRST_COLLABORATOR_ROW = 3;

export interface AttributeRow {
  row: number;
  name: CellText;
  type: CellText;
  value: CellText;
}

export interface LocationRow {
  row: number;
  name: CellText;
  shortName: CellText;
  /** ISO 3166-1 alpha-2 code as written (matched case-sensitively). */
  country: CellText;
  elevation: CellText;
  latitude: CellText;
  longitude: CellText;
}

export interface CollaboratorRow {
  row: number;
  lastName: CellText;
  firstName: CellText;
  roles: CellText;
  externalId: CellText;
  email: CellText;
  phone: CellText;
  /** Name of the institution the person belongs to. */
  institution: CellText;
  address: CellText;
  country: CellText;
}

export interface Datasheet {
  /** METADATA label → VALUE, first row of each label; labels end at the first empty row. */
  metadata: Map<string, CellText>;
  /** METADATA label → its row number. */
  metadataRows: Map<string, number>;
  /** Every non-empty ATTRIBUTES row, the study row included. */
  attributes: AttributeRow[];
  /** The study row, if any: `id` is its value as a whole number (null when it is not one). */
  study: { row: number; text: string; id: number | null } | null;
  locations: LocationRow[];
  collaborators: CollaboratorRow[];
  /** COLLABORATORS header text → column (first occurrence). */
  collaboratorColumns: Map<string, number>;
}

// check() and write() get the same parsed file from the pipeline: read its datasheet once.
const cache = new WeakMap<ParsedFile, Datasheet>();

export function readDatasheet(file: ParsedFile): Datasheet {
  const cached = cache.get(file);
  if (cached) return cached;
  const datasheet = buildDatasheet(file);
  cache.set(file, datasheet);
  return datasheet;
}

const rowsOf = (sheet: Sheet | undefined) => sheet?.rows ?? [];
const cell = (cells: CellText[], index: number | undefined): CellText => (index === undefined ? null : (cells[index] ?? null));

function buildDatasheet(file: ParsedFile): Datasheet {
  const metadata = new Map<string, CellText>();
  const metadataRows = new Map<string, number>();
  let expected = 2;
  for (const { row, cells } of rowsOf(file.sheets.get(METADATA_SHEET))) {
    // Labels end at the first completely empty row (the reader drops those, so row numbers jump there):
    // whatever the template explains below is no label.
    if (row !== expected) break;
    expected += 1;
    const label = cell(cells, 0);
    if (label !== null && !metadata.has(label)) {
      metadata.set(label, cell(cells, 2));
      metadataRows.set(label, row);
    }
  }

  const attributes: AttributeRow[] = [];
  let study: Datasheet['study'] = null;
  for (const { row, cells } of rowsOf(file.sheets.get(ATTRIBUTES_SHEET))) {
    const entry = { row, name: cell(cells, 0), type: cell(cells, 1), value: cell(cells, 2) };
    if (entry.name === null && entry.type === null && entry.value === null) continue;
    attributes.push(entry);
    if (entry.name === STUDY_ATTRIBUTE && study === null) {
      const text = entry.value ?? '';
      study = { row, text, id: parseInteger(text) };
    }
  }

  const locations = rowsOf(file.sheets.get(LOCATION_SHEET)).map(({ row, cells }) => ({
    row,
    name: cell(cells, 0),
    shortName: cell(cells, 1),
    country: cell(cells, 2),
    elevation: cell(cells, 3),
    latitude: cell(cells, 4),
    longitude: cell(cells, 5),
  }));

  const people = file.sheets.get(COLLABORATORS_SHEET);
  const collaboratorColumns = new Map<string, number>();
  people?.header.forEach((text, i) => {
    if (text !== null && !collaboratorColumns.has(text)) collaboratorColumns.set(text, i);
  });
  const at = (cells: CellText[], name: (typeof COLLABORATORS_HEADER)[number]) => cell(cells, collaboratorColumns.get(name));
  const collaborators = rowsOf(people)
    .filter(({ row }) => row >= FIRST_COLLABORATOR_ROW)
    .map(({ row, cells }) => ({
      row,
      lastName: at(cells, 'Last Name'),
      firstName: at(cells, 'First Name'),
      roles: at(cells, 'Contributor role'),
      externalId: at(cells, 'Contributor ID'),
      email: at(cells, 'Email'),
      phone: at(cells, 'Phone'),
      institution: at(cells, 'Contributor'),
      address: at(cells, 'Address'),
      country: at(cells, 'Country'),
    }));

  return { metadata, metadataRows, attributes, study, locations, collaborators, collaboratorColumns };
}

/** A LOCATION number cell as stored: a plain decimal, or null (empty, or refused by the check). */
export function locationNumber(text: CellText): number | null {
  return text === null ? null : parseDecimal(text);
}

/** The attribute rows a write stores: named, of a known type, with a value; never the study row. */
export function storedAttributes(datasheet: Datasheet): { name: string; type: string; value: string }[] {
  return datasheet.attributes.flatMap(({ name, type, value }) =>
    name !== null && name !== STUDY_ATTRIBUTE && type !== null && value !== null && ATTRIBUTE_TYPES.has(type) ? [{ name, type, value }] : [],
  );
}
