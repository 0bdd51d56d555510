/**
 * The shapes of statistics that several domains answer (trials, climate) and their clients read, in
 * Germinate's names. Types only: the server builds them, the client bundle reads them.
 */

/**
 * The numbers of a box: the least and greatest value, the quartiles, the average and how many values. A
 * type (not an interface), so that rows built on it are also Records for charts and tables.
 */
export type Distribution = {
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  avg: number;
  count: number;
};

/**
 * Germinate's ViewTableDatasets, the part a chart needs to name and credit a dataset: ids, names,
 * experiment, licence, state, dates.
 */
export interface DatasetSummary {
  datasetId: number;
  datasetName: string;
  datasetDescription: string | null;
  datasetType: string;
  version: string | null;
  experimentId: number;
  experimentName: string | null;
  licenseId: number | null;
  licenseName: string | null;
  datasetState: string | null;
  startDate: string | null;
  endDate: string | null;
  createdOn: string;
  updatedOn: string;
}
