import { ensureStyle } from '../widgets/styles.js';

/**
 * The page's rows as a plain HTML table for printing: the grid is a canvas, which prints as an empty
 * box. Shown only in print; the grid is hidden there.
 */
export function PrintTable<R>(props: {
  caption: string;
  columns: readonly { id: string; title: string }[];
  rows: readonly R[];
  cellText(row: R, column: string): string;
}) {
  ensureStyle(
    'table-print',
    '.table-print{display:none}@media print{.table-print{display:table;border-collapse:collapse}.table-print th,.table-print td{border:1px solid #999;padding:2px 4px;text-align:left}.table-grid,.table-toolbar,.table-pager{display:none!important}}',
  );
  return (
    <table className="table-print">
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          {props.columns.map((column) => (
            <th key={column.id} scope="col">
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row, index) => (
          <tr key={index}>
            {props.columns.map((column) => (
              <td key={column.id}>{props.cellText(row, column.id)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
