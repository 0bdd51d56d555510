import type { ExperimentRow } from './columns.js';

/** The edit form's fields as typed (the date as an <input type="date"> gives it: yyyy-MM-dd or ''). */
export interface ExperimentForm {
  name: string;
  description: string;
  date: string;
}

export type FormProblem = 'nameRequired' | 'nameTooLong' | 'dateInvalid';

export function formFromRow(row: ExperimentRow | null): ExperimentForm {
  if (!row) return { name: '', description: '', date: '' };
  return {
    name: row.experimentName ?? '',
    description: row.experimentDescription ?? '',
    date: typeof row.experimentDate === 'string' ? row.experimentDate.slice(0, 10) : '',
  };
}

/** The same checks the server makes, so that the form says what is wrong before sending. */
export function formProblems(form: ExperimentForm): Partial<Record<keyof ExperimentForm, FormProblem>> {
  const problems: Partial<Record<keyof ExperimentForm, FormProblem>> = {};
  const name = form.name.trim();
  if (name === '') problems.name = 'nameRequired';
  else if (name.length > 255) problems.name = 'nameTooLong';
  if (form.date !== '' && !isDay(form.date)) problems.date = 'dateInvalid';
  return problems;
}

function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

/** PUT experiment's body: Germinate's row without an id (the server gives it one). */
export function createBody(form: ExperimentForm) {
  const { experimentId: _none, ...body } = patchBody(0, form);
  return body;
}

/** PATCH experiment/{id}'s body: Germinate's row with the id of the path. */
export function patchBody(id: number, form: ExperimentForm) {
  return {
    experimentId: id,
    experimentName: form.name.trim(),
    experimentDescription: form.description.trim() === '' ? null : form.description.trim(),
    experimentDate: form.date === '' ? null : form.date,
  };
}
