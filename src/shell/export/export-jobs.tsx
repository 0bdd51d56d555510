import { useState } from 'react';
import { useServices } from '../pane-api.js';
import { RemoveJob } from '../frame/RemoveJob.js';
import { ensureStyle } from '../widgets/styles.js';
import { binarySize, exportDownloadUrl, type ExportJob } from './export-jobs-model.js';

/** The export jobs' part of the sidebar's jobs panel; the page that starts a job focuses it. */
export const EXPORT_JOBS_SELECTOR = '[data-export-jobs]';

const CSS = `
.shell-export-jobs a { display: inline-block; margin: 0.15rem 0.2rem 0 0; }
`;

const isActive = (job: ExportJob) => job.status === 'waiting' || job.status === 'running';

/**
 * The user's export jobs (newest first), read by the jobs panel with the import jobs: type, datasets, time,
 * status with progress while it runs; a completed job's zip to download (a plain link: the server streams
 * it once and forgets the job); cancel or remove after a confirmation, as Germinate's job card.
 */
export function ExportJobs({ jobs, onChanged }: { jobs: readonly ExportJob[]; onChanged(): void }) {
  const { t, api, translator } = useServices();
  const [confirming, setConfirming] = useState<string | null>(null);
  ensureStyle('shell-export-jobs', CSS);
  const remove = async (job: ExportJob) => {
    setConfirming(null);
    try {
      await api.delete<unknown>(`dataset/export/async/${encodeURIComponent(job.uuid)}`);
    } finally {
      onChanged();
    }
  };
  return (
    <section className="shell-jobs shell-export-jobs" aria-labelledby="shell-export-jobs-title" data-export-jobs tabIndex={-1} data-testid="export-jobs">
      <h2 id="shell-export-jobs-title">{t('shell.exportJobs.title')}</h2>
      <ol>
        {jobs.map((job) => {
          const typeKey = `shell.exportJobs.type.${job.datatype}`;
          const name = t(typeKey) === typeKey ? job.datatype : t(typeKey);
          const size = job.resultSize === null ? null : binarySize(job.resultSize);
          return (
            <li key={job.uuid} data-job={job.uuid}>
              <p>
                <strong>{name}</strong> · {t('shell.exportJobs.datasets', { ids: job.datasetIds.join(', ') })}
              </p>
              <p className="shell-jobs-muted">{translator.formatDateTime(job.updatedOn ?? '')}</p>
              <p data-testid="export-job-status">
                {t(`shell.jobs.status.${job.status}`)}
                {isActive(job) && job.progress !== null ? ` (${Math.round(job.progress * 100)} %)` : ''}
              </p>
              {isActive(job) ? <progress max={1} value={job.progress ?? undefined} aria-label={t('shell.jobs.progress', { name })} /> : null}
              {job.status === 'completed' ? (
                <a href={exportDownloadUrl(job.uuid)} download>
                  {size ? t('shell.exportJobs.download', { size: `${translator.formatNumber(size.value)} ${size.unit}` }) : t('shell.exportJobs.downloadPlain')}
                </a>
              ) : null}
              <RemoveJob
                name={name}
                active={isActive(job)}
                confirming={confirming === job.uuid}
                ask={() => setConfirming(job.uuid)}
                confirm={() => void remove(job).catch(() => undefined)}
                dismiss={() => setConfirming(null)}
              />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
