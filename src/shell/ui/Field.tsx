import { cloneElement, useId, type InputHTMLAttributes, type ReactElement, type ReactNode, type SelectHTMLAttributes } from 'react';

/** A control's error text, the target of its aria-describedby. */
export function ErrorText(props: { id: string; error?: string }) {
  return props.error ? (
    <p id={props.id} className="ui-error">
      {props.error}
    </p>
  ) : null;
}

/** What a control needs to be named and described by its Field. */
export interface FieldControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A label above one control, with an optional hint and error below it. The control is given the
 * label's id, aria-invalid while there is an error, and aria-describedby naming the hint and the error,
 * so a screen reader reads what to fix together with the field.
 */
export function Field(props: { label: ReactNode; hint?: ReactNode; error?: string; className?: string; children: ReactElement<FieldControlProps> }) {
  const id = useId();
  const controlId = props.children.props.id ?? id;
  const described = [props.error ? `${id}-error` : null, props.hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={props.className ? `ui-field ${props.className}` : 'ui-field'}>
      <label htmlFor={controlId}>{props.label}</label>
      {cloneElement(props.children, {
        id: controlId,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': [props.children.props['aria-describedby'], described].filter(Boolean).join(' ') || undefined,
      })}
      {props.hint ? (
        <p id={`${id}-hint`} className="ui-hint">
          {props.hint}
        </p>
      ) : null}
      <ErrorText id={`${id}-error`} error={props.error} />
    </div>
  );
}

export function Input(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={props.className ? `ui-input ${props.className}` : 'ui-input'} />;
}

/** A select with the design system's chevron instead of the browser's own arrow. */
export function Select({ className, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <span className={className ? `ui-select ${className}` : 'ui-select'}>
      <select {...rest} />
    </span>
  );
}

/** A checkbox with its label on the right; the whole label is the click target. */
export function Checkbox(props: { label: ReactNode; checked: boolean; onChange(checked: boolean): void; disabled?: boolean; className?: string }) {
  return (
    <label className={props.className ? `ui-check ${props.className}` : 'ui-check'}>
      <input type="checkbox" checked={props.checked} disabled={props.disabled} onChange={(event) => props.onChange(event.target.checked)} />
      {props.label}
    </label>
  );
}
