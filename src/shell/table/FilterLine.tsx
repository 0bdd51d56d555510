import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import useSWR from 'swr';
import type { ApiClient } from '../../core/api-client.js';
import { complete, completing, formatFilterLine, parseFilterLine, type LineColumn } from '../../core/filter-line.js';
import type { Filter } from '../../core/table-request.js';
import { defaultCellText } from '../../core/table-declaration.js';

/** Values offered for a column: this many rows are asked for, the distinct values among them shown. */
const VALUE_ROWS = 50;
const SHOWN = 8;

/**
 * The keyboard filter line (`/` in a table): clauses like `genus = Hordeum and name contains X`, with
 * completion of column names, operators, joins and values (from the server), Tab taking the first
 * choice (or the one chosen with the arrows), the error shown under the line, Enter applying the same
 * filter list the modal would.
 */
export function FilterLine(props: {
  columns: readonly LineColumn[];
  filters: readonly Filter[];
  api: ApiClient;
  path: string;
  /** The table's further request keys (its subset), so that suggestions come from the rows it can show. */
  body?: Record<string, unknown>;
  t(key: string, values?: Record<string, string | number>): string;
  onApply(filters: Filter[]): void;
  onClose(): void;
}) {
  const { columns, t } = props;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [line, setLine] = useState(() => (props.filters.length > 0 ? (formatFilterLine(props.filters, columns) ?? '') : ''));
  const [chosen, setChosen] = useState(0);
  const [tried, setTried] = useState(false);
  const state = useMemo(() => completing(line, columns), [line, columns]);
  const parsed = useMemo(() => parseFilterLine(line, columns), [line, columns]);

  useEffect(() => input.current?.focus(), []);
  // Suggested values, read with swr: a prefix typed again (or deleted back to) answers from its cache.
  const { data: suggested } = useSWR(
    state.kind === 'value' && state.prefix !== '' ? (['table:values', props.path, state.column.id, state.prefix, JSON.stringify(props.body ?? {})] as const) : null,
    async ([, path, column, typed]: readonly [string, string, string, string, string]) => {
      const result = await props.api.table<Record<string, unknown>>(
        path,
        { ...props.body, page: 1, limit: VALUE_ROWS, filter: [{ column, comparator: 'contains', operator: 'and', values: [typed] }] },
        // A failed suggestion is no error to toast about: the line still works without it.
        { handlers: [{ codes: [], callback: () => undefined }] },
      );
      const prefix = typed.toLowerCase();
      const found = [...new Set(result.data.map((row) => defaultCellText(row[column])).filter((v) => v !== ''))];
      // Values that start with what was typed come first, then those that only contain it.
      found.sort((x, y) => Number(!x.toLowerCase().startsWith(prefix)) - Number(!y.toLowerCase().startsWith(prefix)) || x.localeCompare(y));
      return found.slice(0, SHOWN);
    },
    // Suggestions are a convenience: no retries, no refetch when the window regains focus.
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );

  const options = state.kind === 'value' ? (suggested ?? []) : state.options.slice(0, SHOWN);
  const active = Math.min(chosen, Math.max(0, options.length - 1));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The line is a field of its own: its keys must not reach the workspace's bindings.
    event.stopPropagation();
    if (event.key === 'Tab' && !event.shiftKey && options.length > 0 && state.prefix !== '') {
      event.preventDefault();
      setLine(complete(line, options[active]));
      setChosen(0);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setChosen((active + step + options.length) % Math.max(1, options.length));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      props.onClose();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      setTried(true);
      if (parsed.ok) props.onApply(parsed.filters);
    }
  };

  // The clause being typed is unfinished, not wrong: its error shows on Enter; one before it at once.
  const error = !parsed.ok && (tried || parsed.error.end < line.trimEnd().length) ? parsed.error : null;
  return (
    <div className="filter-line" role="search">
      <label htmlFor={`${id}-input`}>{t('table.filterLine')}</label>
      <input
        ref={input}
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={`${id}-options`}
        aria-activedescendant={options.length > 0 ? `${id}-option-${active}` : undefined}
        aria-invalid={error !== null}
        aria-describedby={`${id}-help ${id}-error`}
        autoComplete="off"
        spellCheck={false}
        value={line}
        onChange={(event) => {
          setLine(event.target.value);
          setChosen(0);
          setTried(false);
        }}
        onKeyDown={onKeyDown}
        className="filter-line-input"
      />
      <ul id={`${id}-options`} role="listbox" aria-label={t('table.filterLineChoices')} className="filter-line-options">
        {options.map((option, index) => (
          <li
            key={option}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className="filter-line-option"
            onMouseDown={(event) => {
              event.preventDefault();
              setLine(complete(line, option));
            }}
          >
            {option}
          </li>
        ))}
      </ul>
      <p id={`${id}-help`} className="filter-line-help">
        {t('table.filterLineHelp')}
      </p>
      <p id={`${id}-error`} role="alert" className="filter-line-error">
        {error ? t(`table.filterLineError.${error.code}`, { text: error.text }) : ''}
      </p>
    </div>
  );
}
