import { useRef, useState } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { useServices, type Services } from '../../../shell/pane-api.js';
import { Button, buttonClass } from '../../../shell/ui/Button.js';
import { Modal } from '../../../shell/ui/Modal.js';
import { Markdown } from '../../../shell/widgets/Markdown.js';
import { contentFor, readLicence, type LicenceView } from './licence-text.js';
import { printLicence } from './print.js';

/** The caller's id as `acceptedBy` names them: the logged-in user's, or null for an anonymous visitor. */
export function callerId(session: Services['session']): number | null {
  return session.isValid() ? (session.current()?.userId ?? null) : null;
}

/** Reads one licence through `license/table` (the rows of its datasets carry the caller's acceptance). */
export function loadLicence(services: Pick<Services, 'api' | 'session'>, licenseId: number): Promise<LicenceView | null> {
  return services.api
    .table<unknown>('license/table', { page: 1, limit: 100, filter: [{ column: 'licenseId', comparator: 'equals', values: [licenseId] }] })
    .then((result) => readLicence(result.data, callerId(services.session)));
}

/**
 * Closes the dialog the way Escape does (the native close), so that the browser hands the focus back to
 * what opened it before the dialog goes; then, or without a dialog, `onClose`.
 */
function closeDialog(button: HTMLElement, onClose: () => void): void {
  const dialog = button.closest('dialog');
  if (dialog?.open) dialog.close();
  else onClose();
}

/** The swr key of one licence, shared by everything that shows it, so an acceptance shows everywhere. */
export const licenceKey = (licenseId: number) => ['datasets:licence', licenseId] as const;

/**
 * The licence modal: the licence's name, description and content (an administrator's HTML, shown only
 * sanitised, in the reader's language when there is one), and Accept, Print and Close. Accepting calls
 * `license/{id}/accept` (a licenselogs row for a logged-in caller, the accepted-licenses cookie for an
 * anonymous one), shows a toast, calls `onAccepted` and keeps the dialog open in its accepted state:
 * the caller decides whether to close it (onClose) or to go on.
 */
export function LicenceDialog(props: { licenseId: number; onClose(): void; onAccepted(): void }): JSX.Element {
  const services = useServices();
  const { t, store, toast } = services;
  const { locale } = useSnapshot(store.state);
  const [busy, setBusy] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const licence = useSWR(licenceKey(props.licenseId), () => loadLicence(services, props.licenseId), { revalidateOnFocus: false });
  const data = licence.data;
  const content = data ? contentFor(data, locale) : null;

  const accept = () => {
    if (busy || !data) return;
    setBusy(true);
    services.api
      .get<unknown>(`license/${props.licenseId}/accept`)
      .then(async () => {
        await licence.mutate();
        toast({ titleKey: 'datasets.licence.acceptedTitle', messageKey: 'datasets.licence.acceptedToast', values: { name: data.licenseName }, variant: 'success', autoHideMs: 10_000, append: true });
        // The Accept button goes with the acceptance: the focus moves to Close rather than to nowhere.
        closeRef.current?.focus();
        props.onAccepted();
      })
      // A failed call has been shown by the api client already (its toast).
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  const title = data ? t('datasets.licence.title', { name: data.licenseName }) : t('datasets.licence.titleLoading');
  return (
    <Modal open title={title} onClose={props.onClose} closeLabel={t('datasets.licence.close')} wide>
      <div className="modal-form licence-dialog">
        {licence.error ? (
          <p role="alert" className="ui-error">
            {t('datasets.licence.loadFailed')}
          </p>
        ) : licence.isLoading ? (
          <p role="status">{t('datasets.licence.loading')}</p>
        ) : !data ? (
          <p role="alert" className="ui-error">
            {t('datasets.licence.notFound')}
          </p>
        ) : (
          <>
            {data.licenseDescription ? <p className="ui-hint">{data.licenseDescription}</p> : null}
            <section aria-label={t('datasets.licence.content')} className="licence-content" tabIndex={0}>
              {content ? <Markdown text={content} html /> : <p>{t('datasets.licence.noContent')}</p>}
            </section>
            <p role="status" className={data.accepted ? 'ui-badge' : 'ui-hint'}>
              {data.accepted ? t('datasets.licence.isAccepted') : t('datasets.licence.notAccepted')}
            </p>
          </>
        )}
        <div className="modal-actions">
          <Button onClick={() => data && printLicence(data.licenseName, content ?? '')} disabled={!data}>
            {t('datasets.licence.print')}
          </Button>
          <button ref={closeRef} type="button" className={buttonClass()} onClick={(event) => closeDialog(event.currentTarget, props.onClose)}>
            {t('datasets.licence.close')}
          </button>
          {data && !data.accepted ? (
            // aria-disabled while busy: a disabled button would drop the keyboard focus.
            <Button variant="primary" autoFocus aria-disabled={busy} onClick={accept}>
              {t(busy ? 'datasets.licence.accepting' : 'datasets.licence.accept')}
            </Button>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
