import { useCallback, useEffect } from 'react';
import useSWR from 'swr';
import type { ApiClient } from '../../core/api-client.js';
import { JOBS_CHANGED_EVENT } from './events.js';
import { isActive, readJobs, type ImportJob } from './jobs.js';

/** How often the uploader asks about its own job while it waits or runs (the sidebar panel polls every 5 s). */
export const JOB_POLL_MS = 1000;

export interface JobState {
  job: ImportJob | null;
  /** True when the server no longer lists the job (deleted, expired or someone else's). */
  missing: boolean;
  /** Asks again now (after starting the import of the same job). */
  refresh(): void;
}

/** A failed poll is retried by the next one; no toast every second. */
const QUIET = [{ codes: [], callback: () => undefined }];

/**
 * Follows one job through `POST import/template`, read with swr: at once, then every second while it
 * waits or runs, and again when the jobs panel says it changed something. A logged-in caller gets all
 * of their jobs; the one asked for is picked out by uuid.
 */
export function useJob(api: ApiClient, uuid: string | null): JobState {
  const { data, mutate } = useSWR(
    uuid ? ['import:job', uuid] : null,
    async ([, wanted]: readonly [string, string]) =>
      readJobs(await api.post<unknown>('import/template', { body: { uuids: [wanted] }, handlers: QUIET })).find((item) => item.uuid === wanted) ?? null,
    {
      refreshInterval: (latest) => (latest && isActive(latest) ? JOB_POLL_MS : 0),
      errorRetryInterval: JOB_POLL_MS * 3,
      // A job changes by the second: never answer from a cached copy.
      dedupingInterval: 0,
    },
  );
  const refresh = useCallback(() => void mutate(), [mutate]);

  // The jobs panel can start the import or remove the job; it says so with this event.
  useEffect(() => {
    window.addEventListener(JOBS_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(JOBS_CHANGED_EVENT, refresh);
  }, [refresh]);

  return { job: data ?? null, missing: data === null, refresh };
}
