import useSWR from 'swr';
import { useServices } from '../../../shell/pane-api.js';

/** The dataset table's columns a choice of trials datasets reads. */
export interface TrialsDataset {
  datasetId: number;
  datasetName: string;
  isExternal?: boolean | null;
}

/**
 * The trials datasets the caller sees, by name, without external ones (they hold no data): what trial
 * creation saves to and the cross comparison reads from. One cache for both, so a dataset made by trial
 * creation is offered to the comparison too.
 */
export function useTrialsDatasets() {
  const { api } = useServices();
  return useSWR('trials:datasets', async () => {
    const page = await api.table<TrialsDataset>('dataset/table', {
      page: 1,
      limit: 5000,
      orderBy: 'datasetName',
      ascending: 1,
      filter: [{ column: 'datasetType', comparator: 'equals', values: ['trials'] }],
    });
    return page.data.filter((d) => d.isExternal !== true);
  });
}
