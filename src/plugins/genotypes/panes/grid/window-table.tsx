import type { BlockStore } from './blocks.js';

/** At most this many rows and columns: a table for reading aloud, not a second grid. */
const MOST = 25;

/**
 * The visible part of the grid as a table (for screen readers, and for copying): germplasm down, markers
 * across, the calls as text, from the cursor's row and column onwards within what is on screen.
 */
export function WindowTable(props: {
  store: BlockStore;
  rows: [number, number];
  columns: [number, number];
  cursor: { row: number; column: number };
  caption: string;
  missing: string;
  states: readonly string[];
  germplasmHeader: string;
}) {
  const { store } = props;
  const rowStart = Math.min(Math.max(props.rows[0], props.cursor.row), Math.max(props.rows[0], props.rows[1] - 1));
  const columnStart = Math.min(Math.max(props.columns[0], props.cursor.column), Math.max(props.columns[0], props.columns[1] - 1));
  const rows: number[] = [];
  for (let r = rowStart; r < Math.min(props.rows[1], rowStart + MOST); r += 1) rows.push(r);
  const columns: number[] = [];
  for (let c = columnStart; c < Math.min(props.columns[1], columnStart + MOST); c += 1) columns.push(c);
  const markerName = (column: number) => {
    const block = store.block(rowStart, column);
    return block?.columns[column - block.columnOffset]?.name ?? '…';
  };
  return (
    // It scrolls, so it takes the keyboard too; the arrows there move the cursor, which the table starts from.
    <div className="genotypes-grid-table" tabIndex={0} role="region" aria-label={props.caption}>
      <table className="ui-table">
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{props.germplasmHeader}</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {markerName(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const block = store.block(row, columnStart);
            return (
              <tr key={row}>
                <th scope="row">{block?.rows[row - block.rowOffset]?.name ?? '…'}</th>
                {columns.map((column) => {
                  const state = store.cell(row, column);
                  return <td key={column}>{state < 0 ? '…' : props.states[state] || props.missing}</td>;
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
