/** The hidden-columns chooser: a checkbox per column, stored per user and table. */
export function ColumnPicker(props: {
  hidden: readonly string[];
  columns: readonly { id: string; title: string }[];
  t(key: string): string;
  onChange(hidden: string[]): void;
  onClose(): void;
}) {
  return (
    <fieldset className="table-columns">
      <legend>{props.t('table.columns')}</legend>
      {props.columns.map((column) => (
        <label key={column.id}>
          <input
            type="checkbox"
            checked={!props.hidden.includes(column.id)}
            onChange={(e) =>
              props.onChange(e.target.checked ? props.hidden.filter((h) => h !== column.id) : [...props.hidden, column.id])
            }
          />
          {column.title}
        </label>
      ))}
      <button type="button" onClick={props.onClose}>
        {props.t('table.close')}
      </button>
    </fieldset>
  );
}
