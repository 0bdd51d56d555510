import useSWR from 'swr';
import { useServices } from '../pane-api.js';
import type { GermplasmSelection } from './germplasm-choice.js';
import { resolveNames, type NameMatch } from './names.js';

export interface NameLookup {
  /** For the picker: undefined while the lookup runs, null when there is no list. */
  listMatch: NameMatch | null | undefined;
  /** For the request: the ids found (none when the lookup failed), null while it runs or without a list. */
  listIds: number[] | null;
}

/** Looks up the pasted names of a germplasm choice in list mode (once per list; swr shares the answer). */
export function useNameLookup(selection: Pick<GermplasmSelection, 'germplasm' | 'names'>): NameLookup {
  const { api } = useServices();
  const namesKey = selection.germplasm === 'list' && selection.names.length > 0 ? selection.names.join('\n') : null;
  const names = useSWR(namesKey === null ? null : ['shell:export-names', namesKey], () => resolveNames(api, selection.names), { revalidateOnFocus: false });
  if (namesKey === null) return { listMatch: null, listIds: null };
  // A failed lookup (the api client said why) finds nothing.
  return { listMatch: names.data, listIds: names.error ? [] : (names.data?.ids ?? null) };
}
