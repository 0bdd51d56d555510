import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, pageCount, readViewState, sortBy, toRequest, validPage, writeViewState } from './table-view-state.js';

describe('table view state', () => {
  it('round-trips through the stored form, leaving defaults out', () => {
    expect(writeViewState(DEFAULT_VIEW)).toEqual({});
    const view = {
      filters: [{ column: 'genus', comparator: 'contains' as const, operator: 'and' as const, values: ['Hor'] }],
      orderBy: 'germplasmName',
      ascending: false,
      page: 3,
      cursor: 7,
    };
    expect(readViewState(JSON.parse(JSON.stringify(writeViewState(view))))).toEqual(view);
  });

  it('keeps the row cursor, so a link comes back on the same row, and drops a bad one', () => {
    expect(writeViewState({ ...DEFAULT_VIEW, cursor: 4 })).toEqual({ cursor: 4 });
    expect(readViewState({ cursor: 4 }).cursor).toBe(4);
    expect(readViewState({ cursor: -1 }).cursor).toBe(0);
    expect(readViewState({ cursor: 1.5 }).cursor).toBe(0);
    expect(sortBy({ ...DEFAULT_VIEW, cursor: 4 }, 'genus').cursor).toBe(0);
  });

  it('falls back to defaults for damaged parts', () => {
    expect(readViewState(null)).toEqual(DEFAULT_VIEW);
    expect(readViewState({ filters: [{ column: 1 }, { column: 'a', comparator: 'nope' }], page: -2, orderBy: 7 })).toEqual(
      DEFAULT_VIEW,
    );
    const good = { column: 'genus', comparator: 'inSet', operator: 'OR', values: ['a', 1, true, null] };
    const bad = [
      { column: 'genus', comparator: 'equals', operator: 'xor', values: ['a'] },
      { column: 'genus', comparator: 'equals', values: [{}] },
      { column: 'genus', comparator: 'equals', values: 'a' },
    ];
    expect(readViewState({ filters: [good, ...bad] }).filters).toEqual([good]);
  });

  it('maps to a 1-based table request with prevCount and the sort direction', () => {
    expect(toRequest(DEFAULT_VIEW, 25, -1)).toEqual({
      page: 1, limit: 25, prevCount: -1, orderBy: null, ascending: null, filter: null,
    });
    const sorted = sortBy(DEFAULT_VIEW, 'genus');
    expect(toRequest({ ...sorted, page: 2 }, 10, 40)).toMatchObject({ page: 2, orderBy: 'genus', ascending: 1, prevCount: 40 });
    expect(sortBy(sorted, 'genus').ascending).toBe(false);
    expect(sortBy({ ...sorted, page: 4 }, 'species')).toMatchObject({ orderBy: 'species', ascending: true, page: 1 });
  });

  it('validates a page jump between 1 and the last page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(101, 10)).toBe(11);
    expect(validPage('11', 11)).toBe(11);
    expect(validPage('12', 11)).toBeNull();
    expect(validPage('0', 11)).toBeNull();
    expect(validPage('2.5', 11)).toBeNull();
    expect(validPage('', 11)).toBeNull();
  });
});
