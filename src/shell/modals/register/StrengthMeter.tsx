import { useEffect, useState } from 'react';
import { passwordStrength, STRENGTH_LEVEL_KEYS, type StrengthLevel } from '../../../core/password-strength.js';
import { useServices } from '../../pane-api.js';

/** The password's strength in five levels (too guessable … very unguessable), recomputed as the reader types (the dictionaries load once). */
export function StrengthMeter(props: { password: string; userInputs: string[]; onLevel(level: StrengthLevel | null): void }) {
  const { t } = useServices();
  const [level, setLevel] = useState<StrengthLevel | null>(null);
  const { password, onLevel } = props;
  const inputs = props.userInputs.join('\n');
  useEffect(() => {
    if (password === '') {
      setLevel(null);
      onLevel(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void passwordStrength(password, inputs.split('\n')).then((next) => {
        if (!current) return;
        setLevel(next);
        onLevel(next);
      });
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, inputs, onLevel]);
  const text = level === null ? t('register.strength.none') : t(STRENGTH_LEVEL_KEYS[level]);
  return (
    <div className="strength">
      <span id="password-strength-label">{t('register.strength')}</span>
      <meter aria-labelledby="password-strength-label" aria-describedby="password-strength-text" min={0} max={4} low={2} high={3} optimum={4} value={level ?? 0} />
      <span id="password-strength-text" aria-live="polite" data-level={level ?? ''}>
        {text}
      </span>
    </div>
  );
}
