import { useState } from 'react';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { ListTable, type Column } from '../../../../shell/table/ListTable.js';
import { acceptedLicence } from '../accepted.js';
import { callerId, LicenceDialog } from '../LicenceDialog.js';

/** A row of `license/table`: a licence and one dataset using it (none for a licence no dataset uses). */
export interface LicenceRow {
  licenseId: number;
  licenseName: string;
  licenseDescription?: string | null;
  datasetId?: number | null;
  acceptedBy?: number[];
}

/**
 * The licences of the datasets (`/data/licenses`): each licence with the dataset that uses it and whether
 * the reader accepted it; Read opens the licence to read, print and accept. Keyboard: Tab reaches each
 * row's button, Enter opens the licence, Escape closes it.
 */
export default function LicencesPane(props: PaneProps) {
  const services = useServices();
  const { api, t, session } = services;
  const titleId = `${props.paneKey}-licences-title`;
  const [open, setOpen] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  const me = callerId(session);

  const columns: Column<LicenceRow>[] = [
    { key: 'licenseName', label: t('datasets.licence.column.name') },
    { key: 'licenseDescription', label: t('datasets.licence.column.description'), className: 'ui-wrap' },
    { key: 'datasetId', label: t('datasets.licence.column.dataset') },
    {
      key: 'acceptedBy',
      label: t('datasets.licence.column.accepted'),
      sortable: false,
      render: (row) => (acceptedLicence(row, me) ? t('datasets.licence.accepted') : t('datasets.licence.notAcceptedShort')),
    },
    {
      key: 'actions',
      label: t('datasets.licence.column.actions'),
      sortable: false,
      render: (row) => (
        <button type="button" className="ui-button ui-button-sm" onClick={() => setOpen(row.licenseId)}>
          {t('datasets.licence.read')}
          <span className="visually-hidden"> {row.licenseName}</span>
        </button>
      ),
    },
  ];

  return (
    <section className="ui-pane" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('datasets.licence.pane.list')}</h2>
      <p className="ui-hint">{t('datasets.licence.intro')}</p>
      <ListTable<LicenceRow>
        caption={t('datasets.licence.caption')}
        columns={columns}
        rowKey={(row) => `${row.licenseId}-${row.datasetId ?? 'none'}`}
        source={(request, signal) => api.table<LicenceRow>('license/table', request, { signal })}
        initialSort={{ orderBy: 'licenseName', ascending: true }}
        reload={reload}
        emptyText={t('datasets.licence.none')}
      />
      {open !== null ? (
        <LicenceDialog licenseId={open} onClose={() => setOpen(null)} onAccepted={() => setReload((n) => n + 1)} />
      ) : null}
    </section>
  );
}
