import { type } from 'arktype';

/**
 * What client forms and the server share about a dataset: Germinate's `Datasets` POJO as POST/PATCH
 * dataset take it, the dataset states and types by id, and the date rule. Unknown
 * keys are ignored, as Germinate's Gson does.
 */

/** datasetstates ids (README §12). */
export const DATASET_STATES = { public: 1, private: 2, hidden: 3 } as const;
export type DatasetStateName = keyof typeof DATASET_STATES;

/** datasettypes ids of the types that have an export page (allelefreq, climate, genotype, pedigree, trials). */
export const DATASET_TYPE_IDS = { genotype: 1, trials: 3, allelefreq: 4, climate: 5, pedigree: 7 } as const;
export type ExportType = keyof typeof DATASET_TYPE_IDS;
export const EXPORT_TYPES = Object.keys(DATASET_TYPE_IDS) as ExportType[];

export function isExportType(value: unknown): value is ExportType {
  return typeof value === 'string' && Object.hasOwn(DATASET_TYPE_IDS, value);
}

const id = type('1 <= number.integer <= 2147483647');
const optionalText = (max: number) => type(`string <= ${max}`).or('null');

export const DatasetBody = type({
  'name?': type('string <= 10000').or('null'),
  'experimentId?': id.or('null'),
  'datasettypeId?': type('-1 <= number.integer <= 2147483647').or('null'),
  'datasetStateId?': id.or('null'),
  'description?': optionalText(100_000),
  'dateStart?': optionalText(40),
  'dateEnd?': optionalText(40),
  'licenseId?': id.or('null'),
  'hyperlink?': optionalText(255),
  'contact?': optionalText(255),
  'datatype?': optionalText(255),
  'version?': optionalText(10),
  'isExternal?': type('boolean').or('null'),
  '+': 'ignore',
});
export type DatasetBody = typeof DatasetBody.infer;

/**
 * A POJO date (Gson's `yyyy-MM-dd'T'HH:mm:ss.SSSXX`, or a plain `yyyy-MM-dd` from a date field) as the
 * calendar date it names; null for null or empty; undefined when it is no real date (a 400 on the server).
 */
export function calendarDate(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined || value.trim() === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** The removal counts DELETE dataset/{id}?summary=true answers, per kind of data. */
export interface DatasetRemoval {
  datasetId: number;
  datasetName: string;
  removed: Record<string, number>;
  /** Files removed from the data folder after the transaction committed. */
  files: number;
}
