import { useId, type ReactNode } from 'react';
import { longHex } from '../settings-form.js';

/**
 * Labelled form controls for the admin forms. A field with an error is marked aria-invalid and names
 * the error text with aria-describedby, so a screen reader reads what to fix with the field.
 */

function ErrorText(props: { id: string; error?: string }) {
  return props.error ? (
    <p id={props.id} className="admin-error">
      {props.error}
    </p>
  ) : null;
}

export function TextField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: string;
  type?: 'text' | 'password' | 'url';
  autoComplete?: string;
  inputMode?: 'numeric' | 'url' | 'text';
  disabled?: boolean;
}) {
  const id = useId();
  const described = [props.error ? `${id}-error` : null, props.hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="admin-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete ?? 'off'}
        inputMode={props.inputMode}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="admin-hint">
          {props.hint}
        </p>
      ) : null}
      <ErrorText id={`${id}-error`} error={props.error} />
    </div>
  );
}

export function CheckField(props: { label: string; checked: boolean; onChange(checked: boolean): void; disabled?: boolean }) {
  return (
    <label className="admin-check">
      <input type="checkbox" checked={props.checked} disabled={props.disabled} onChange={(event) => props.onChange(event.target.checked)} />
      {props.label}
    </label>
  );
}

/** A fieldset of checkboxes over a list of values (dashboard categories, hidden pages…). */
export function CheckList(props: {
  legend: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onToggle(value: string, on: boolean): void;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={props.error ? `${id}-error` : undefined}>
      <legend>{props.legend}</legend>
      {props.hint ? <p className="admin-hint">{props.hint}</p> : null}
      <div className="admin-checks">
        {props.options.map((option) => (
          <CheckField key={option.value} label={option.label} checked={props.selected.includes(option.value)} onChange={(on) => props.onToggle(option.value, on)} />
        ))}
      </div>
      <ErrorText id={`${id}-error`} error={props.error} />
    </fieldset>
  );
}

export interface ColourTexts {
  /** Label of colour n (1-based), e.g. "Chart colour 3". */
  colour(n: number): string;
  picker(n: number): string;
  moveUp(n: number): string;
  moveDown(n: number): string;
  remove(n: number): string;
  add: string;
}

/**
 * An ordered palette: each colour as hex text (what is validated) beside a native colour picker
 * (which only knows #rrggbb, so it shows black while the text is not a colour).
 */
export function ColourList(props: {
  legend: string;
  colours: readonly string[];
  onChange(colours: string[]): void;
  errorAt(index: number): string | undefined;
  listError?: string;
  texts: ColourTexts;
  children?: ReactNode;
}) {
  const id = useId();
  const { colours, texts } = props;
  const set = (index: number, value: string) => props.onChange(colours.map((c, i) => (i === index ? value : c)));
  const move = (index: number, delta: number) => {
    const next = [...colours];
    [next[index], next[index + delta]] = [next[index + delta], next[index]];
    props.onChange(next);
  };
  return (
    <fieldset aria-describedby={props.listError ? `${id}-error` : undefined}>
      <legend>{props.legend}</legend>
      <div className="admin-colours">
        {colours.map((colour, index) => {
          const error = props.errorAt(index);
          const n = index + 1;
          return (
            <div key={index} className="admin-colour">
              <input type="color" aria-label={texts.picker(n)} value={longHex(colour) ?? '#000000'} onChange={(event) => set(index, event.target.value)} />
              <input
                type="text"
                aria-label={texts.colour(n)}
                value={colour}
                spellCheck={false}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${index}-error` : undefined}
                onChange={(event) => set(index, event.target.value)}
              />
              <button type="button" aria-label={texts.moveUp(n)} disabled={index === 0} onClick={() => move(index, -1)}>
                ↑
              </button>
              <button type="button" aria-label={texts.moveDown(n)} disabled={index === colours.length - 1} onClick={() => move(index, 1)}>
                ↓
              </button>
              <button type="button" aria-label={texts.remove(n)} onClick={() => props.onChange(colours.filter((_, i) => i !== index))}>
                ✕
              </button>
              <ErrorText id={`${id}-${index}-error`} error={error} />
            </div>
          );
        })}
      </div>
      <button type="button" onClick={() => props.onChange([...colours, '#000000'])}>
        {texts.add}
      </button>
      <ErrorText id={`${id}-error`} error={props.listError} />
      {props.children}
    </fieldset>
  );
}
