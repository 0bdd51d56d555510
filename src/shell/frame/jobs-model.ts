/**
 * The jobs panel's reading of `POST import/template` (Germinate's DataImportJobs): only the fields it shows, read
 * defensively, and the rules for its buttons. The shell keeps its own copy of these few lines because
 * it never imports a plugin (the uploader plugin has the full model).
 */

export type JobStatus = 'waiting' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface PanelJob {
  uuid: string;
  datatype: string;
  status: JobStatus;
  imported: boolean;
  originalFilename: string | null;
  updatedOn: string | null;
  progress: number | null;
  errors: number;
  warnings: number;
}

const STATUSES: readonly string[] = ['waiting', 'running', 'completed', 'failed', 'cancelled'];

/** Jobs as the server sends them, newest first; anything malformed is left out. */
export function readPanelJobs(answer: unknown): PanelJob[] {
  if (!Array.isArray(answer)) return [];
  const jobs: PanelJob[] = [];
  for (const item of answer as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const raw = item as Record<string, unknown>;
    if (typeof raw.uuid !== 'string' || typeof raw.status !== 'string' || !STATUSES.includes(raw.status)) continue;
    const feedback = Array.isArray(raw.feedback) ? (raw.feedback as unknown[]) : [];
    const errors = feedback.filter((entry) => (entry as { type?: unknown } | null)?.type === 'ERROR').length;
    jobs.push({
      uuid: raw.uuid,
      datatype: typeof raw.datatype === 'string' ? raw.datatype : 'unknown',
      status: raw.status as JobStatus,
      imported: raw.imported === true,
      originalFilename: typeof raw.originalFilename === 'string' ? raw.originalFilename : null,
      updatedOn: typeof raw.updatedOn === 'string' ? raw.updatedOn : null,
      progress: typeof raw.progress === 'number' && Number.isFinite(raw.progress) ? Math.min(1, Math.max(0, raw.progress)) : null,
      errors,
      warnings: feedback.length - errors,
    });
  }
  return jobs;
}

export const isActiveJob = (job: Pick<PanelJob, 'status'>): boolean => job.status === 'waiting' || job.status === 'running';

/** A finished check without errors, in "verify and import" mode (any number of warnings is fine). */
export function mayImport(job: PanelJob, dataImportMode: unknown): boolean {
  return dataImportMode === 'IMPORT' && job.status === 'completed' && !job.imported && job.errors === 0;
}

/** Every job that ended has a log (what ran, when, counts, issues or the failure). */
export const hasLog = (job: Pick<PanelJob, 'status'>): boolean => !isActiveJob(job);

/**
 * The stored uuids after an answer: those asked about but no longer listed are gone (deleted or
 * expired); uuids added while the request was out stay, and so do the listed ones.
 */
export function keptUuids(stored: readonly string[], asked: readonly string[], jobs: readonly Pick<PanelJob, 'uuid'>[]): string[] {
  const listed = new Set(jobs.map((job) => job.uuid));
  const askedSet = new Set(asked);
  return stored.filter((uuid) => !askedSet.has(uuid) || listed.has(uuid));
}

/** The panel asks every 5 s while something waits or runs (as Germinate's client), else only when told. */
export const JOBS_POLL_MS = 5000;

/** The uploader announces new or changed jobs with this window event (src/plugins/import/events.ts). */
export const JOBS_CHANGED_EVENT = 'germinate:import-jobs-changed';
