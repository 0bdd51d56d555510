import { useServices } from '../../../../shell/pane-api.js';
import type { PageContext } from './context.js';
import type { FetchedRows } from './rows.js';

/**
 * What a tab says instead of (or beside) its charts: the germplasm choice selects nobody yet, too few or
 * too many traits are chosen (the spec's messages), the data are loading or could not be read, or the
 * cap cut them short.
 */

/** The reason the choice selects nobody, or null when it selects germplasm. */
export function ChoiceProblem({ context }: { context: PageContext }) {
  const { t } = useServices();
  if (context.choice.ok) return null;
  return (
    <p role="status" className="trials-export-warning">
      {t(`shell.export.reason.${context.choice.reason}`)}
    </p>
  );
}

/** 'Please select at least 2 traits.' / 'Please select at most 7 traits.' when the count is outside the limits; else null. */
export function traitCountMessage(t: (key: string, values?: Record<string, number>) => string, count: number, min: number, max?: number): string | null {
  if (count < min) return t('trials.export.atLeast', { count: min });
  if (max !== undefined && count > max) return t('trials.export.atMost', { count: max });
  return null;
}

export function TraitCountProblem({ count, min, max }: { count: number; min: number; max?: number }) {
  const { t } = useServices();
  const message = traitCountMessage(t, count, min, max);
  return message ? (
    <p role="alert" className="trials-export-warning">
      {message}
    </p>
  ) : null;
}

/** Loading, failure and the cap of a tab's data rows; null once they are all there. */
export function RowsState({ rows }: { rows: { data?: FetchedRows | null; error?: unknown } }) {
  const { t, translator } = useServices();
  if (rows.error) return <p className="ui-error">{t('trials.export.failed')}</p>;
  if (!rows.data) return <p role="status">{t('trials.export.loading')}</p>;
  if (!rows.data.capped) return null;
  return (
    <p role="status" className="trials-export-warning">
      {t('trials.export.capped', { shown: translator.formatNumber(rows.data.rows.length), total: translator.formatNumber(rows.data.total) })}
    </p>
  );
}
