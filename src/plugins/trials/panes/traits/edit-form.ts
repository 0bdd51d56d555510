import { isTraitDataType, type TraitDataType, type TraitRow } from './columns.js';
import { readRestrictions, type TraitRestrictions } from './restrictions.js';

/** The longest name and short name a trait may have (the server's and the trials template's limits). */
export const MAX_NAME = 255;
export const MAX_SHORT_NAME = 10;

/** The trait form's fields as typed. */
export interface TraitForm {
  name: string;
  shortName: string;
  description: string;
  dataType: TraitDataType;
  /** The unit's id as the select holds it; '' for none. */
  unitId: string;
  min: string;
  max: string;
  /** One line per list of categories, the categories separated by commas. */
  categories: string;
}

export type TraitFormProblem =
  | 'nameRequired'
  | 'nameTooLong'
  | 'shortNameTooLong'
  | 'numberInvalid'
  | 'minAboveMax'
  | 'categoriesLength';

export type TraitFormProblems = Partial<Record<keyof TraitForm, TraitFormProblem>>;

export function formFromTrait(row: TraitRow): TraitForm {
  const restrictions = readRestrictions(row.traitRestrictions);
  const bound = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    name: row.traitName ?? '',
    shortName: row.traitNameShort ?? '',
    description: row.traitDescription ?? '',
    dataType: isTraitDataType(row.dataType) ? row.dataType : 'text',
    unitId: row.unitId === null || row.unitId === undefined ? '' : String(row.unitId),
    min: bound(restrictions?.min),
    max: bound(restrictions?.max),
    categories: (restrictions?.categories ?? []).map((list) => list.join(', ')).join('\n'),
  };
}

/** A typed number: a decimal comma is read as a point (German readers type 0,5); '' is no number. */
export function parseNumber(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : 'invalid';
}

/** The category lists typed: a line per list, commas between categories, blank lines and parts left out. */
export function parseCategories(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .map((line) => line.split(',').map((part) => part.trim()).filter((part) => part !== ''))
    .filter((list) => list.length > 0);
}

/** The checks the server makes, so that the form says what is wrong before sending. */
export function traitFormProblems(form: TraitForm): TraitFormProblems {
  const problems: TraitFormProblems = {};
  const name = form.name.trim();
  if (name === '') problems.name = 'nameRequired';
  else if (name.length > MAX_NAME) problems.name = 'nameTooLong';
  if (form.shortName.trim().length > MAX_SHORT_NAME) problems.shortName = 'shortNameTooLong';
  if (form.dataType === 'numeric') {
    const min = parseNumber(form.min);
    const max = parseNumber(form.max);
    if (min === 'invalid') problems.min = 'numberInvalid';
    if (max === 'invalid') problems.max = 'numberInvalid';
    if (typeof min === 'number' && typeof max === 'number' && min > max) problems.max = 'minAboveMax';
  }
  if (form.dataType === 'categorical') {
    const lists = parseCategories(form.categories);
    if (lists.some((list) => list.length !== lists[0].length)) problems.categories = 'categoriesLength';
  }
  return problems;
}

/**
 * The restrictions a form sets: a range for numeric traits, categories for categorical ones, none for
 * the others (a range or categories of another data type would only confuse the import's checks).
 */
export function formRestrictions(form: TraitForm): TraitRestrictions | null {
  if (form.dataType === 'numeric') {
    const min = parseNumber(form.min);
    const max = parseNumber(form.max);
    const range = { ...(typeof min === 'number' ? { min } : {}), ...(typeof max === 'number' ? { max } : {}) };
    return Object.keys(range).length > 0 ? range : null;
  }
  if (form.dataType === 'categorical') {
    const categories = parseCategories(form.categories);
    return categories.length > 0 ? { categories } : null;
  }
  return null;
}

/**
 * PATCH trait/{id}'s body: Germinate's Phenotypes with every key the form edits (the call clears a short
 * name or description left out, and changes restrictions and the unit only when named, so all are named).
 */
export function traitPatchBody(id: number, form: TraitForm) {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const unit = Number(form.unitId);
  return {
    id,
    name: form.name.trim(),
    shortName: text(form.shortName),
    description: text(form.description),
    datatype: form.dataType,
    unitId: form.unitId !== '' && Number.isSafeInteger(unit) && unit > 0 ? unit : null,
    restrictions: formRestrictions(form),
  };
}

/** A unit as the form offers it. */
export interface UnitChoice {
  unitId: number;
  unitName: string;
  unitAbbreviation: string | null;
}

/** The distinct units of trait rows, by name: the units a trait can be given. */
export function distinctUnits(rows: readonly Pick<TraitRow, 'unitId' | 'unitName' | 'unitAbbreviation'>[]): UnitChoice[] {
  const units = new Map<number, UnitChoice>();
  for (const row of rows) {
    if (typeof row.unitId !== 'number' || units.has(row.unitId)) continue;
    units.set(row.unitId, { unitId: row.unitId, unitName: row.unitName || String(row.unitId), unitAbbreviation: row.unitAbbreviation || null });
  }
  return [...units.values()].sort((a, b) => a.unitName.localeCompare(b.unitName, undefined, { sensitivity: 'base' }) || a.unitId - b.unitId);
}
