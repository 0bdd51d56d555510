import { useId, type FormEvent } from 'react';
import { useServices } from '../../pane-api.js';
import { CheckStatus } from './CheckStatus.js';
import { databaseCheckable, type CheckState, type DatabaseForm } from './setup-form.js';

export interface DatabaseSectionProps {
  form: DatabaseForm;
  onChange(form: DatabaseForm): void;
  check: CheckState;
  onCheck(): void;
}

/** The database: an SQLite file on the server or a PostgreSQL URL (+ schema), checked by setup/check/database. */
export function DatabaseSection({ form, onChange, check, onCheck }: DatabaseSectionProps) {
  const { t } = useServices();
  const id = useId();
  const set = (changes: Partial<DatabaseForm>) => onChange({ ...form, ...changes });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (databaseCheckable(form) && check.status !== 'checking') onCheck();
  };
  return (
    <section className="setup-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('setup.database.heading')}</h3>
      <form onSubmit={submit} noValidate>
        <fieldset className="setup-choice">
          <legend>{t('setup.database.type')}</legend>
          <label className="check">
            <input type="radio" name={`${id}-type`} checked={form.type === 'sqlite'} onChange={() => set({ type: 'sqlite' })} />
            {t('setup.database.sqlite')}
          </label>
          <label className="check">
            <input type="radio" name={`${id}-type`} checked={form.type === 'postgres'} onChange={() => set({ type: 'postgres' })} />
            {t('setup.database.postgres')}
          </label>
        </fieldset>
        {form.type === 'sqlite' ? (
          <div className="setup-field">
            <label>
              {t('setup.database.file')}
              <input value={form.file} onChange={(e) => set({ file: e.target.value })} aria-describedby={`${id}-file-hint`} spellCheck={false} />
            </label>
            <span id={`${id}-file-hint`} className="setup-muted">
              {t('setup.database.fileHint')}
            </span>
          </div>
        ) : (
          <>
            <div className="setup-field">
              <label>
                {t('setup.database.url')}
                <input
                  value={form.url}
                  onChange={(e) => set({ url: e.target.value })}
                  aria-describedby={`${id}-url-hint`}
                  autoComplete="off"
                  spellCheck={false}
                  required
                />
              </label>
              <span id={`${id}-url-hint`} className="setup-muted">
                {t('setup.database.urlHint')}
              </span>
            </div>
            <label>
              {t('setup.database.schema')}
              <input value={form.schema} onChange={(e) => set({ schema: e.target.value })} spellCheck={false} />
            </label>
          </>
        )}
        <div className="setup-actions">
          <button type="submit" disabled={!databaseCheckable(form) || check.status === 'checking'}>
            {t('setup.check')}
          </button>
        </div>
        <CheckStatus state={check} okKey="setup.database.ok" />
      </form>
    </section>
  );
}
