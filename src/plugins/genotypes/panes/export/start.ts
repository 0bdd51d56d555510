import type { PluginServices } from '../../../../core/services.js';
import { showExportJobs } from '../../../../shell/export/open-jobs.js';
import { isStarting, outcomeOf, setStarting } from './ready.js';
import { problemKey } from './request.js';
import { EXPORT_PANE } from './state.js';

/** A job as `dataset/export/genotype` answers: one per dataset the caller may export. */
interface StartedJob {
  uuid: string;
  status: string;
}

const TITLE = 'datasets.export.title.genotype';

type Services = Pick<PluginServices, 'api' | 'session' | 'store' | 'toast' | 'workspace'>;

/**
 * Starts the export of the focused genotype export page: one job per ticked dataset, then the jobs panel
 * shows them (progress, cancel, download) and takes the keyboard. A page that is not ready, or whose
 * choice selects nothing, says why and sends nothing.
 */
export async function startGenotypeExport(services: Services): Promise<void> {
  const paneKey = services.workspace.focusedKey();
  if (services.workspace.instance(paneKey)?.type !== EXPORT_PANE || isStarting(paneKey)) return;
  const say = (messageKey: string, variant: 'warning' | 'success', values?: Record<string, string>) =>
    services.toast({ titleKey: TITLE, messageKey, values, variant, autoHideMs: 5000, append: true });
  const outcome = outcomeOf(paneKey);
  if (!outcome) return say('genotypes.exportPage.notReady', 'warning');
  if (!outcome.ok) return say(problemKey(outcome.problem), 'warning');
  setStarting(paneKey, true);
  try {
    const jobs = await services.api.post<StartedJob[]>('dataset/export/genotype', { body: outcome.body });
    if (jobs.length === 0) return say('genotypes.exportPage.nothingStarted', 'warning');
    const anonymous = !services.session.current() || !services.session.isValid();
    showExportJobs(services.store, jobs.map((job) => job.uuid), anonymous);
    say('genotypes.exportPage.started', 'success', { count: String(jobs.length) });
  } catch {
    // The api client has shown what went wrong.
  } finally {
    setStarting(paneKey, false);
  }
}
