import { useServices } from '../../../shell/pane-api.js';
import { isActive, type ImportJob } from '../jobs.js';

/** Stats keys with a label (Germinate's job statistics and what our importers count); others show their key. */
export const STAT_KEYS = [
  'datasetId', 'germplasm', 'updated', 'attributes', 'attributeValues', 'institutions', 'locations', 'taxonomies', 'traits',
  'trialsetups', 'phenotypedata', 'climates', 'climatedata', 'groups', 'markers', 'pedigrees', 'pedigreeDefinitions', 'images', 'tags',
  'mapoverlays', 'datasets', 'mapId', 'mapDefinitions', 'newMarkers', 'calls', 'newGermplasm',
] as const;

/** Where a job is: check or import, its status and, while it runs, how far it got. */
export function JobCard(props: { job: ImportJob }) {
  const { t } = useServices();
  const { job } = props;
  const stage = t(job.imported ? 'import.job.stage.import' : 'import.job.stage.check');
  const progress = typeof job.progress === 'number' ? Math.min(1, Math.max(0, job.progress)) : null;
  const stats = Object.entries(job.stats ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
  const label = (key: string) => ((STAT_KEYS as readonly string[]).includes(key) ? t(`import.stats.${key}`) : key);
  return (
    <div className="import-job" data-testid="import-job">
      <p role="status">
        {t('import.job.line', { stage, status: t(`import.job.status.${job.status}`) })}
        {isActive(job) && progress !== null ? ` ${t('import.job.percent', { percent: Math.round(progress * 100) })}` : ''}
      </p>
      {isActive(job) ? (
        <progress className="ui-progress" max={1} value={progress ?? undefined} aria-label={t('import.job.progressLabel', { stage })} />
      ) : null}
      {job.status === 'completed' && job.imported ? (
        <>
          <p>{t('import.job.importedDone')}</p>
          {stats.length > 0 ? (
            <dl className="import-stats ui-stats">
              {stats.map(([key, count]) => (
                <div key={key}>
                  <dt>{label(key)}</dt>
                  <dd>{count}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
