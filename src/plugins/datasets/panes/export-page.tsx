import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { exportPageSlot, SectionView, useSections, type ExportPageProps } from '../../../shell/sections.js';
import { runFromButton } from '../../../shell/table/run-command.js';
import { Button } from '../../../shell/ui/Button.js';
import { LicenceDialog } from '../licences/LicenceDialog.js';
import { callerOf, PANE } from '../actions.js';
import type { DatasetRow } from '../columns.js';
import { checkExportDatasets } from '../export-check.js';
import { EXPORT_PAGES, exportPaneId, exportTypeOfPane, parseDatasetIds } from '../export-pages.js';

/**
 * Every export page (`/data/export/<type>/:datasetIds`): first the datasets of the URL are checked (they
 * exist and the caller sees them, are of the page's type, hold data here, and their licences are accepted);
 * any problem is said in the pane, with the licences to read and accept, and no export is offered. Then the
 * type's page from the registry (export-pages.ts) takes over, or a note that its export is not available yet.
 */
export default function ExportPagePane(props: PaneProps) {
  const services = useServices();
  const { api, t, workspace } = services;
  const type = exportTypeOfPane(props.instance.type);
  const ids = useMemo(() => parseDatasetIds(props.instance.params.datasetIds), [props.instance.params.datasetIds]);
  const [licence, setLicence] = useState<number | null>(null);
  const page = type ? EXPORT_PAGES[type] : null;
  const section = useSections(exportPageSlot(type ?? 'none'))[0];
  const rows = useSWR(ids && ids.length > 0 ? ['datasets:export-rows', ids.join(',')] : null, () =>
    api
      .table<DatasetRow>('dataset/table', { page: 1, limit: ids?.length ?? 1, filter: [{ column: 'datasetId', comparator: 'inSet', values: (ids ?? []).map(String) }] })
      .then((r) => r.data),
  );
  const titleId = `${props.paneKey}-export-title`;
  if (!type || !page) return null;
  const title = t(page.titleKey);
  const back = (
    <Button onClick={() => workspace.open({ type: PANE.selector, params: { datasetType: type } }, 'replace', props.paneKey)}>{t('datasets.export.backToSelector')}</Button>
  );

  let body;
  if (!ids || ids.length === 0) {
    body = (
      <>
        <p role="alert">{t('datasets.export.badIds', { ids: props.instance.params.datasetIds ?? '' })}</p>
        {back}
      </>
    );
  } else if (rows.error) {
    body = <p className="ui-error">{t('datasets.details.loadFailed')}</p>;
  } else if (!rows.data) {
    body = <p role="status">{t('datasets.details.loading')}</p>;
  } else {
    const check = checkExportDatasets(ids, rows.data, type, callerOf(services));
    if (check.problems.length > 0) {
      body = (
        <>
          <div role="alert">
            <p>{t('datasets.export.cannot')}</p>
            <ul>
              {check.problems.map((problem) => (
                <li key={problem.kind}>{t(`datasets.export.problem.${problem.kind}`, { ids: problem.ids.join(', '), type: t(`datasets.type.${type}`) })}</li>
              ))}
            </ul>
          </div>
          {check.licences.length > 0 ? (
            <ul aria-label={t('datasets.export.licencesToAccept')}>
              {check.licences.map((l) => (
                <li key={l.licenseId}>
                  <Button size="sm" onClick={() => setLicence(l.licenseId)}>
                    {t('datasets.export.readLicence', { name: l.licenseName })}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="ui-actions">
            {back}
            {check.usable.length > 0 && check.licences.length === 0 ? (
              <Button onClick={() => workspace.open({ type: exportPaneId(type), params: { datasetIds: check.usable.map((r) => r.datasetId).join(',') } }, 'replace', props.paneKey)}>
                {t('datasets.export.onlyUsable', { count: String(check.usable.length) })}
              </Button>
            ) : null}
          </div>
        </>
      );
    } else {
      body = (
        <>
          <ul className="datasets-export-list" aria-label={t('datasets.export.chosen')}>
            {check.usable.map((row) => (
              <li key={row.datasetId}>
                <strong>{String(row.datasetName ?? row.datasetId)}</strong>
                {row.datasetDescription ? <span className="ui-hint"> {String(row.datasetDescription)}</span> : null}
              </li>
            ))}
          </ul>
          <div className="ui-actions" role="toolbar" aria-label={t('datasets.export.actions')}>
            <Button onClick={() => runFromButton(services, props.paneKey, props.instance.type, 'datasets:download-metadata')} aria-keyshortcuts="d">
              {t('datasets.command.downloadMetadata')}
            </Button>
          </div>
          {section ? (
            <SectionView<ExportPageProps> spec={section} props={{ datasets: check.usable, paneKey: props.paneKey, state: props.instance.state ?? {}, setState: props.setState }} />
          ) : (
            <p role="status" className="datasets-unavailable">
              {t('datasets.export.unavailable', { type: t(`datasets.type.${type}`) })}
            </p>
          )}
        </>
      );
    }
  }

  return (
    <section className="ui-pane datasets-export" aria-labelledby={titleId}>
      <div className="ui-pane-header">
        <h2 id={titleId}>{title}</h2>
      </div>
      {body}
      {licence !== null ? <LicenceDialog licenseId={licence} onClose={() => setLicence(null)} onAccepted={() => void rows.mutate()} /> : null}
    </section>
  );
}
