import type { PluginServices } from '../../../../core/services.js';
import { showExportJobs } from '../../../../shell/export/open-jobs.js';
import type { BinningMethod } from '../../allelefreq/binning.js';
import { problemKey } from '../export/request.js';
import { exportStarting, pageSubset } from './ready.js';
import { exportBody } from './request.js';
import { ALLELEFREQ_PANE, readState, writeState, type AlleleFreqExportState } from './state.js';

/**
 * What the page's commands do to the focused allele-frequency export page: continue to the histogram,
 * choose a binning method, show or hide the histogram's table, and start the export. Each works on the pane
 * state (so the address keeps it) and says by a toast why it cannot go on.
 */

type Services = Pick<PluginServices, 'api' | 'session' | 'store' | 'toast' | 'workspace'>;

const TITLE = 'datasets.export.title.allelefreq';

/** The focused page's key and state, or null when the focused pane is no allele-frequency export page. */
function focusedPage(services: Pick<Services, 'workspace'>) {
  const key = services.workspace.focusedKey();
  const instance = services.workspace.instance(key);
  return instance?.type === ALLELEFREQ_PANE ? { key, instance, state: readState(instance.state) } : null;
}

function update(services: Pick<Services, 'workspace'>, patch: Partial<AlleleFreqExportState>): void {
  const page = focusedPage(services);
  if (!page) return;
  services.workspace.open({ ...page.instance, state: writeState(page.instance.state, { ...page.state, ...patch }) }, 'replace', page.key);
}

function say(services: Pick<Services, 'toast'>, messageKey: string, variant: 'warning' | 'success' = 'warning', values?: Record<string, string>): void {
  services.toast({ titleKey: TITLE, messageKey, values, variant, autoHideMs: 5000, append: true });
}

/** The published subset of the page, or a toast saying why there is none yet. */
function readySubset(services: Services, paneKey: string) {
  const outcome = pageSubset.of(paneKey);
  if (!outcome) return say(services, 'genotypes.allelefreqPage.notReady');
  if (!outcome.ok) return say(services, problemKey(outcome.problem));
  return outcome.body;
}


/** Focuses an element once the page has drawn it (a state change renders on a later frame), for up to a second. */
function focusWhenDrawn(selector: string): void {
  if (typeof document === 'undefined') return;
  const until = performance.now() + 1000;
  const attempt = () => {
    const element = document.querySelector<HTMLElement>(selector);
    if (element) element.focus();
    else if (performance.now() < until) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/** Step 2: the histogram of the chosen subset (the page asks for it) and the binning form, its heading focused. */
export function continueToBinning(services: Services): void {
  const page = focusedPage(services);
  if (!page || !readySubset(services, page.key)) return;
  update(services, { step: 'binning' });
  focusWhenDrawn(`[data-step-two-of="${CSS.escape(page.key)}"]`);
}

/**
 * Chooses a binning method and puts the keyboard on its radio, from which Tab reaches its fields. From step 1
 * it continues to step 2 as well when the subset is ready, as the method is chosen there.
 */
export function chooseMethod(services: Pick<Services, 'workspace'>, method: BinningMethod): void {
  const page = focusedPage(services);
  if (!page) return;
  const onward = page.state.step === 'choose' && pageSubset.of(page.key)?.ok === true;
  update(services, onward ? { method, step: 'binning' } : { method });
  if (page.state.step === 'binning' || onward) focusWhenDrawn(`[data-binning-of="${CSS.escape(page.key)}"] input[type="radio"][value="${method}"]`);
}

export function toggleHistogramTable(services: Pick<Services, 'workspace'>): void {
  const page = focusedPage(services);
  if (page) update(services, { table: !page.state.table });
}

/**
 * Starts the export of the focused page: one job (the server exports the first of the datasets the caller
 * may use), then the jobs panel shows it and takes the keyboard. Before step 2 the page says to continue
 * first: the binning is chosen with the histogram in view.
 */
export async function startFrequencyExport(services: Services): Promise<void> {
  const page = focusedPage(services);
  if (!page || exportStarting.has(page.key)) return;
  if (page.state.step !== 'binning') return say(services, 'genotypes.allelefreqPage.continueFirst');
  const subset = readySubset(services, page.key);
  if (!subset) return;
  exportStarting.set(page.key, true);
  try {
    const job = await services.api.post<{ uuid: string; status: string }>('dataset/export/allelefreq', { body: exportBody(subset, page.state) });
    const anonymous = !services.session.current() || !services.session.isValid();
    showExportJobs(services.store, [job.uuid], anonymous);
    say(services, 'genotypes.allelefreqPage.started', 'success');
  } catch {
    // The api client has shown what went wrong.
  } finally {
    exportStarting.set(page.key, false);
  }
}
