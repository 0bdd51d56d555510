import type { PluginServices } from '../../core/services.js';
import { showExportJobs } from '../../shell/export/open-jobs.js';
import { stateFilters, type ImagesState } from './columns.js';

/**
 * Starts the export of the shown images (`image/table/export`, a job whose zip holds the files) and opens
 * the jobs panel on its download tab, as Germinate's client does.
 */
export async function exportImages(services: Pick<PluginServices, 'api' | 'session' | 'store'>, state: ImagesState): Promise<void> {
  const filters = stateFilters(state);
  const jobs = await services.api.post<{ uuid: string }[]>('image/table/export', { body: { filter: filters.length > 0 ? filters : null } });
  showExportJobs(services.store, jobs.map((job) => job.uuid), services.session.current() === null);
}
