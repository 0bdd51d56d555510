import { describe, expect, it } from 'vitest';
import { GridLines, orderRows, type FieldValue } from './order.js';

const values = (map: Record<number, FieldValue>) => (id: number) => map[id] ?? null;

describe('grid row order', () => {
  const country = values({ 1: 'GBR', 2: 'DEU', 3: null, 4: 'GBR', 5: 'AUT' });
  const status = values({ 1: 'Landrace', 2: 'Wild', 3: 'Landrace', 4: null, 5: 'Wild' });

  it('sorts by a field with empty values last and ties in file order, either way', () => {
    expect(orderRows([1, 2, 3, 4, 5], country, false, null)).toEqual({ ids: [5, 2, 1, 4, 3], groups: null });
    expect(orderRows([1, 2, 3, 4, 5], country, true, null).ids).toEqual([1, 4, 2, 5, 3]);
    expect(orderRows([1, 2, 3, 4, 5], null, false, null).ids).toEqual([1, 2, 3, 4, 5]);
  });

  it('groups by a field (groups in order, empty last) and sorts within each group', () => {
    const order = orderRows([1, 2, 3, 4, 5], country, false, status);
    expect(order.ids).toEqual([1, 3, 5, 2, 4]);
    expect(order.groups).toEqual([
      { label: 'Landrace', start: 0, count: 2 },
      { label: 'Wild', start: 2, count: 2 },
      { label: null, start: 4, count: 1 },
    ]);
  });

  it('numbers sort by value', () => {
    expect(orderRows([1, 2, 3], values({ 1: 10, 2: 9, 3: 100 }), false, null).ids).toEqual([2, 1, 3]);
  });

  it('finds lines with group headers between the rows, both ways', () => {
    const lines = new GridLines(5, [
      { label: 'a', start: 0, count: 2 },
      { label: 'b', start: 2, count: 3 },
    ]);
    expect(lines.count).toBe(7);
    expect([...Array(8).keys()].map((i) => lines.line(i))).toEqual([
      { kind: 'group', group: 0 },
      { kind: 'row', row: 0 },
      { kind: 'row', row: 1 },
      { kind: 'group', group: 1 },
      { kind: 'row', row: 2 },
      { kind: 'row', row: 3 },
      { kind: 'row', row: 4 },
      null,
    ]);
    expect([0, 1, 2, 3, 4].map((row) => lines.lineOf(row))).toEqual([1, 2, 4, 5, 6]);
    const plain = new GridLines(3, null);
    expect(plain.line(2)).toEqual({ kind: 'row', row: 2 });
    expect(plain.lineOf(2)).toBe(2);
  });
});
