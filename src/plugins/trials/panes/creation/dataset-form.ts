import { DATASET_STATE_IDS, TRIALS_DATASET_TYPE_ID, type DatasetStateName } from './save.js';

/** The dataset a trial is saved to, as the wizard's form holds it, and the body of a new one. */

/** Where the trial goes: a trials dataset the curator sees, or a new one described by these fields. */
export interface DatasetChoice {
  mode: 'existing' | 'new';
  datasetId: string;
  name: string;
  description: string;
  experimentId: string;
  state: DatasetStateName;
}

export const EMPTY_CHOICE: DatasetChoice = { mode: 'existing', datasetId: '', name: '', description: '', experimentId: '', state: 'public' };

export type ChoiceField = 'datasetId' | 'name' | 'experimentId' | 'state';

/**
 * What is wrong with the choice (locale keys by field), checked before anything is sent. A private or
 * hidden dataset is seen only by administrators and the users given access to it, which its creator is
 * not: a curator could create one but add no plots to it, so only administrators may choose those.
 */
export function choiceProblems(choice: DatasetChoice, isAdmin: boolean): Partial<Record<ChoiceField, string>> {
  if (choice.mode === 'existing') return choice.datasetId === '' ? { datasetId: 'trials.creation.collect.chooseDataset' } : {};
  const problems: Partial<Record<ChoiceField, string>> = {};
  if (choice.name.trim() === '') problems.name = 'trials.creation.collect.nameRequired';
  if (choice.experimentId === '') problems.experimentId = 'trials.creation.collect.experimentRequired';
  if (choice.state !== 'public' && !isAdmin) problems.state = 'trials.creation.collect.stateNotVisible';
  return problems;
}

/** The Datasets body of `POST dataset` for a new trials dataset. */
export function newDatasetBody(choice: DatasetChoice) {
  return {
    name: choice.name.trim(),
    description: choice.description.trim() === '' ? null : choice.description.trim(),
    experimentId: Number(choice.experimentId),
    datasettypeId: TRIALS_DATASET_TYPE_ID,
    datasetStateId: DATASET_STATE_IDS[choice.state],
  };
}
