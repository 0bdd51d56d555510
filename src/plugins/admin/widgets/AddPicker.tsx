import { useId, useState } from 'react';

export interface PickOption {
  value: string;
  label: string;
}

/** "Add …": a labelled select of what can still be added and its button (groups to a dataset, users to a group). */
export function AddPicker(props: { label: string; addLabel: string; chooseLabel: string; options: readonly PickOption[]; emptyText: string; onAdd(value: string): void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const chosen = props.options.some((option) => option.value === value) ? value : '';
  if (props.options.length === 0) return <p className="ui-hint">{props.emptyText}</p>;
  return (
    <div className="ui-actions">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} value={chosen} onChange={(event) => setValue(event.target.value)}>
        <option value="">{props.chooseLabel}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={chosen === ''}
        onClick={() => {
          props.onAdd(chosen);
          setValue('');
        }}
      >
        {props.addLabel}
      </button>
    </div>
  );
}
