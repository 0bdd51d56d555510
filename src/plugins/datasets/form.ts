import type { DatasetRow } from './columns.js';
import { calendarDate, DATASET_STATES, DATASET_TYPE_IDS, type DatasetBody } from './schema.js';

/**
 * The dataset form (create and edit) as text fields, its checks (the server's, so that a form that passes
 * here is accepted there), and the POST/PATCH body it sends. PATCH overwrites every field it names and
 * clears the absent ones (Germinate's rule), so the form always sends them all.
 */
export interface DatasetForm {
  name: string;
  description: string;
  experimentId: string;
  datasettypeId: string;
  datasetStateId: string;
  licenseId: string;
  dateStart: string;
  dateEnd: string;
  hyperlink: string;
  contact: string;
}

export type FormProblem = 'required' | 'notDate' | 'endBeforeStart' | 'tooLong';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const stateIds: Record<string, number> = DATASET_STATES;
const typeIds: Record<string, number> = DATASET_TYPE_IDS;

export function emptyForm(): DatasetForm {
  return { name: '', description: '', experimentId: '', datasettypeId: String(DATASET_TYPE_IDS.trials), datasetStateId: String(DATASET_STATES.private), licenseId: '', dateStart: '', dateEnd: '', hyperlink: '', contact: '' };
}

/** A ViewTableDatasets row as the form's fields (dates as yyyy-MM-dd). */
export function formFromRow(row: DatasetRow): DatasetForm {
  return {
    name: text(row.datasetName),
    description: text(row.datasetDescription),
    experimentId: text(row.experimentId),
    datasettypeId: String(typeIds[text(row.datasetType)] ?? ''),
    datasetStateId: String(stateIds[text(row.datasetState)] ?? DATASET_STATES.private),
    licenseId: text(row.licenseId),
    dateStart: text(row.startDate).slice(0, 10),
    dateEnd: text(row.endDate).slice(0, 10),
    hyperlink: text(row.hyperlink),
    contact: text(row.contact),
  };
}

export function formProblems(form: DatasetForm): Partial<Record<keyof DatasetForm, FormProblem>> {
  const problems: Partial<Record<keyof DatasetForm, FormProblem>> = {};
  if (form.name.trim() === '') problems.name = 'required';
  if (form.experimentId === '') problems.experimentId = 'required';
  if (form.datasettypeId === '') problems.datasettypeId = 'required';
  if (form.hyperlink.length > 255) problems.hyperlink = 'tooLong';
  if (form.contact.length > 255) problems.contact = 'tooLong';
  const start = calendarDate(form.dateStart);
  const end = calendarDate(form.dateEnd);
  if (start === undefined) problems.dateStart = 'notDate';
  if (end === undefined) problems.dateEnd = 'notDate';
  if (start && end && end < start) problems.dateEnd = 'endBeforeStart';
  return problems;
}

const idOrNull = (value: string) => (value === '' ? null : Number(value));
const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The Datasets POJO of a checked form. */
export function datasetBody(form: DatasetForm): DatasetBody {
  return {
    name: form.name.trim(),
    description: textOrNull(form.description),
    experimentId: idOrNull(form.experimentId),
    datasettypeId: idOrNull(form.datasettypeId),
    datasetStateId: idOrNull(form.datasetStateId),
    licenseId: idOrNull(form.licenseId),
    dateStart: calendarDate(form.dateStart) ?? null,
    dateEnd: calendarDate(form.dateEnd) ?? null,
    hyperlink: textOrNull(form.hyperlink),
    contact: textOrNull(form.contact),
  };
}
