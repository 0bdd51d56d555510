import { useEffect, useState } from 'react';
import type { Filter } from '../../core/table-request.js';
import { COMPARATORS } from '../../core/table-types.js';
import { buildFilters, emptyRow, inputsFor, isComparator, rowsFromFilters, valueArity, type FilterRow } from '../../core/table-filters.js';
import { Modal } from '../widgets/Modal.js';

/**
 * The data-table filter modal: any number of rows (column, comparator, values), each joined to the next
 * by And/Or. Serves every table pane.
 */
export function FilterModal(props: {
  open: boolean;
  columns: readonly { id: string; title: string }[];
  filters: readonly Filter[];
  t(key: string): string;
  onApply(filters: Filter[]): void;
  onClose(): void;
}) {
  const { t, columns } = props;
  const [rows, setRows] = useState<FilterRow[]>([]);
  useEffect(() => {
    if (props.open) {
      const current = rowsFromFilters(props.filters);
      setRows(current.length > 0 ? current : [emptyRow(columns[0]?.id ?? '')]);
    }
  }, [props.open, props.filters, columns]);

  const update = (index: number, change: Partial<FilterRow>) =>
    setRows((old) => old.map((row, i) => (i === index ? { ...row, ...change } : row)));

  return (
    <Modal open={props.open} title={t('filter.title')} onClose={props.onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onApply(buildFilters(rows));
        }}
      >
        {rows.map((row, index) => (
          <fieldset key={index} className="filter-row">
            <legend>{`${t('filter.filter')} ${index + 1}`}</legend>
            <label>
              {t('filter.column')}
              <select value={row.column} onChange={(e) => update(index, { column: e.target.value })}>
                {columns.map((column) => (
                  <option key={column.id} value={column.id}>
                    {column.title}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('filter.comparator')}
              <select
                value={row.comparator}
                onChange={(e) => {
                  const comparator = e.target.value;
                  if (isComparator(comparator)) update(index, { comparator, values: inputsFor(comparator, row.values) });
                }}
              >
                {COMPARATORS.map((comparator) => (
                  <option key={comparator} value={comparator}>
                    {t(`filter.comparator.${comparator}`)}
                  </option>
                ))}
              </select>
            </label>
            {row.values.map((value, valueIndex) => (
              <label key={valueIndex}>
                {valueArity(row.comparator) === 'many'
                  ? t('filter.valuesCommaSeparated')
                  : valueIndex === 0
                    ? t('filter.value')
                    : t('filter.valueTo')}
                <input
                  type="text"
                  value={value}
                  onChange={(e) =>
                    update(index, { values: row.values.map((v, i) => (i === valueIndex ? e.target.value : v)) })
                  }
                />
              </label>
            ))}
            {index < rows.length - 1 ? (
              <label>
                {t('filter.joinNext')}
                <select
                  value={row.operator}
                  onChange={(e) => update(index, { operator: e.target.value === 'or' ? 'or' : 'and' })}
                >
                  <option value="and">{t('filter.and')}</option>
                  <option value="or">{t('filter.or')}</option>
                </select>
              </label>
            ) : null}
            <button type="button" onClick={() => setRows((old) => old.filter((_, i) => i !== index))}>
              {t('filter.remove')}
            </button>
          </fieldset>
        ))}
        <button type="button" onClick={() => setRows((old) => [...old, emptyRow(columns[0]?.id ?? '')])}>
          {t('filter.add')}
        </button>
        <button type="button" onClick={() => props.onApply([])}>
          {t('filter.clear')}
        </button>
        <button type="submit">{t('filter.apply')}</button>
        <button type="button" onClick={props.onClose}>
          {t('table.cancel')}
        </button>
      </form>
    </Modal>
  );
}
