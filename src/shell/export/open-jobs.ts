import type { ClientStore } from '../../core/client-state.js';
import { JOBS_CHANGED_EVENT } from '../frame/jobs-model.js';
import { EXPORT_JOBS_SELECTOR } from './export-jobs.js';

/** How long the panel is waited for: the list is asked again at once, usually answered within a second. */
const FOCUS_WINDOW_MS = 4000;

/**
 * After a page started export jobs: keeps the uuids when nobody is logged in (the server finds a user's
 * jobs by the user), shows the sidebar on the downloads' tab, has the jobs panel ask at once, and brings
 * the keyboard to the export jobs once they are drawn, so Tab reaches their download links.
 */
export function showExportJobs(store: Pick<ClientStore, 'state'>, uuids: readonly string[], anonymous: boolean): void {
  if (anonymous) store.state.asyncJobUuids = [...new Set([...store.state.asyncJobUuids, ...uuids])];
  store.state.sidebarState = 'open';
  store.state.asyncSidebarTabIndex = 0;
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  window.dispatchEvent(new Event(JOBS_CHANGED_EVENT));
  // The panel draws once the server has listed the new jobs; and the palette, when it ran the command,
  // hands focus back as it closes. Focus that stays where it was (or nowhere) is moved to the panel for a
  // few seconds of frames; a user who tabs on keeps their place.
  const before = document.activeElement;
  const until = performance.now() + FOCUS_WINDOW_MS;
  const focus = () => {
    const panel = document.querySelector<HTMLElement>(EXPORT_JOBS_SELECTOR);
    const here = document.activeElement;
    if (panel && here !== panel && (here === null || here === document.body || here === before)) panel.focus();
    if (performance.now() < until) requestAnimationFrame(focus);
  };
  requestAnimationFrame(focus);
}
