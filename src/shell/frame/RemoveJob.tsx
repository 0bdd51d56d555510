import { useServices } from '../pane-api.js';

export interface RemoveJobProps {
  /** The job's name as the card says it, for the buttons' accessible names. */
  name: string;
  /** Running or waiting: removing cancels it. */
  active: boolean;
  /** The question is shown (this job's removal was asked for). */
  confirming: boolean;
  ask(): void;
  confirm(): void;
  dismiss(): void;
}

/**
 * A job card's Cancel/Remove button and, once pressed, the question whether to go on: one for import and
 * export jobs alike, so that both ask the same and name the job the same way.
 */
export function RemoveJob({ name, active, confirming, ask, confirm, dismiss }: RemoveJobProps) {
  const { t } = useServices();
  if (confirming) {
    return (
      <div role="alert">
        <p>{t('shell.jobs.confirmRemove')}</p>
        <button type="button" onClick={confirm}>
          {t('shell.jobs.confirmYes')}
        </button>
        <button type="button" onClick={dismiss}>
          {t('shell.jobs.confirmNo')}
        </button>
      </div>
    );
  }
  return (
    <button type="button" onClick={ask} aria-label={t(active ? 'shell.jobs.cancelNamed' : 'shell.jobs.removeNamed', { name })}>
      {t(active ? 'shell.jobs.cancel' : 'shell.jobs.remove')}
    </button>
  );
}
