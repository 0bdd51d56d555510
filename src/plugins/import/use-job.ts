import { useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * Follows one job through `POST import/template`: at once, then every second while it waits or runs.
 * A logged-in caller gets all of their jobs; the one asked for is picked out by uuid.
 */
export function useJob(api: ApiClient, uuid: string | null): JobState {
  const [job, setJob] = useState<ImportJob | null>(null);
  const [missing, setMissing] = useState(false);
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((n) => n + 1), []);
  const latest = useRef<string | null>(uuid);
  latest.current = uuid;

  useEffect(() => {
    setJob(null);
    setMissing(false);
  }, [uuid]);

  // The jobs panel can start the import or remove the job; it says so with this event.
  useEffect(() => {
    window.addEventListener(JOBS_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(JOBS_CHANGED_EVENT, refresh);
  }, [refresh]);

  useEffect(() => {
    if (!uuid) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await api.post<unknown>('import/template', {
          body: { uuids: [uuid] },
          signal: controller.signal,
          // A failed poll is retried by the next one; no toast every second.
          handlers: [{ codes: [], callback: () => undefined }],
        });
        if (controller.signal.aborted || latest.current !== uuid) return;
        const found = readJobs(answer).find((item) => item.uuid === uuid) ?? null;
        setJob(found);
        setMissing(found === null);
        if (found && isActive(found)) timer = setTimeout(() => void ask(), JOB_POLL_MS);
      } catch {
        if (!controller.signal.aborted) timer = setTimeout(() => void ask(), JOB_POLL_MS * 3);
      }
    };
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, uuid, tick]);

  return { job, missing, refresh };
}
