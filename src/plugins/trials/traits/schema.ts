import { type } from 'arktype';
import { HttpError } from '../../../server/http/errors.js';
import type { TraitDatatype } from '../tables.js';

/** The longest trait name and short name the trials template accepts (Germinate's columns). */
export const MAX_NAME = 255;
export const MAX_SHORT_NAME = 10;
/** Cap on one unification, so that a single merge stays one reasonable transaction. */
export const MAX_UNIFY_OTHERS = 1000;

export const DATATYPES: readonly TraitDatatype[] = ['categorical', 'numeric', 'text', 'date'];

const Restrictions = type({
  'categories?': 'string[][] | null',
  'min?': 'number | null',
  'max?': 'number | null',
});
export type Restrictions = typeof Restrictions.infer;

/**
 * Germinate's Phenotypes POJO as PATCH trait/{id} reads it. Keys not named here (categoryId, setsize,
 * isTimeseries, the timestamps the client sends back with the trait) are not changed by the call and
 * therefore not read. `datatype` is checked by the route, for a message that names the four.
 */
export const TraitBody = type({
  'id?': 'number.integer | null',
  'name?': 'string | null',
  'shortName?': 'string | null',
  'description?': 'string | null',
  'datatype?': 'string | null',
  'restrictions?': Restrictions.or('null'),
  'unitId?': 'number.integer | null',
});
export type TraitBody = typeof TraitBody.infer;

/** Germinate's TraitUnificationRequest; the route says which part is missing or wrong. */
export const TraitUnificationRequest = type({
  'preferredTraitId?': 'number.integer | null',
  'otherTraitIds?': 'number.integer[] | null',
});

export function invalid(message: string): HttpError {
  return new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', message);
}

/** A datatype of the four, or a 400 naming them (the column cannot be empty, so null is not clearing it). */
export function datatypeOf(value: string | null | undefined): TraitDatatype {
  const found = DATATYPES.find((d) => d === value);
  if (!found) throw invalid(`datatype must be one of ${DATATYPES.join(', ')}`);
  return found;
}

/**
 * Restrictions as stored (JSON text), or null when none is left. The rule of the trials template: category
 * lists are lists of strings, none empty, all of one length (each list spells the same categories another
 * way); min and max are finite and min ≤ max. Null keys are left out.
 */
export function restrictionsJson(value: Restrictions | null): string | null {
  if (value === null) return null;
  const stored: { categories?: string[][]; min?: number; max?: number } = {};
  const categories = value.categories ?? null;
  if (categories !== null && categories.length > 0) {
    if (categories.some((list) => list.length === 0)) throw invalid('restrictions.categories must not hold an empty list');
    if (categories.some((list) => list.length !== categories[0].length)) throw invalid('restrictions.categories lists must all have the same length');
    stored.categories = categories;
  }
  for (const key of ['min', 'max'] as const) {
    const bound = value[key];
    if (bound === undefined || bound === null) continue;
    if (!Number.isFinite(bound)) throw invalid(`restrictions.${key} must be a finite number`);
    stored[key] = bound;
  }
  if (stored.min !== undefined && stored.max !== undefined && stored.min > stored.max) throw invalid('restrictions.min must not be greater than restrictions.max');
  return Object.keys(stored).length === 0 ? null : JSON.stringify(stored);
}

/** A text key of the body as stored: trimmed; absent, null or blank clears it (the POJO is the whole trait). */
export function clearableText(value: string | null | undefined, key: string, max?: number): string | null {
  const text = value?.trim() ?? '';
  if (max !== undefined && text.length > max) throw invalid(`${key} must be at most ${max} characters`);
  return text === '' ? null : text;
}
