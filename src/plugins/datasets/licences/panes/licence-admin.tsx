import { useState } from 'react';
import useSWR from 'swr';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { ListTable, type Column } from '../../../../shell/table/ListTable.js';
import { Button } from '../../../../shell/ui/Button.js';
import { Confirm } from '../../../../shell/ui/Confirm.js';
import { emptyForm, formOf, readDefinitions, type LicenceDefinition, type LicenceForm as FormState } from '../admin-form.js';
import { LicenceForm } from '../LicenceForm.js';

/**
 * Licence administration (`/admin/licenses`, administrators): every licence once (GET `license`, with its
 * texts in every locale, which the form edits), created, edited and deleted here. Deleting asks first:
 * the licence leaves its datasets, whose data then need no acceptance. `license/table` is not used here
 * because it has a row per licence and dataset.
 */
export default function LicenceAdminPane(props: PaneProps) {
  const services = useServices();
  const { api, t, translator, toast } = services;
  const titleId = `${props.paneKey}-licence-admin-title`;
  const [editing, setEditing] = useState<FormState | null>(null);
  const [deleting, setDeleting] = useState<LicenceDefinition | null>(null);
  const list = useSWR('datasets:licence-definitions', () => api.get<unknown>('license').then(readDefinitions));

  const done = (messageKey: string, name: string) =>
    toast({ titleKey: 'datasets.licence.admin.doneTitle', messageKey, values: { name }, variant: 'success', autoHideMs: 5000, append: true });

  const remove = (licence: LicenceDefinition) =>
    api
      .delete<boolean>(`license/${licence.licenseId}`)
      .then(async () => {
        done('datasets.licence.admin.deleted', licence.licenseName);
        await list.mutate();
      })
      // Shown by the api client's toast.
      .catch(() => undefined);

  const columns: Column<LicenceDefinition>[] = [
    { key: 'licenseId', label: t('datasets.licence.column.id') },
    { key: 'licenseName', label: t('datasets.licence.column.name') },
    { key: 'licenseDescription', label: t('datasets.licence.column.description'), className: 'ui-wrap' },
    {
      key: 'licenseData',
      label: t('datasets.licence.column.locales'),
      sortable: false,
      render: (row) => Object.keys(row.licenseData ?? {}).filter((l) => row.licenseData[l]).sort().join(', '),
    },
    { key: 'createdOn', label: t('datasets.licence.column.createdOn'), render: (row) => translator.formatDate(row.createdOn ?? '') },
    {
      key: 'actions',
      label: t('datasets.licence.column.actions'),
      sortable: false,
      render: (row) => (
        <div className="ui-actions">
          <button type="button" className="ui-button ui-button-sm" onClick={() => setEditing(formOf(row))}>
            {t('datasets.licence.admin.edit')}
            <span className="visually-hidden"> {row.licenseName}</span>
          </button>
          <button type="button" className="ui-button ui-button-danger ui-button-sm" onClick={() => setDeleting(row)}>
            {t('datasets.licence.admin.delete')}
            <span className="visually-hidden"> {row.licenseName}</span>
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="admin-pane ui-pane" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('datasets.licence.pane.admin')}</h2>
      <p className="ui-hint">{t('datasets.licence.admin.intro')}</p>
      <div className="ui-actions">
        <Button variant="primary" onClick={() => setEditing(emptyForm())}>
          {t('datasets.licence.admin.create')}
        </Button>
      </div>
      {list.error && !list.data ? (
        <div role="alert">
          <p className="ui-error">{t('datasets.licence.loadFailed')}</p>
          <Button onClick={() => void list.mutate().catch(() => undefined)}>{t('datasets.licence.admin.retry')}</Button>
        </div>
      ) : !list.data ? (
        <p role="status">{t('datasets.licence.loading')}</p>
      ) : (
        <ListTable<LicenceDefinition>
          caption={t('datasets.licence.admin.caption')}
          columns={columns}
          rowKey={(row) => row.licenseId}
          rows={list.data}
          initialSort={{ orderBy: 'licenseName', ascending: true }}
          emptyText={t('datasets.licence.none')}
        />
      )}
      {editing ? (
        <LicenceForm
          initial={editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            done(editing.licenseId === null ? 'datasets.licence.admin.created' : 'datasets.licence.admin.saved', name);
            setEditing(null);
            void list.mutate();
          }}
        />
      ) : null}
      <Confirm
        open={deleting !== null}
        title={t('datasets.licence.admin.deleteTitle')}
        message={deleting ? t('datasets.licence.admin.deleteMessage', { name: deleting.licenseName }) : ''}
        confirmLabel={t('datasets.licence.admin.delete')}
        cancelLabel={t('datasets.licence.form.cancel')}
        danger
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
