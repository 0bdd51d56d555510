import { useState, type CSSProperties } from 'react';
import useSWR from 'swr';
import { ApiError } from '../../../core/api-client.js';
import { useServices, type PaneProps, type Services } from '../../../shell/pane-api.js';
import { ListTable, type Column } from '../../../shell/table/ListTable.js';
import { Button } from '../../../shell/ui/Button.js';
import { Confirm } from '../../../shell/ui/Confirm.js';
import { added, downloadHref, readBackups, sizeParts, totalBytes, type BackupRow } from '../backups.js';
import { PANE } from '../index.js';
import { readAdminSettings, type AdminSettingsView } from '../settings-form.js';
import { done, shown, textOr } from '../widgets/format.js';

/** While a backup that outlived the client's call timeout may still be running, the list is read this often. */
const WAIT_POLL_MS = 5000;
/** How a disabled button looks (components.css), for the busy button that keeps its focus. */
const BUSY_STYLE: CSSProperties = { opacity: 0.55, cursor: 'progress' };

/** A size in binary units, the number in the reader's locale (`1,5 MiB` in German). */
function sizeText(services: Pick<Services, 't' | 'translator'>, bytes: number): string {
  const { value, unit, fractionDigits } = sizeParts(bytes);
  const size = services.translator.formatNumber(value, { maximumFractionDigits: fractionDigits });
  return services.t(`admin.backup.unit.${unit}`, { size });
}

/**
 * backup: the database backups (administrators only): newest first, taken now on request,
 * downloaded through a link carrying the session's token, deleted after a confirmation. The periodic
 * schedule is shown here and edited in germinate-settings.
 */
export default function BackupsPane(props: PaneProps) {
  const services = useServices();
  const { api, t, translator, session, workspace } = services;
  const titleId = `${props.paneKey}-backups-title`;
  const scheduleId = `${props.paneKey}-backups-schedule`;
  const [busy, setBusy] = useState(false);
  // The file names before a backup whose call timed out: the list is polled until a new one shows.
  const [waitingSince, setWaitingSince] = useState<ReadonlySet<string> | null>(null);
  const [deleting, setDeleting] = useState<BackupRow | null>(null);

  const list = useSWR<BackupRow[]>('admin:backups', () => api.get<unknown>('backup').then(readBackups), {
    refreshInterval: waitingSince ? WAIT_POLL_MS : 0,
    onSuccess: (rows) => {
      if (waitingSince && added(waitingSince, rows).length > 0) {
        setWaitingSince(null);
        done(services, 'admin.backup.taken');
      }
    },
  });
  // The same key as the settings pane, so a saved schedule shows here at once.
  const schedule = useSWR<AdminSettingsView>('admin:settings', () => api.get<unknown>('settings/admin').then(readAdminSettings), {
    revalidateOnFocus: false,
  });
  const rows = list.data;

  const backUp = () => {
    if (busy) return;
    const before = new Set((rows ?? []).map((row) => row.filename));
    setBusy(true);
    api
      .put<boolean>('backup')
      .then(async (ok) => {
        await list.mutate();
        if (ok) done(services, 'admin.backup.taken');
        else services.toast({ titleKey: 'error.title', messageKey: 'admin.backup.failed', variant: 'danger', autoHideMs: 5000, append: true });
      })
      .catch(async (error: unknown) => {
        // No answer in time: the server may still be writing the archive; it shows up in the list when done.
        if (error instanceof ApiError && error.kind === 'timeout') setWaitingSince(before);
        await list.mutate().catch(shown);
      })
      .finally(() => setBusy(false));
  };

  const remove = (row: BackupRow) =>
    api
      .delete<boolean>('backup', { body: { filename: row.filename } })
      .then(async () => {
        done(services, 'admin.backup.deleted', { name: row.filename });
        await list.mutate();
      })
      .catch(shown);

  const columns: Column<BackupRow>[] = [
    { key: 'timestamp', label: t('admin.backup.timestamp'), render: (row) => translator.formatDateTime(row.timestamp) },
    { key: 'type', label: t('admin.backup.type'), render: (row) => textOr(services, `admin.backup.type.${row.type}`, row.type) },
    { key: 'germinateVersion', label: t('admin.backup.version') },
    { key: 'filesize', label: t('admin.backup.size'), render: (row) => sizeText(services, row.filesize) },
    {
      key: 'actions',
      label: t('admin.actions'),
      sortable: false,
      render: (row) => (
        <div className="ui-actions">
          {/* Rendered when drawn, so the link carries the token of the session now. */}
          <a className="ui-button ui-button-sm" href={downloadHref(row.filename, session.validToken())} download={row.filename}>
            {t('admin.backup.download')}
            <span className="visually-hidden"> {row.filename}</span>
          </a>
          <button type="button" className="ui-button ui-button-danger ui-button-sm" onClick={() => setDeleting(row)}>
            {t('admin.backup.delete')}
            <span className="visually-hidden"> {row.filename}</span>
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="admin-pane ui-pane" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('admin.pane.backups')}</h2>
      <p className="ui-hint">{t('admin.backup.intro')}</p>
      <div className="ui-actions">
        {/* aria-disabled rather than disabled while busy: a disabled button would drop the keyboard focus. */}
        <button type="button" className="ui-button ui-button-primary" aria-disabled={busy} style={busy ? BUSY_STYLE : undefined} onClick={backUp}>
          {t(busy ? 'admin.backup.running' : 'admin.backup.now')}
        </button>
        <Button disabled={list.isValidating} onClick={() => void list.mutate().catch(shown)}>
          {t('admin.backup.refresh')}
        </Button>
      </div>
      <p role="status" className="ui-hint">
        {busy ? t('admin.backup.runningHint') : waitingSince ? t('admin.backup.waiting') : ''}
      </p>
      {list.error && !rows ? (
        <div role="alert">
          <p className="ui-error">{t('admin.backup.loadFailed')}</p>
          <Button onClick={() => void list.mutate().catch(shown)}>{t('admin.backup.retry')}</Button>
        </div>
      ) : !rows ? (
        <p role="status">{t('admin.loading')}</p>
      ) : rows.length === 0 ? (
        <p>{t('admin.backup.none')}</p>
      ) : (
        <ListTable<BackupRow>
          caption={t('admin.backup.caption')}
          columns={columns}
          rowKey={(row) => row.filename}
          rows={rows}
          initialSort={{ orderBy: 'timestamp', ascending: false }}
          emptyText={t('admin.backup.none')}
        />
      )}
      <section aria-labelledby={scheduleId}>
        <h3 id={scheduleId}>{t('admin.backup.schedule')}</h3>
        {schedule.data ? (
          <dl className="ui-dl">
            <dt>{t('admin.backup.every')}</dt>
            <dd>{schedule.data.databaseBackupEveryDays ? t('admin.backup.everyDays', { days: schedule.data.databaseBackupEveryDays }) : t('admin.backup.never')}</dd>
            <dt>{t('admin.backup.limit')}</dt>
            <dd>{schedule.data.databaseBackupMaxSizeGB ? t('admin.backup.limitGB', { size: translator.formatNumber(schedule.data.databaseBackupMaxSizeGB) }) : t('admin.backup.noLimit')}</dd>
            <dt>{t('admin.backup.total')}</dt>
            <dd>{rows ? sizeText(services, totalBytes(rows)) : '–'}</dd>
          </dl>
        ) : schedule.error ? (
          <p className="ui-error">{t('admin.backup.scheduleFailed')}</p>
        ) : (
          <p role="status">{t('admin.loading')}</p>
        )}
        <div className="ui-actions">
          <Button onClick={() => workspace.open({ type: PANE.settings, params: {} }, 'right', props.paneKey)}>{t('admin.backup.editSchedule')}</Button>
        </div>
      </section>
      <Confirm
        danger
        open={deleting !== null}
        title={t('admin.backup.deleteTitle')}
        message={t('admin.backup.deleteConfirm', { name: deleting?.filename ?? '', date: translator.formatDateTime(deleting?.timestamp) })}
        confirmLabel={t('admin.delete')}
        cancelLabel={t('admin.cancel')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
