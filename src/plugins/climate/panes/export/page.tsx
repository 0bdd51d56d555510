import { useCallback, useMemo, type ReactNode } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { ClimateRow } from '../../api-types.js';
import { useChartWidth } from '../../../../shell/export/chart-width.js';
import { GroupBoxes, ModeRadios, moveBetweenBoxes } from '../../../../shell/export/choice-list.js';
import type { ChoiceGroup } from '../../../../shell/export/germplasm-choice.js';
import { useServices } from '../../../../shell/pane-api.js';
import type { ExportPageProps } from '../../../../shell/sections.js';
import { Button } from '../../../../shell/ui/Button.js';
import { Checkbox } from '../../../../shell/ui/Field.js';
import { Tabs } from '../../../../shell/ui/Tabs.js';
import { climateLabel } from '../climates/columns.js';
import { DownloadTab, TableTab, type PageContext } from './parts.js';
import { MatrixTab } from './matrix.js';
import { OverviewTab } from './overview.js';
import { LOCATION_MODES, locationChoice, readState, TABS, writeState, type ClimateExportState, type TabId } from './state.js';
import { ensureClimateExportStyles } from './styles.js';

const TAB_VIEWS: Record<TabId, (props: { context: PageContext }) => ReactNode> = { overview: OverviewTab, matrix: MatrixTab, table: TableTab, export: DownloadTab };

/**
 * The climate export page (`/data/export/climate/<ids>`), below the checked datasets of the shared export
 * pane: choose climate variables and locations (all, the marked ones, location groups), then look at the
 * data in tabs (box plots and counted values, a scatter matrix, the data table) and download Germinate's
 * climate file. Every choice and the tab are kept in the pane's state, so the address replays the page.
 */
export default function ClimateExport(props: ExportPageProps) {
  ensureClimateExportStyles();
  const { api, t, store } = useServices();
  const { paneKey, setState } = props;
  const datasetIds = useMemo(() => props.datasets.map((d) => d.datasetId), [props.datasets]);
  const idsKey = datasetIds.join(',');
  const state = readState(props.state);
  const paneState = props.state;
  const marked = useSnapshot(store.state).markedIds.locations;
  const [measure, chartWidth] = useChartWidth();
  const climates = useSWR(['climate:export-climates', idsKey], () => api.post<ClimateRow[]>('dataset/climate', { body: { datasetIds } }), { revalidateOnFocus: false });
  const groups = useSWR(['climate:export-groups', idsKey], () => api.post<ChoiceGroup[]>('dataset/group', { body: { datasetIds, datasetType: 'climate', groupType: 'locations' } }), {
    revalidateOnFocus: false,
  });
  const update = useCallback(
    (patch: Partial<ClimateExportState>) => {
      const next = { ...readState(paneState), ...patch };
      // Another selection is another table: it starts again at its first page.
      const reselected = ['climates', 'locations', 'groups'].some((key) => key in patch);
      setState(writeState(paneState, reselected && !('table' in patch) ? { ...next, table: {} } : next));
    },
    [paneState, setState],
  );

  if (climates.error) return <p className="ui-error">{t('climate.loadFailed')}</p>;
  if (!climates.data) return <p role="status">{t('climate.loading')}</p>;
  if (climates.data.length === 0) return <p role="status">{t('climate.export.noClimates')}</p>;
  const chosenIds = new Set(state.climates);
  const context: PageContext = {
    paneKey,
    datasetIds,
    chosen: climates.data.filter((c) => chosenIds.has(c.climateId)),
    choice: locationChoice(state, marked),
    state,
    update,
    chartWidth,
  };
  const labels = {
    all: t('climate.export.locations.all'),
    marked: t('climate.export.locations.marked', { count: marked.length }),
    groups: t('climate.export.locations.groups', { count: groups.data?.length ?? 0 }),
  };
  const disabled = { all: false, marked: marked.length === 0, groups: (groups.data?.length ?? 0) === 0 };
  const View = TAB_VIEWS[state.tab];
  return (
    <div className="climate-export">
      <div className="climate-export-choices">
        <fieldset>
          <legend>{t('climate.export.climates')}</legend>
          <p className="ui-hint" aria-live="polite">
            {t('climate.export.chosen', { count: context.chosen.length, total: climates.data.length })}
          </p>
          <div className="export-choice-list" role="group" aria-label={t('climate.export.climates')} onKeyDown={moveBetweenBoxes}>
            {climates.data.map((climate) => (
              <Checkbox
                key={climate.climateId}
                checked={chosenIds.has(climate.climateId)}
                onChange={(on) => update({ climates: on ? [...state.climates, climate.climateId] : state.climates.filter((id) => id !== climate.climateId) })}
                label={climateLabel(climate)}
              />
            ))}
          </div>
          <div className="ui-actions">
            <Button size="sm" disabled={chosenIds.size === climates.data.length} onClick={() => update({ climates: climates.data?.map((c) => c.climateId) ?? [] })}>
              {t('climate.export.chooseAll')}
            </Button>
            <Button size="sm" disabled={chosenIds.size === 0} onClick={() => update({ climates: [] })}>
              {t('climate.export.clear')}
            </Button>
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('climate.export.locations')}</legend>
          <ModeRadios options={LOCATION_MODES.map((mode) => ({ mode, label: labels[mode], disabled: disabled[mode] }))} value={state.locations} onChange={(locations) => update({ locations })} />
          {state.locations === 'groups' ? <GroupBoxes label={t('climate.export.groupList')} groups={groups.data ?? []} chosen={state.groups} onChange={(ids) => update({ groups: ids })} /> : null}
        </fieldset>
      </div>
      <Tabs idPrefix={`${paneKey}-climate`} label={t('climate.export.tabs')} tabs={TABS.map((id) => ({ id, label: t(`climate.export.tab.${id}`) }))} selected={state.tab} onSelect={(id) => update({ tab: TABS.find((tab) => tab === id) ?? 'overview' })}>
        <div className="climate-export-panel" ref={measure}>
          <View context={context} />
        </div>
      </Tabs>
    </div>
  );
}
