import { useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { useServices } from '../../../../shell/pane-api.js';
import { runFromButton } from '../../../../shell/table/run-command.js';
import { Button } from '../../../../shell/ui/Button.js';
import type { PageContext } from './context.js';
import { runningDownload, subscribeDownloads, type DownloadFormat } from './downloads.js';
import { ChoiceProblem, TraitCountProblem } from './notes.js';
import { downloadName, subsetRequest } from './request.js';
import { EXPORT_PANE } from './state.js';
import { traitLabel } from './traits.js';

/** Data points above which the page warns that the download is large. */
export const LARGE_DOWNLOAD = 100_000;

const COMMAND: Record<DownloadFormat, string> = { tab: 'trials:export-download-tab', xlsx: 'trials:export-download-xlsx', isatab: 'trials:export-download-isatab' };
const KEYS: Record<DownloadFormat, string> = { tab: 'Shift+D', xlsx: 'Shift+X', isatab: 'Shift+I' };

/**
 * The export tab: Germinate's trials file of the chosen traits and germplasm, as tab-separated text, as an
 * Excel workbook or as ISA-Tab (a zip), after saying how many data points it holds (and warning when that
 * is many).
 */
export function DownloadTab({ context }: { context: PageContext }) {
  const services = useServices();
  const { api, t, translator, workspace } = services;
  const { chosen, choice, datasetIds, paneKey } = context;
  const running = useSyncExternalStore(subscribeDownloads, () => runningDownload(paneKey));
  const busy = running !== null;
  const subset = choice.ok && chosen.length > 0 ? subsetRequest(datasetIds, context.state.traits, choice) : null;
  // How many data points the file holds: the first row of the data table's answer, with its count.
  const size = useSWR(subset ? ['trials:export-size', JSON.stringify(subset)] : null, () => api.table('dataset/data/trial/table', { ...subset, page: 1, limit: 1, minimal: true }).then((r) => r.count), {
    revalidateOnFocus: false,
  });

  if (chosen.length === 0) return <TraitCountProblem count={0} min={1} />;
  if (!choice.ok) return <ChoiceProblem context={context} />;
  // One download at a time on a page: the buttons say so (aria-disabled) and hold still while one runs.
  const run = (format: DownloadFormat) => {
    if (!busy) runFromButton(services, paneKey, workspace.instance(paneKey)?.type ?? EXPORT_PANE, COMMAND[format]);
  };
  const button = (format: DownloadFormat, variant: 'primary' | 'secondary') => (
    <Button variant={variant} onClick={() => run(format)} aria-keyshortcuts={KEYS[format]} aria-disabled={busy} aria-busy={running === format}>
      {running === format ? t('trials.export.downloading') : t(`trials.export.download.${format}`, { name: downloadName(datasetIds, format) })}
    </Button>
  );
  return (
    <>
      <p>{t('trials.export.downloadTraits', { count: chosen.length, traits: chosen.map(traitLabel).join(', ') })}</p>
      {size.data !== undefined ? (
        <p role="status" className={size.data > LARGE_DOWNLOAD ? 'trials-export-warning' : undefined}>
          {t(size.data > LARGE_DOWNLOAD ? 'trials.export.largeDownload' : 'trials.export.downloadSize', { count: size.data, shown: translator.formatNumber(size.data) })}
        </p>
      ) : null}
      <div className="ui-actions" role="group" aria-label={t('trials.export.downloads')}>
        {button('tab', 'primary')}
        {button('xlsx', 'secondary')}
        {button('isatab', 'secondary')}
      </div>
      <p className="ui-hint">{t('trials.export.downloadHint')}</p>
      <p className="ui-hint">{t('trials.export.isatabHint')}</p>
    </>
  );
}
