/**
 * How the uploader and the shell's jobs panel talk without importing each other: a window event
 * that means "the job list changed, ask the server again now". The panel listens for this name.
 */
export const JOBS_CHANGED_EVENT = 'germinate:import-jobs-changed';

export function announceJobsChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(JOBS_CHANGED_EVENT));
}
