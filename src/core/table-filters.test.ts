import { describe, expect, it } from 'vitest';
import { COMPARATORS } from './table-request.js';
import { buildFilters, emptyRow, inputsFor, rowsFromFilters, valueArity, withFixed } from './table-filters.js';

describe('filter modal rows → API filters', () => {
  it('gives every comparator an arity: none for null tests, two for between, a list for inSet', () => {
    expect(COMPARATORS.map((c) => [c, valueArity(c)])).toContainEqual(['isNull', 0]);
    expect(valueArity('isNotNull')).toBe(0);
    expect(valueArity('between')).toBe(2);
    expect(valueArity('inSet')).toBe('many');
    expect(valueArity('contains')).toBe(1);
    expect(emptyRow('genus', 'between').values).toEqual(['', '']);
    expect(inputsFor('isNull', ['x'])).toEqual([]);
  });

  it('keeps the operator and trims values, dropping incomplete rows', () => {
    const filters = buildFilters([
      { column: 'genus', comparator: 'contains', operator: 'and', values: [' Hord '] },
      { column: 'elevation', comparator: 'between', operator: 'or', values: ['10', ''] },
      { column: 'elevation', comparator: 'between', operator: 'or', values: ['10', '20'] },
      { column: '', comparator: 'equals', operator: 'and', values: ['x'] },
      { column: 'location', comparator: 'isNull', operator: 'and', values: [] },
      { column: 'germplasmId', comparator: 'inSet', operator: 'and', values: ['1, 2,,3'] },
      { column: 'germplasmId', comparator: 'inSet', operator: 'and', values: [' , '] },
    ]);
    expect(filters).toEqual([
      { column: 'genus', comparator: 'contains', operator: 'and', values: ['Hord'] },
      { column: 'elevation', comparator: 'between', operator: 'or', values: ['10', '20'] },
      { column: 'location', comparator: 'isNull', operator: 'and', values: [] },
      { column: 'germplasmId', comparator: 'inSet', operator: 'and', values: ['1', '2', '3'] },
    ]);
  });

  it('reads filters back into rows that build the same filters', () => {
    const filters = buildFilters([
      { column: 'genus', comparator: 'equals', operator: 'or', values: ['Hordeum'] },
      { column: 'germplasmId', comparator: 'inSet', operator: 'and', values: ['4,5'] },
    ]);
    expect(buildFilters(rowsFromFilters(filters))).toEqual(filters);
    expect(rowsFromFilters([{ column: 'a', comparator: 'equals', operator: 'OR', values: [3] }])[0]).toEqual({
      column: 'a', comparator: 'equals', operator: 'or', values: ['3'],
    });
  });
});

describe('fixed filters', () => {
  it('puts the user’s filters first and joins them to the fixed ones with and', () => {
    const fixed = [{ column: 'germplasmId', comparator: 'inSet' as const, operator: 'and' as const, values: [1, 2] }];
    const user = [
      { column: 'genus', comparator: 'equals' as const, operator: 'or' as const, values: ['a'] },
      { column: 'genus', comparator: 'equals' as const, operator: 'or' as const, values: ['b'] },
    ];
    const combined = withFixed(user, fixed);
    expect(combined.map((f) => f.operator)).toEqual(['or', 'and', 'and']);
    expect(combined[2]).toBe(fixed[0]);
    expect(withFixed([], fixed)).toEqual(fixed);
    expect(withFixed(user, [])).toEqual(user);
  });
});
