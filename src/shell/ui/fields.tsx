import { useId, type ReactNode } from 'react';
import { isHexColour } from '../../core/chart-colours.js';
import { IconButton } from './IconButton.js';
import { Button } from './Button.js';
import { Checkbox, ErrorText, Field } from './Field.js';

/** Labelled form fields over the design system's controls, for settings-like forms. */

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
  return (
    <Field label={props.label} hint={props.hint} error={props.error}>
      <input
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete ?? 'off'}
        inputMode={props.inputMode}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </Field>
  );
}

export function CheckField(props: { label: string; checked: boolean; onChange(checked: boolean): void; disabled?: boolean }) {
  return <Checkbox label={props.label} checked={props.checked} disabled={props.disabled} onChange={props.onChange} />;
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
      {props.hint ? <p className="ui-hint">{props.hint}</p> : null}
      <div className="ui-checks">
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

/** `#abc` → `#aabbcc`: the native colour picker takes only the long form; black while the text is no colour. */
function pickerValue(text: string): string {
  const value = text.trim().toLowerCase();
  if (!isHexColour(value)) return '#000000';
  return value.length === 7 ? value : `#${[...value.slice(1)].map((c) => c + c).join('')}`;
}

/** An ordered palette: each colour as hex text (what is validated) beside a native colour picker. */
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
      <div className="ui-colours">
        {colours.map((colour, index) => {
          const error = props.errorAt(index);
          const n = index + 1;
          return (
            <div key={index} className="ui-colour">
              <input type="color" aria-label={texts.picker(n)} value={pickerValue(colour)} onChange={(event) => set(index, event.target.value)} />
              <input
                type="text"
                aria-label={texts.colour(n)}
                value={colour}
                spellCheck={false}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${index}-error` : undefined}
                onChange={(event) => set(index, event.target.value)}
              />
              <IconButton icon="↑" label={texts.moveUp(n)} labelHidden disabled={index === 0} onClick={() => move(index, -1)} />
              <IconButton icon="↓" label={texts.moveDown(n)} labelHidden disabled={index === colours.length - 1} onClick={() => move(index, 1)} />
              <IconButton icon="✕" label={texts.remove(n)} labelHidden onClick={() => props.onChange(colours.filter((_, i) => i !== index))} />
              <ErrorText id={`${id}-${index}-error`} error={error} />
            </div>
          );
        })}
      </div>
      <Button size="sm" icon="+" onClick={() => props.onChange([...colours, '#000000'])}>
        {texts.add}
      </Button>
      <ErrorText id={`${id}-error`} error={props.listError} />
      {props.children}
    </fieldset>
  );
}
