import { useEffect, useId, useState } from 'react';
import { passwordStrength, STRENGTH_LEVEL_KEYS, type StrengthLevel } from '../../../core/password-strength.js';
import { useServices } from '../../pane-api.js';
import type { AdminForm } from './setup-form.js';

/**
 * The password's level (one of five); null while it is computed. The dictionaries load on first
 * use, so the first answer takes a moment; a late answer for an older password is dropped.
 */
export function usePasswordStrength(password: string, userInputs: string[]): StrengthLevel | null {
  const [result, setResult] = useState<{ password: string; level: StrengthLevel } | null>(null);
  const inputs = userInputs.join('\n');
  useEffect(() => {
    let current = true;
    if (password === '') return;
    passwordStrength(password, inputs.split('\n'))
      .then((level) => {
        if (current) setResult({ password, level });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [password, inputs]);
  if (password === '') return 0;
  return result?.password === password ? result.level : null;
}

export interface AdminSectionProps {
  form: AdminForm;
  onChange(form: AdminForm): void;
  strength: StrengthLevel | null;
  /** Message keys of what is still missing or wrong (adminProblems). */
  problems: string[];
}

/** The first administrator: created by setup/store with the password checked against the same levels. */
export function AdminSection({ form, onChange, strength, problems }: AdminSectionProps) {
  const { t } = useServices();
  const id = useId();
  const set = (changes: Partial<AdminForm>) => onChange({ ...form, ...changes });
  const touched = Object.values(form).some((value) => value !== '');
  const levelText = form.password === '' || strength === null ? '' : t(STRENGTH_LEVEL_KEYS[strength]);
  return (
    <section className="setup-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('setup.admin.heading')}</h3>
      <div className="setup-fields">
        <label>
          {t('setup.admin.username')}
          <input value={form.username} onChange={(e) => set({ username: e.target.value })} autoComplete="username" required />
        </label>
        <label>
          {t('setup.admin.fullName')}
          <input value={form.fullName} onChange={(e) => set({ fullName: e.target.value })} autoComplete="name" />
        </label>
        <label>
          {t('setup.admin.email')}
          <input type="email" value={form.email} onChange={(e) => set({ email: e.target.value })} autoComplete="email" />
        </label>
        <label>
          {t('setup.admin.password')}
          <input
            type="password"
            value={form.password}
            onChange={(e) => set({ password: e.target.value })}
            autoComplete="new-password"
            aria-describedby={`${id}-strength-text`}
            required
          />
        </label>
        <div className="setup-strength">
          <span id={`${id}-strength-label`}>{t('setup.admin.strength')}</span>
          <meter
            min={0}
            max={4}
            low={2}
            high={3}
            optimum={4}
            value={form.password === '' ? 0 : (strength ?? 0)}
            aria-labelledby={`${id}-strength-label`}
            aria-valuetext={levelText || undefined}
          />
          <span id={`${id}-strength-text`} aria-live="polite" data-level={strength ?? undefined}>
            {levelText}
          </span>
        </div>
        <label>
          {t('setup.admin.confirmation')}
          <input type="password" value={form.confirmation} onChange={(e) => set({ confirmation: e.target.value })} autoComplete="new-password" required />
        </label>
      </div>
      <p className="setup-check" aria-live="polite">
        {problems.length === 0 ? (
          <span className="setup-ok">✓ {t('setup.admin.ok')}</span>
        ) : touched ? (
          <span className="setup-muted">{t(problems[0])}</span>
        ) : null}
      </p>
    </section>
  );
}
