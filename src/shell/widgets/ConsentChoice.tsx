import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { useServices } from '../pane-api.js';

/**
 * The cookie consent switch (accepted, declined or unset) for the cookies pane, the login
 * pane and the consent modal. Radios rather than a checkbox: "not decided yet" must stay visible as
 * its own state until the reader chooses.
 */
export function ConsentChoice() {
  const { t, store } = useServices();
  const { cookiesAccepted } = useSnapshot(store.state);
  const name = useId();
  return (
    <fieldset className="consent-choice">
      <legend>{t('cookies.choice')}</legend>
      <label>
        <input type="radio" name={name} checked={cookiesAccepted === true} onChange={() => (store.state.cookiesAccepted = true)} />
        {t('cookies.allow')}
      </label>
      <label>
        <input type="radio" name={name} checked={cookiesAccepted === false} onChange={() => (store.state.cookiesAccepted = false)} />
        {t('cookies.decline')}
      </label>
      {cookiesAccepted === null ? <p className="hint">{t('cookies.undecided')}</p> : null}
    </fieldset>
  );
}
