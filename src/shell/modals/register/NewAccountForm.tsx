import { useCallback, useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { MINIMUM_STRENGTH, type StrengthLevel } from '../../../core/password-strength.js';
import { useServices } from '../../pane-api.js';
import { EMPTY_NEW_ACCOUNT, NEW_INSTITUTION, newAccountProblem, type NewAccountFields } from './register-request.js';
import { StrengthMeter } from './StrengthMeter.js';

interface Institution {
  id: number;
  name: string;
  acronym: string | null;
  address: string | null;
}

/** Enough for a picker; an installation with more institutions than this is told to enter its own. */
const INSTITUTION_LIMIT = 1000;

/** The new-account form: every field and the terms are required, the password's strength is shown. */
export function NewAccountForm(props: { busy: boolean; problem: string | null; onProblem(text: string | null): void; onSubmit(fields: NewAccountFields): void }) {
  const { t, api } = useServices();
  const [fields, setFields] = useState<NewAccountFields>(EMPTY_NEW_ACCOUNT);
  const [level, setLevel] = useState<StrengthLevel | null>(null);
  const institutionId = useId();
  const onLevel = useCallback((next: StrengthLevel | null) => setLevel(next), []);
  // Read afresh each time the form opens (no deduplication): an institution entered by a registration a
  // moment ago must be offered at once.
  const { data: institutions } = useSWR(
    ['gatekeeper/institution', INSTITUTION_LIMIT],
    ([path, limit]) => api.get<{ data: Institution[]; count: number }>(path, { query: { page: 0, limit }, handlers: [{ codes: [], callback: () => undefined }] }),
    { dedupingInterval: 0 },
  );
  const set = <K extends keyof NewAccountFields>(key: K, value: NewAccountFields[K]) => setFields((previous) => ({ ...previous, [key]: value }));
  const text = (key: keyof NewAccountFields, label: string, type = 'text', autoComplete?: string) => (
    <label>
      {label}
      <input required type={type} autoComplete={autoComplete} value={String(fields[key])} onChange={(e) => set(key, e.target.value)} />
    </label>
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newAccountProblem(fields);
    if (problem) {
      props.onProblem(t(problem.key));
      return;
    }
    if (level !== null && level < MINIMUM_STRENGTH) {
      props.onProblem(t('reasonPhrase.BAD_REQUEST_WEAK_PASSWORD'));
      return;
    }
    props.onSubmit(fields);
  }

  return (
    <form className="modal-form" onSubmit={submit} noValidate aria-label={t('register.command')}>
      {text('username', t('login.username'), 'text', 'username')}
      {text('fullName', t('register.fullName'), 'text', 'name')}
      {text('email', t('register.email'), 'email', 'email')}
      {text('password', t('login.password'), 'password', 'new-password')}
      <StrengthMeter password={fields.password} userInputs={[fields.username, fields.fullName, fields.email]} onLevel={onLevel} />
      {text('confirmation', t('register.confirmation'), 'password', 'new-password')}
      {/* Labelled by id, not by wrapping: a wrapping label would add the chosen option to the name. */}
      <div className="field">
        <label htmlFor={institutionId}>{t('register.institution')}</label>
        <select id={institutionId} required value={fields.institution} onChange={(e) => set('institution', e.target.value)}>
          <option value="">{t('register.institution.choose')}</option>
          {(institutions?.data ?? []).map((institution) => (
            <option key={institution.id} value={String(institution.id)}>
              {institution.acronym ? `${institution.name} (${institution.acronym})` : institution.name}
            </option>
          ))}
          <option value={NEW_INSTITUTION}>{t('register.institution.new')}</option>
        </select>
      </div>
      {fields.institution === NEW_INSTITUTION ? (
        <fieldset>
          <legend>{t('register.institution.new')}</legend>
          {text('institutionName', t('register.institution.name'), 'text', 'organization')}
          {text('institutionAcronym', t('register.institution.acronym'))}
          {text('institutionAddress', t('register.institution.address'), 'text', 'street-address')}
        </fieldset>
      ) : null}
      <label className="check">
        <input type="checkbox" required checked={fields.acceptTerms} onChange={(e) => set('acceptTerms', e.target.checked)} />
        {t('register.terms')}
      </label>
      {props.problem ? (
        <p role="alert" className="form-error">
          {props.problem}
        </p>
      ) : null}
      <div className="modal-actions">
        <button type="submit" className="button-primary" disabled={props.busy}>
          {t('register.submit')}
        </button>
      </div>
    </form>
  );
}
