import { useId, type FormEvent } from 'react';
import { useServices } from '../../pane-api.js';
import { CheckStatus } from './CheckStatus.js';
import { gatekeeperCheckable, type CheckState, type GatekeeperForm } from './setup-form.js';

export interface GatekeeperSectionProps {
  form: GatekeeperForm;
  onChange(form: GatekeeperForm): void;
  check: CheckState;
  onCheck(): void;
}

/** The external user-access tool (Gatekeeper): off = Germinate's own accounts; on = checked by setup/check/gatekeeper. */
export function GatekeeperSection({ form, onChange, check, onCheck }: GatekeeperSectionProps) {
  const { t } = useServices();
  const id = useId();
  const set = (changes: Partial<GatekeeperForm>) => onChange({ ...form, ...changes });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (gatekeeperCheckable(form) && check.status !== 'checking') onCheck();
  };
  return (
    <section className="setup-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('setup.gatekeeper.heading')}</h3>
      <p className="setup-muted">{t('setup.gatekeeper.intro')}</p>
      <form onSubmit={submit} noValidate>
        <label className="check">
          <input type="checkbox" checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
          {t('setup.gatekeeper.enabled')}
        </label>
        {form.enabled ? (
          <>
            <label>
              {t('setup.gatekeeper.url')}
              <input type="url" value={form.url} onChange={(e) => set({ url: e.target.value })} spellCheck={false} required />
            </label>
            <label>
              {t('setup.gatekeeper.username')}
              <input value={form.username} onChange={(e) => set({ username: e.target.value })} autoComplete="off" required />
            </label>
            <label>
              {t('setup.gatekeeper.password')}
              <input type="password" value={form.password} onChange={(e) => set({ password: e.target.value })} autoComplete="off" />
            </label>
            <div className="setup-actions">
              <button type="submit" disabled={!gatekeeperCheckable(form) || check.status === 'checking'}>
                {t('setup.check')}
              </button>
            </div>
          </>
        ) : null}
        <CheckStatus state={form.enabled ? check : { status: 'idle' }} okKey="setup.gatekeeper.ok" idleKey={form.enabled ? undefined : 'setup.gatekeeper.off'} />
      </form>
    </section>
  );
}
