import { type } from 'arktype';

/**
 * What the request basket's client and server halves share: the request bodies (arktype), the answer's
 * rows, the note codes and the limits. The notes state facts of the data (MLSSTAT, STORAGE, entity type,
 * holding institute); whether a genebank sends an accession is the genebank's decision, not ours.
 */

/** At most this many germplasm in one request (the marked list can grow large; a request form cannot). */
export const MAX_BASKET_IDS = 10_000;
const MAX_INTEGER = 2_147_483_647;

export const MESSAGES = {
  notAList: 'germplasmIds must be a list of germplasm ids.',
  empty: 'germplasmIds must list at least one germplasm id.',
  tooMany: `germplasmIds may list at most ${MAX_BASKET_IDS.toLocaleString('en-GB')} germplasm ids.`,
  notIds: 'germplasmIds must hold positive whole numbers (germplasm ids) only.',
  format: "format must be 'xlsx' or 'csv'.",
  requester: 'requester takes name and email (at most 200 characters each) and purpose (at most 2,000 characters).',
  institute: 'institute must be the key of one institute of the basket.',
} as const;

export const IdsBody = type({ germplasmIds: 'unknown[]' });
const PositiveIds = type(`(number.integer > 0 & number <= ${MAX_INTEGER})[]`);

export const Requester = type({ 'name?': 'string <= 200', 'email?': 'string <= 200', 'purpose?': 'string <= 2000' });
export type Requester = typeof Requester.infer;

export const ExportBody = type({
  germplasmIds: 'unknown[]',
  format: 'unknown',
  'institute?': 'string | null',
  'requester?': 'unknown',
});
export const ExportFormat = type("'xlsx' | 'csv'");
export type ExportFormat = typeof ExportFormat.infer;

/** The ids of a body, or the message that says what is wrong with them. */
export function basketIds(ids: readonly unknown[]): number[] | string {
  if (ids.length === 0) return MESSAGES.empty;
  if (ids.length > MAX_BASKET_IDS) return MESSAGES.tooMany;
  const valid = PositiveIds(ids);
  return valid instanceof type.errors ? MESSAGES.notIds : [...new Set(valid)];
}

/** Facts that may stand in the way of sending an accession, each shown as a note beside it. */
export const NOTE_CODES = ['mlsNotIncluded', 'mlsOther', 'mlsMissing', 'storageMissing', 'holderMissing', 'notAccession'] as const;
export type NoteCode = (typeof NOTE_CODES)[number];

/** The notes' English texts, as the exported request form states them. */
export const NOTE_TEXT: Record<NoteCode, string> = {
  mlsNotIncluded: 'Not included in the MLS (MLSSTAT 0)',
  mlsOther: 'MLS status "other" (MLSSTAT 99): see remarks',
  mlsMissing: 'No MLS status recorded',
  storageMissing: 'No storage recorded',
  holderMissing: 'No holding institute recorded (INSTCODE)',
  notAccession: 'Not an accession (a plant/plot or sample of one)',
};

export interface BasketAccession {
  germplasmId: number;
  /** ACCENUMB, or the germplasm's general identifier when it has no MCPD row. */
  accessionNumber: string;
  name: string;
  puid: string | null;
  taxon: string | null;
  entityTypeId: number | null;
  entityTypeName: string | null;
  mlsStatus: number | null;
  storage: string[];
  /** The value of a germplasm attribute named "Availability" (any case), when the data has one. */
  availability: string | null;
  remarks: string | null;
  notes: NoteCode[];
}

export interface BasketInstitute {
  /** `i<id>` for a known institution, `c<code>` for an INSTCODE without one, `none` without either. */
  key: string;
  code: string | null;
  name: string | null;
  acronym: string | null;
  countryName: string | null;
  countryCode: string | null;
  email: string | null;
  address: string | null;
  contact: string | null;
  accessions: BasketAccession[];
}

export interface BasketAnswer {
  institutes: BasketInstitute[];
  /** Asked-for ids that are no germplasm (deleted since they were marked). */
  missingIds: number[];
}
