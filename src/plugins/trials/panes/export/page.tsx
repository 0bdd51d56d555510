import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { useServices } from '../../../../shell/pane-api.js';
import type { ExportPageProps } from '../../../../shell/sections.js';
import { Tabs } from '../../../../shell/ui/Tabs.js';
import { germplasmChoice, type ChoiceGroup } from '../../../../shell/export/germplasm-choice.js';
import { GermplasmPicker } from '../../../../shell/export/germplasm-picker.js';
import { useNameLookup } from '../../../../shell/export/use-names.js';
import { ComparisonTab } from './comparison.js';
import { useChartWidth } from '../../../../shell/export/chart-width.js';
import type { PageContext } from './context.js';
import { TableTab } from './table-tab.js';
import { DownloadTab } from './download.js';
import { LocationsTab } from './locations.js';
import { MatrixTab } from './matrix.js';
import { OverviewTab } from './overview.js';
import { ColourPicker, TraitPicker } from './selection.js';
import { forgetShownTabs, setShownTabs } from './shown-tabs.js';
import { readState, restartTable, tabsFor, writeState, type ExportState, type TabId } from './state.js';
import { ensureExportStyles } from './styles.js';
import { TimelineTab } from './timeline.js';
import { chosenTraits, type TraitRow } from './traits.js';

const TAB_VIEWS: Record<TabId, (props: { context: PageContext }) => ReactNode> = {
  overview: OverviewTab,
  matrix: MatrixTab,
  comparison: ComparisonTab,
  table: TableTab,
  locations: LocationsTab,
  timeline: TimelineTab,
  export: DownloadTab,
};

/**
 * The trials export page (`/data/export/trials/<ids>`), below the checked datasets of the shared export
 * pane: choose traits, germplasm and a colouring, then look at the data in tabs (box plots, scatter
 * matrix, comparison, table, plot map and timeline when the data have them) and download Germinate's
 * trials file. Every choice and the tab are kept in the pane's state, so the address replays the page.
 */
export default function TrialsExport(props: ExportPageProps) {
  ensureExportStyles();
  const { api, t, store } = useServices();
  const { paneKey, setState } = props;
  const datasetIds = useMemo(() => props.datasets.map((d) => d.datasetId), [props.datasets]);
  const idsKey = datasetIds.join(',');
  const state = readState(props.state);
  const paneState = props.state;
  const marked = useSnapshot(store.state).markedIds.germplasm;
  const [measure, chartWidth] = useChartWidth();

  const traits = useSWR(['trials:export-traits', idsKey], () => api.post<TraitRow[]>('dataset/trait', { body: { datasetIds } }), { revalidateOnFocus: false });
  const groups = useSWR(['trials:export-groups', idsKey], () => api.post<ChoiceGroup[]>('dataset/group', { body: { datasetIds, datasetType: 'trials', groupType: 'germinatebase' } }), {
    revalidateOnFocus: false,
  });
  const locations = useSWR(['trials:export-locations', idsKey], () => api.post<number>('dataset/data/trial/location/count', { body: { datasetIds } }), { revalidateOnFocus: false });
  const days = useSWR(['trials:export-days', idsKey], () => api.post<string[]>('dataset/data/trial/timepoint', { body: { datasetIds } }), { revalidateOnFocus: false });
  const { listMatch, listIds } = useNameLookup(state);

  const hasLocations = (locations.data ?? 0) > 0;
  const hasTimeline = (days.data?.length ?? 0) > 1;
  const tabs = useMemo(() => tabsFor(hasLocations, hasTimeline), [hasLocations, hasTimeline]);
  useEffect(() => setShownTabs(paneKey, tabs), [paneKey, tabs]);
  useEffect(() => () => forgetShownTabs(paneKey), [paneKey]);

  const update = useCallback(
    (patch: Partial<ExportState>) => {
      const current = readState(paneState);
      const next = { ...current, ...patch };
      // Another selection is another table: it starts again at its first page.
      const reselected = ['traits', 'germplasm', 'groups', 'names'].some((key) => key in patch);
      setState(writeState(paneState, reselected && !('table' in patch) ? { ...next, table: restartTable(next.table) } : next));
    },
    [paneState, setState],
  );

  if (traits.error) return <p className="ui-error">{t('trials.export.failed')}</p>;
  if (!traits.data) return <p role="status">{t('trials.export.loading')}</p>;
  if (traits.data.length === 0) return <p role="status">{t('trials.export.noTraits')}</p>;

  const context: PageContext = {
    paneKey,
    datasetIds,
    traits: traits.data,
    chosen: chosenTraits(traits.data, state.traits),
    groups: groups.data ?? [],
    choice: germplasmChoice(state, marked, listIds),
    state,
    update,
    chartWidth,
  };
  const tab = tabs.includes(state.tab) ? state.tab : 'overview';
  const View = TAB_VIEWS[tab];
  return (
    <div className="trials-export">
      <div className="trials-export-choices">
        <TraitPicker context={context} />
        <GermplasmPicker value={state} onChange={update} groups={context.groups} marked={marked.length} listMatch={listMatch} />
        <fieldset>
          <legend>{t('trials.export.charts')}</legend>
          <ColourPicker context={context} />
        </fieldset>
      </div>
      <Tabs idPrefix={`${paneKey}-trials`} label={t('trials.export.tabs')} tabs={tabs.map((id) => ({ id, label: t(`trials.export.tab.${id}`) }))} selected={tab} onSelect={(id) => update({ tab: tabs.find((candidate) => candidate === id) ?? 'overview' })}>
        <div className="trials-export-panel" ref={measure}>
          <View context={context} />
        </div>
      </Tabs>
    </div>
  );
}
