/**
 * The grid's row order and groups from passport values: rows sorted by one field (text order, numbers by
 * value, empty values last; ties keep the file's order), optionally grouped by another field (groups in the
 * same order, each with a header row). Pure, so the pane and its tests share it.
 */

/** A passport value of a row: text, a number, or nothing recorded. */
export type FieldValue = string | number | null;

export interface RowOrder {
  /** Germplasm ids in display order. */
  ids: number[];
  /** Groups in display order, each over a run of `ids`; null without grouping. */
  groups: { label: FieldValue; start: number; count: number }[] | null;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: FieldValue, b: FieldValue): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * Orders `ids` (file order) by `sortBy` (descending when asked; empty values stay last) within groups of
 * `groupBy`. Values not given count as empty.
 */
export function orderRows(
  ids: readonly number[],
  sortBy: ((id: number) => FieldValue) | null,
  descending: boolean,
  groupBy: ((id: number) => FieldValue) | null,
): RowOrder {
  const position = new Map(ids.map((id, i) => [id, i]));
  const sign = descending ? -1 : 1;
  const bySort = (a: number, b: number) => {
    if (!sortBy) return 0;
    const x = sortBy(a);
    const y = sortBy(b);
    if (x === null || y === null) return compare(x, y);
    return sign * compare(x, y);
  };
  const sorted = [...ids].sort((a, b) => (groupBy ? compare(groupBy(a), groupBy(b)) : 0) || bySort(a, b) || (position.get(a) ?? 0) - (position.get(b) ?? 0));
  if (!groupBy) return { ids: sorted, groups: null };
  const groups: NonNullable<RowOrder['groups']> = [];
  sorted.forEach((id, i) => {
    const label = groupBy(id);
    const last = groups[groups.length - 1];
    if (last && compare(last.label, label) === 0) last.count += 1;
    else groups.push({ label, start: i, count: 1 });
  });
  return { ids: sorted, groups };
}

/** A line of the grid: a group's header or a data row (its index in the row order). */
export type GridLine = { kind: 'group'; group: number } | { kind: 'row'; row: number };

/**
 * The grid's lines with group headers between the rows, found by binary search (no array of 10^4 lines
 * is built for every scroll).
 */
export class GridLines {
  /** Where each group's header line is. */
  private readonly headers: number[];

  constructor(
    readonly rowCount: number,
    readonly groups: RowOrder['groups'],
  ) {
    this.headers = (groups ?? []).map((group, g) => group.start + g);
  }

  get count(): number {
    return this.rowCount + this.headers.length;
  }

  line(at: number): GridLine | null {
    if (at < 0 || at >= this.count) return null;
    if (this.headers.length === 0) return { kind: 'row', row: at };
    // The last header at or before `at`.
    let lo = 0;
    let hi = this.headers.length - 1;
    let group = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.headers[mid] <= at) {
        group = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (group >= 0 && this.headers[group] === at) return { kind: 'group', group };
    return { kind: 'row', row: at - (group + 1) };
  }

  /** The line that shows data row `row`. */
  lineOf(row: number): number {
    if (!this.groups) return row;
    let lo = 0;
    let hi = this.groups.length - 1;
    let group = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.groups[mid].start <= row) {
        group = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return row + group + 1;
  }
}
