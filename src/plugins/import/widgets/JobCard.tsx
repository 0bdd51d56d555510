import { useServices } from '../../../shell/pane-api.js';
import { isActive, type ImportJob } from '../jobs.js';

/** Stats keys the server fills in (api README §11.3), in the order they are listed. */
const STAT_KEYS = ['germplasm', 'traits', 'locations', 'climates', 'groups', 'images', 'markers', 'datasetId'] as const;

/** Where a job is: check or import, its status and, while it runs, how far it got. */
export function JobCard(props: { job: ImportJob }) {
  const { t } = useServices();
  const { job } = props;
  const stage = t(job.imported ? 'import.job.stage.import' : 'import.job.stage.check');
  const progress = typeof job.progress === 'number' ? Math.min(1, Math.max(0, job.progress)) : null;
  const stats = STAT_KEYS.filter((key) => typeof job.stats?.[key] === 'number');
  return (
    <div className="import-job" data-testid="import-job">
      <p role="status">
        {t('import.job.line', { stage, status: t(`import.job.status.${job.status}`) })}
        {isActive(job) && progress !== null ? ` ${t('import.job.percent', { percent: Math.round(progress * 100) })}` : ''}
      </p>
      {isActive(job) ? (
        <progress className="import-progress" max={1} value={progress ?? undefined} aria-label={t('import.job.progressLabel', { stage })} />
      ) : null}
      {job.status === 'completed' && job.imported ? (
        <>
          <p>{t('import.job.importedDone')}</p>
          {stats.length > 0 ? (
            <dl className="import-stats">
              {stats.map((key) => (
                <div key={key}>
                  <dt>{t(`import.stats.${key}`)}</dt>
                  <dd>{String(job.stats?.[key])}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
