import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { hasRole } from '../../core/roles.js';
import { useServices } from '../pane-api.js';
import { roleOfSession } from '../session-role.js';
import { useShell } from '../shell-context.js';
import { ExportJobs } from '../export/export-jobs.js';
import { readExportJobs, type ExportJob } from '../export/export-jobs-model.js';
import { ensureStyle } from '../widgets/styles.js';
import { RemoveJob } from './RemoveJob.js';
import { hasLog, isActiveJob, JOBS_CHANGED_EVENT, JOBS_POLL_MS, keptUuids, mayImport, readPanelJobs, type PanelJob } from './jobs-model.js';

const CSS = `
.shell-jobs { margin-top: 1rem; border-top: 1px solid var(--border); padding-top: 0.3rem; }
.shell-jobs:focus-visible { outline: 2px solid var(--focus); }
.shell-jobs ol { list-style: none; margin: 0; padding: 0; }
.shell-jobs li { border: 1px solid var(--border); border-radius: 4px; padding: 0.3rem; margin: 0.3rem 0; font-size: 0.85rem; overflow-wrap: anywhere; }
.shell-jobs p { margin: 0.1rem 0; }
.shell-jobs progress { width: 100%; }
.shell-sidebar .shell-jobs button { width: auto; border: 1px solid var(--border); border-radius: 3px; padding: 0.1rem 0.4rem; margin: 0.15rem 0.2rem 0 0; }
.shell-jobs-muted { color: var(--muted); }
`;

const NO_JOBS: PanelJob[] = [];
const NO_EXPORTS: ExportJob[] = [];
/** A failed poll is retried by the next one; a toast every 5 s would bury the page. */
const QUIET = [{ codes: [], callback: () => undefined }];

/**
 * The async jobs panel in the sidebar: the user's export jobs (src/shell/export/export-jobs.tsx) and import
 * jobs with status and progress; report, import, log and remove. It asks `POST import/template` and
 * `POST dataset/export/async` with the uuids kept in the client state (one list for both, so a reload keeps
 * them), read with swr: at once, on every change, and every 5 s while a job is busy.
 */
export function JobsPanel() {
  const { t, api, store, session, settings, translator } = useServices();
  const { run, isAvailable } = useShell();
  ensureStyle('shell-jobs', CSS);
  useSyncExternalStore(session.subscribe, session.current);
  const role = roleOfSession(session);
  const { asyncJobUuids, userId } = useSnapshot(store.state);
  const [confirming, setConfirming] = useState<string | null>(null);
  const uuidKey = asyncJobUuids.join(',');
  // Anonymous callers only get the uuids they name; with none there is nothing to ask. The role and
  // user are part of the key so that a login or logout asks again.
  const key = role === null && uuidKey === '' ? null : (['shell:jobs', uuidKey, role ?? '', userId ?? ''] as const);
  const { data, mutate } = useSWR(
    key,
    async ([, uuids]: readonly [string, string, string, string]) => {
      const asked = uuids === '' ? [] : uuids.split(',');
      const [importAnswer, exportAnswer] = await Promise.all([
        api.post<unknown>('import/template', { body: { uuids: asked }, handlers: QUIET }),
        api.post<unknown>('dataset/export/async', { body: { uuids: asked }, handlers: QUIET }),
      ]);
      const list = readPanelJobs(importAnswer);
      const exports = readExportJobs(exportAnswer);
      // Uuids neither list knows leave the client state; the sidebar's badge counts the busy ones.
      const kept = keptUuids(store.state.asyncJobUuids, asked, [...list, ...exports]);
      if (kept.length !== store.state.asyncJobUuids.length) store.state.asyncJobUuids = kept;
      const active = list.filter(isActiveJob).length + exports.filter(isActiveJob).length;
      if (store.state.asyncJobCount !== active) store.state.asyncJobCount = active;
      return { list, exports };
    },
    {
      // Polls only while a job waits or runs; a failed poll is retried by the next one.
      refreshInterval: (latest) => (latest && (latest.list.some(isActiveJob) || latest.exports.some(isActiveJob)) ? JOBS_POLL_MS : 0),
      shouldRetryOnError: false,
      // While the uuids change, the list shown stays until the new answer.
      keepPreviousData: true,
      // Jobs change by the second: a button press or an event always asks the server.
      dedupingInterval: 0,
    },
  );
  const jobs = key === null ? NO_JOBS : (data?.list ?? NO_JOBS);
  const exports = key === null ? NO_EXPORTS : (data?.exports ?? NO_EXPORTS);
  const update = useCallback(() => void mutate(), [mutate]);

  useEffect(() => {
    window.addEventListener(JOBS_CHANGED_EVENT, update);
    return () => window.removeEventListener(JOBS_CHANGED_EVENT, update);
  }, [update]);

  // The uploader pane showing this job listens too, so both ask again.
  const announce = () => window.dispatchEvent(new Event(JOBS_CHANGED_EVENT));
  const startImport = async (job: PanelJob) => {
    try {
      await api.get<unknown>(`import/template/${encodeURIComponent(job.uuid)}/import`);
    } finally {
      announce();
    }
  };
  const remove = async (job: PanelJob) => {
    setConfirming(null);
    try {
      await api.delete<unknown>(`import/template/${encodeURIComponent(job.uuid)}`);
      store.state.asyncJobUuids = store.state.asyncJobUuids.filter((uuid) => uuid !== job.uuid);
    } finally {
      announce();
    }
  };
  const downloadLog = async (job: PanelJob) => {
    const file = await api.get(`import/template/${encodeURIComponent(job.uuid)}/log`, { raw: true });
    const url = URL.createObjectURL(file.blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.filename ?? `log-${job.uuid}.zip`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  // Under authMode NONE everything is open, curator actions included.
  const curator = settings.authMode === 'NONE' || (role !== null && hasRole(role, 'DATA_CURATOR'));
  const exportJobs = exports.length > 0 ? <ExportJobs jobs={exports} onChanged={update} /> : null;
  if (!curator && jobs.length === 0) return exportJobs;
  const canOpenReport = isAvailable('import:open-report');
  return (
    <>
      {exportJobs}
      <section className="shell-jobs" aria-labelledby="shell-jobs-title" data-jobs-panel tabIndex={-1} data-testid="jobs-panel">
        <h2 id="shell-jobs-title">{t('shell.jobs.title')}</h2>
        <button type="button" onClick={update}>
          {t('shell.jobs.update')}
        </button>
        {jobs.length === 0 ? <p className="shell-jobs-muted">{t('shell.jobs.none')}</p> : null}
        <ol>
          {jobs.map((job) => {
            const name = job.originalFilename ?? job.uuid;
            const typeKey = `import.template.${job.datatype}.title`;
            const typeText = t(typeKey) === typeKey ? job.datatype : t(typeKey);
            return (
              <li key={job.uuid}>
                <p>
                  <strong>{typeText}</strong> {name}
                </p>
                <p className="shell-jobs-muted">{translator.formatDateTime(job.updatedOn ?? '')}</p>
                <p data-testid="job-status">
                  {t(job.imported ? 'shell.jobs.import' : 'shell.jobs.check')}: {t(`shell.jobs.status.${job.status}`)}
                  {isActiveJob(job) && job.progress !== null ? ` (${Math.round(job.progress * 100)} %)` : ''}
                </p>
                {isActiveJob(job) ? (
                  <progress max={1} value={job.progress ?? undefined} aria-label={t('shell.jobs.progress', { name })} />
                ) : (
                  <p>{t('shell.jobs.counts', { errors: job.errors, warnings: job.warnings })}</p>
                )}
                {!isActiveJob(job) && canOpenReport ? (
                  <button type="button" onClick={() => run('import:open-report', 'button', { uuid: job.uuid, templateType: job.datatype })}>
                    {t('shell.jobs.report')}
                  </button>
                ) : null}
                {curator && mayImport(job, settings.dataImportMode) ? (
                  <button type="button" onClick={() => void startImport(job).catch(() => undefined)}>
                    {t('shell.jobs.startImport')}
                  </button>
                ) : null}
                {curator && job.status === 'completed' && !job.imported && job.errors === 0 && settings.dataImportMode !== 'IMPORT' ? (
                  <p className="shell-jobs-muted">{t('shell.jobs.importDisabled')}</p>
                ) : null}
                {curator && hasLog(job) ? (
                  <button type="button" onClick={() => void downloadLog(job).catch(() => undefined)}>
                    {t('shell.jobs.log')}
                  </button>
                ) : null}
                {curator || confirming === job.uuid ? (
                  <RemoveJob
                    name={name}
                    active={isActiveJob(job)}
                    confirming={confirming === job.uuid}
                    ask={() => setConfirming(job.uuid)}
                    confirm={() => void remove(job).catch(() => undefined)}
                    dismiss={() => setConfirming(null)}
                  />
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>
    </>
  );
}
