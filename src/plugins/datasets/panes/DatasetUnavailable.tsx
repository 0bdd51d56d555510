import { useServices } from '../../../shell/pane-api.js';
import { runFromButton } from '../../../shell/table/run-command.js';
import { Button } from '../../../shell/ui/Button.js';
import { PANE } from '../actions.js';

interface Props {
  paneKey: string;
  /** The id as the address gave it (perhaps not a number at all). */
  datasetId: string;
  titleId: string;
}

/**
 * A dataset the caller cannot open: the server answers the same for a private or hidden dataset they may
 * not see as for one that does not exist (it must not tell which), so this says both, explains why private
 * datasets are closed, and offers the ways in: logging in (an account may have access) and asking the
 * administrators through the shell's feedback form, pre-filled with a request naming the dataset. Both
 * buttons run commands (`shell:login`, `shell:feedback`), as their keys would.
 */
export function DatasetUnavailable(props: Props) {
  const services = useServices();
  const { t, settings, session } = services;
  const current = session.current();
  const loggedIn = current !== null && session.isValid() && current.role !== 'UNKNOWN';
  const canLogIn = !loggedIn && settings.authMode !== 'NONE';
  const canAsk = settings.supportsFeedback === true;
  const id = props.datasetId;
  const run = (command: string, args?: unknown) => runFromButton(services, props.paneKey, PANE.details, command, args);

  const ask = () => {
    const link = new URL(`data/datasets/${encodeURIComponent(id)}`, document.baseURI).href;
    run('shell:feedback', { feedbackType: 'question', content: t('datasets.access.requestText', { id, link }) });
  };

  return (
    <section className="ui-pane datasets-unavailable" aria-labelledby={props.titleId}>
      <h2 id={props.titleId}>{t('datasets.pane.details')}</h2>
      <p role="status">{t('datasets.access.unavailable', { id })}</p>
      <p>{t('datasets.access.why')}</p>
      {canLogIn ? (
        <p>
          {t('datasets.access.logIn')}{' '}
          <Button size="sm" onClick={() => run('shell:login')}>
            {t('datasets.access.logInButton')}
          </Button>
        </p>
      ) : null}
      {canAsk ? (
        <>
          <p>{t('datasets.access.askIntro')}</p>
          <Button variant="primary" onClick={ask}>
            {t('datasets.access.ask')}
          </Button>
        </>
      ) : (
        <p>{t('datasets.access.askElsewhere', { id })}</p>
      )}
    </section>
  );
}
