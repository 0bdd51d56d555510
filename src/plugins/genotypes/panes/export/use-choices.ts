import useSWR from 'swr';
import type { ChoiceGroup, GermplasmSelection } from '../../../../shell/export/germplasm-choice.js';
import { useNameLookup, type NameLookup } from '../../../../shell/export/use-names.js';
import { useServices } from '../../../../shell/pane-api.js';
import type { DatasetMap } from './request.js';

/**
 * What the genotype and allele-frequency export pages offer to choose from, for their datasets: the germplasm
 * and marker groups of the datasets (`dataset/group` of the page's dataset type), their maps (`dataset/map`)
 * and the lookup of pasted germplasm names.
 */
export interface ExportChoices extends NameLookup {
  germplasmGroups: readonly ChoiceGroup[];
  markerGroups: readonly ChoiceGroup[];
  /** The maps of the datasets; undefined while they load (none when asking failed: the export goes without one). */
  maps: readonly DatasetMap[] | undefined;
}

export function useExportChoices(datasetIds: readonly number[], datasetType: 'genotype' | 'allelefreq', selection: Pick<GermplasmSelection, 'germplasm' | 'names'>): ExportChoices {
  const { api } = useServices();
  const idsKey = datasetIds.join(',');
  const options = { revalidateOnFocus: false };
  const groupsOf = (groupType: 'germinatebase' | 'markers') => () => api.post<ChoiceGroup[]>('dataset/group', { body: { datasetIds, datasetType, groupType } });
  const germplasmGroups = useSWR(['genotypes:export-groups', datasetType, idsKey, 'germinatebase'], groupsOf('germinatebase'), options);
  const markerGroups = useSWR(['genotypes:export-groups', datasetType, idsKey, 'markers'], groupsOf('markers'), options);
  // A failed answer (the api client said why) is read as no maps.
  const maps = useSWR(['genotypes:export-maps', idsKey], () => api.post<DatasetMap[]>('dataset/map', { body: { datasetIds } }), options);
  return {
    germplasmGroups: germplasmGroups.data ?? [],
    markerGroups: markerGroups.data ?? [],
    maps: maps.data ?? (maps.error ? [] : undefined),
    ...useNameLookup(selection),
  };
}
