import { describe, expect, it } from 'vitest';
import { orderRows } from './order.js';
import { bandOf, bandsOf, traitOrder, traitSummaries } from './trait-order.js';

const range = (from: string, to: string) => `${from}–${to}`;

describe('grid order by a trait', () => {
  it('summarises each germplasm: numeric traits by their mean, others by their most frequent value', () => {
    const numeric = traitSummaries('numeric', new Map([[1, ['10', '12']], [2, ['x', '']], [3, ['7']]]));
    expect([...numeric]).toEqual([[1, 11], [3, 7]]);
    const categorical = traitSummaries('categorical', new Map([[1, ['red', 'white', 'white']], [2, ['red']], [3, []]]));
    expect([...categorical]).toEqual([[1, 'white'], [2, 'red']]);
  });

  it('sorts by the summary either way, germplasm without a value last', () => {
    const order = traitOrder('numeric', traitSummaries('numeric', new Map([[1, ['5']], [2, ['1.5']], [4, ['30', '10']], [5, ['5']]])), range);
    expect(orderRows([1, 2, 3, 4, 5], order.value, false, null).ids).toEqual([2, 1, 5, 4, 3]);
    expect(orderRows([1, 2, 3, 4, 5], order.value, true, null).ids).toEqual([4, 1, 5, 2, 3]);
  });

  it('groups numeric values in five equal-width bands labelled with their ranges, empty bands left out', () => {
    const summaries = new Map([[1, 0], [2, 10], [3, 1.9], [4, 2], [5, 7.5]]);
    const bands = bandsOf(summaries.values());
    expect(bands.map((b) => [b.from, b.to])).toEqual([[0, 2], [2, 4], [4, 6], [6, 8], [8, 10]]);
    expect([0, 1.9, 2, 9.99, 10, null].map((v) => bandOf(bands, v))).toEqual([0, 0, 1, 4, 4, null]);
    const order = traitOrder('numeric', summaries, range);
    const rows = orderRows([1, 2, 3, 4, 5, 6], order.value, false, order.group);
    expect(rows.ids).toEqual([1, 3, 4, 5, 2, 6]);
    expect(rows.groups?.map((g) => [order.groupText(g.label), g.count])).toEqual([['0–2', 2], ['2–4', 1], ['6–8', 1], ['8–10', 1], [null, 1]]);
  });

  it('puts equal numbers in one band and reads band edges without float noise', () => {
    expect(bandsOf([3, 3])).toEqual([{ index: 0, from: 3, to: 3 }]);
    expect(bandsOf([])).toEqual([]);
    const order = traitOrder('numeric', new Map([[1, 0.1], [2, 0.4]]), range);
    expect(order.groupText(order.group(1))).toBe('0.1–0.16');
    expect(order.groupText(order.group(2))).toBe('0.34–0.4');
  });

  it('groups other types by value', () => {
    const order = traitOrder('categorical', new Map([[1, 'white'], [2, 'red'], [3, 'white']]), range);
    const rows = orderRows([1, 2, 3, 4], null, false, order.group);
    expect(rows.ids).toEqual([2, 1, 3, 4]);
    expect(rows.groups?.map((g) => order.groupText(g.label))).toEqual(['red', 'white', null]);
  });
});
