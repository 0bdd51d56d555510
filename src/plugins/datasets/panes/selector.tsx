import { useMemo, useState } from 'react';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { ListTable, type Column } from '../../../shell/table/ListTable.js';
import { runFromButton } from '../../../shell/table/run-command.js';
import { Button } from '../../../shell/ui/Button.js';
import type { Filter } from '../../../core/table-request.js';
import { LicenceDialog } from '../licences/LicenceDialog.js';
import { acceptedLicence } from '../licences/accepted.js';
import { callerOf, PANE, selectedIds } from '../actions.js';
import { datasetCell, type DatasetRow } from '../columns.js';
import { EXPORT_TYPES, isExportType } from '../schema.js';

/**
 * The dataset selector of an export type (`/data/export/:datasetType`): the
 * datasets of that type that hold data here, each with a checkbox; a licence opens the licence dialog to read
 * and accept it. Continue (Ctrl/⌘+Enter) checks as Germinate does and opens the type's export page. The
 * ticked ids are the pane's view state, so they survive a reload and travel with a shared link.
 */
export default function SelectorPane(props: PaneProps) {
  const services = useServices();
  const { api, t, workspace } = services;
  const type = props.instance.params.datasetType;
  const state = useMemo(() => props.instance.state ?? {}, [props.instance.state]);
  const selected = useMemo(() => selectedIds(state), [state]);
  const [licence, setLicence] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  const titleId = `${props.paneKey}-selector-title`;

  if (!isExportType(type)) {
    return (
      <section className="ui-pane" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('datasets.pane.selector')}</h2>
        <p role="alert">{t('datasets.selector.unknownType', { type: String(type ?? '') })}</p>
        <ul>
          {EXPORT_TYPES.map((known) => (
            <li key={known}>
              <Button size="sm" variant="ghost" onClick={() => workspace.open({ type: PANE.selector, params: { datasetType: known } }, 'replace', props.paneKey)}>
                {t(`datasets.command.openSelector.${known}`)}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  // The datasets of the type. Germinate's selector also filters `isExternal equals 0`, which this server's
  // PostgreSQL view cannot compare yet (an integer column declared boolean): external datasets are listed
  // here without a checkbox instead, since they hold no data to export.
  const filter: Filter[] = [{ column: 'datasetType', comparator: 'equals', operator: 'and', values: [type] }];
  const setSelected = (ids: number[]) => props.setState({ ...state, selected: ids });
  const toggle = (id: number, on: boolean) => setSelected(on ? [...selected.filter((x) => x !== id), id] : selected.filter((x) => x !== id));
  const selectAll = () =>
    api
      .tableIds('dataset/table/ids', { filter })
      .then((ids) => setSelected(ids.data.map(Number)))
      // (The ids call cannot leave external datasets out; the export page names any that slip in.)
      .catch(() => {});
  const caller = callerOf(services);
  const columns: Column<DatasetRow>[] = [
    {
      key: 'select',
      label: t('datasets.selector.select'),
      sortable: false,
      render: (row) =>
        row.isExternal === true ? (
          <span>{t('datasets.selector.external')}</span>
        ) : (
          <input
            type="checkbox"
            checked={selected.includes(row.datasetId)}
            aria-label={t('datasets.selector.selectOneLabel', { name: String(row.datasetName ?? row.datasetId) })}
            onChange={(event) => toggle(row.datasetId, event.target.checked)}
          />
        ),
    },
    { key: 'datasetName', label: t('datasets.column.datasetName') },
    { key: 'datasetDescription', label: t('datasets.column.datasetDescription'), className: 'admin-wrap' },
    { key: 'experimentName', label: t('datasets.column.experimentName') },
    {
      key: 'licenseName',
      label: t('datasets.column.licenseName'),
      render: (row) =>
        typeof row.licenseId === 'number' ? (
          <Button size="sm" variant="ghost" onClick={() => setLicence(Number(row.licenseId))}>
            {String(row.licenseName ?? row.licenseId)} — {t(acceptedLicence(row, caller) ? 'datasets.details.licenceAccepted' : 'datasets.details.licenceNotAccepted')}
          </Button>
        ) : (
          t('datasets.details.noLicence')
        ),
    },
    { key: 'dataPointCount', label: t('datasets.column.dataPointCount'), render: (row) => datasetCell(row, 'dataPointCount') },
  ];

  return (
    <section className="ui-pane datasets-selector" aria-labelledby={titleId}>
      <div className="ui-pane-header">
        <h2 id={titleId}>{t(`datasets.command.openSelector.${type}`)}</h2>
      </div>
      <p>{t('datasets.selector.intro')}</p>
      <div className="ui-actions" role="toolbar" aria-label={t('datasets.selector.actions')}>
        <Button onClick={() => void selectAll()}>{t('datasets.selector.selectAll')}</Button>
        <Button onClick={() => setSelected([])} disabled={selected.length === 0}>
          {t('datasets.selector.clear')}
        </Button>
        <span aria-live="polite">{t('datasets.selector.count', { count: String(selected.length) })}</span>
        <Button variant="primary" onClick={() => runFromButton(services, props.paneKey, PANE.selector, 'datasets:continue-export')} aria-keyshortcuts="Control+Enter Meta+Enter">
          {t('datasets.selector.continue')}
        </Button>
      </div>
      <ListTable<DatasetRow>
        caption={t('datasets.selector.caption', { type: t(`datasets.type.${type}`) })}
        columns={columns}
        rowKey={(row) => row.datasetId}
        source={(request, signal) => api.table<DatasetRow>('dataset/table', { ...request, filter: [...filter, ...(request.filter ?? [])] }, { signal })}
        sourceKey={type}
        reload={reload}
        emptyText={t('datasets.selector.empty')}
      />
      {licence !== null ? <LicenceDialog licenseId={licence} onClose={() => setLicence(null)} onAccepted={() => setReload((n) => n + 1)} /> : null}
    </section>
  );
}
