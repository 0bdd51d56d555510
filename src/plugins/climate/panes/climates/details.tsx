import { Fragment, useCallback, useMemo, type ReactNode } from 'react';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { keepEnterOnControls } from '../../../../shell/table/control-keys.js';
import { ListTable, type Column } from '../../../../shell/table/ListTable.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { Button } from '../../../../shell/ui/Button.js';
import { Tabs, type TabSpec } from '../../../../shell/ui/Tabs.js';
import { ChartTab } from './chart-tab.js';
import { climateDataTable, climateLabel, type ClimateTableRow } from './columns.js';
import { OverlaysTab } from './overlays-tab.js';
import { licenceAccepted, useClimate, useClimateDatasets, useClimateOverlays, type ClimateDataset } from './reads.js';
import { useClimateStyles } from './styles.js';
import { CLIMATE_TABS, type ClimateTab } from './tabs.js';

/** The datasets' details pane (the datasets plugin's: plugins meet through pane ids). */
const DATASET_DETAILS = 'datasets:details';

/**
 * A climate (`/data/climate/climates/:climateId`): its name and unit, description and data type; then its
 * values per location over time (a chart), the values as the climate data table, the datasets holding it
 * and its map overlays, one tab each. Values of datasets whose licence the reader has not accepted are
 * left out by the server. An id that names no climate says so.
 */
export default function ClimateDetailsPane(props: PaneProps) {
  useClimateStyles();
  const { t } = useServices();
  const id = Number(props.instance.params.climateId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const climate = useClimate(valid ? id : null);
  const datasets = useClimateDatasets(valid ? id : null);
  const overlays = useClimateOverlays(valid ? id : null);
  const { setState } = props;
  const state = useMemo(() => props.instance.state ?? {}, [props.instance.state]);
  const change = useCallback((patch: Record<string, unknown>) => setState({ ...state, ...patch }), [state, setState]);
  const titleId = `${props.paneKey}-climate-title`;
  const row = climate.data;

  if (!valid || row === null) {
    return (
      <section className="ui-pane" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('climate.pane.climate')}</h2>
        <p role="status">{t('climate.notFound', { id: props.instance.params.climateId ?? '' })}</p>
      </section>
    );
  }
  if (!row) {
    return (
      <section className="ui-pane" aria-busy="true" aria-label={t('climate.pane.climate')}>
        <p role="status">{climate.error ? t('climate.loadFailed') : t('climate.loading')}</p>
      </section>
    );
  }

  const title = climateLabel(row);
  const tabs: TabSpec[] = CLIMATE_TABS.map((tab) => ({ id: tab, label: t(`climate.tab.${tab}`) }));
  const tab: ClimateTab = CLIMATE_TABS.find((candidate) => candidate === state.tab) ?? 'chart';
  let content: ReactNode;
  if (tab === 'chart') {
    content = <ChartTab climateId={id} title={title} numeric={row.dataType === 'numeric'} showTable={state.chartTable === true} onShowTable={(show) => change({ chartTable: show })} />;
  } else if (tab === 'data') {
    content = <DataTab climateId={id} title={title} pane={props} />;
  } else if (tab === 'datasets') {
    content = datasets.error ? <p className="ui-error">{t('climate.loadFailed')}</p> : !datasets.data ? <p role="status">{t('climate.loading')}</p> : <DatasetList rows={datasets.data} title={title} paneKey={props.paneKey} />;
  } else {
    content = overlays.error ? <p className="ui-error">{t('climate.loadFailed')}</p> : !overlays.data ? <p role="status">{t('climate.loading')}</p> : <OverlaysTab overlays={overlays.data} paneKey={props.paneKey} climateName={title} />;
  }

  return (
    <section className="ui-pane climate-details" aria-labelledby={titleId} onKeyDown={keepEnterOnControls}>
      <div className="ui-pane-header">
        <h2 id={titleId}>{title}</h2>
      </div>
      <ClimateFacts row={row} />
      <Tabs idPrefix={`${props.paneKey}-climate`} label={t('climate.tabs')} tabs={tabs} selected={tab} onSelect={(next) => change({ tab: next })}>
        <div className="climate-panel">{content}</div>
      </Tabs>
    </section>
  );
}

/** The spec's climate fields other than its name. */
function ClimateFacts({ row }: { row: ClimateTableRow }) {
  const { t, translator } = useServices();
  const none = '–';
  const unit = [row.unitName, row.unitAbbreviation ? `(${row.unitAbbreviation})` : ''].filter(Boolean).join(' ');
  const facts: [string, string][] = [
    ['climateId', String(row.climateId)],
    ['climateNameShort', row.climateNameShort || none],
    ['climateDescription', row.climateDescription || none],
    ['dataType', t(`climate.dataType.${row.dataType}`)],
    ['unitName', unit || none],
    ['count', translator.formatNumber(row.count ?? 0)],
  ];
  return (
    <dl className="ui-dl climate-facts">
      {facts.map(([key, value]) => (
        <Fragment key={key}>
          <dt>{t(`climate.climates.column.${key}`)}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The climate's values in the climate data table (paging, filters, export; rows mark their location). */
function DataTab({ climateId, title, pane }: { climateId: number; title: string; pane: PaneProps }) {
  const { t } = useServices();
  const { setState } = pane;
  const state = pane.instance.state;
  const tableState = typeof state?.data === 'object' && state.data !== null ? (state.data as Record<string, unknown>) : undefined;
  const setTableState = useCallback((data: Record<string, unknown>) => setState({ ...(state ?? {}), data }), [state, setState]);
  // The climate is the request's selection (xIds); no datasetIds: all the reader may use.
  const body = useMemo(() => ({ xIds: [climateId] }), [climateId]);
  return (
    <div className="climate-data">
      <TableView declaration={climateDataTable} paneKey={pane.paneKey} state={tableState} setState={setTableState} body={body} label={t('climate.data.title', { climate: title })} />
    </div>
  );
}

/** The datasets holding the climate, each opening beside, with its licence and whether the reader accepted it. */
function DatasetList({ rows, title, paneKey }: { rows: readonly ClimateDataset[]; title: string; paneKey: string }) {
  const { t, workspace } = useServices();
  const columns: Column<ClimateDataset>[] = [
    {
      key: 'datasetName',
      label: t('climate.datasets.name'),
      render: (row) => (
        <Button size="sm" variant="ghost" onClick={() => workspace.open({ type: DATASET_DETAILS, params: { datasetId: String(row.datasetId) } }, 'right', paneKey)}>
          {row.datasetName || String(row.datasetId)}
        </Button>
      ),
    },
    { key: 'datasetDescription', label: t('climate.datasets.description') },
    { key: 'experimentName', label: t('climate.datasets.experiment') },
    {
      key: 'licenseName',
      label: t('climate.datasets.licence'),
      render: (row) =>
        row.licenseId === null || row.licenseId === undefined
          ? t('climate.datasets.noLicence')
          : `${row.licenseName ?? ''} (${t(licenceAccepted(row) ? 'climate.datasets.accepted' : 'climate.datasets.notAccepted')})`,
    },
  ];
  return <ListTable<ClimateDataset> caption={t('climate.datasets.caption', { climate: title })} columns={columns} rowKey={(row) => row.datasetId} rows={rows} emptyText={t('climate.datasets.none')} />;
}
