import { describe, expect, it } from 'vitest';
import { complete, completing, formatFilterLine, parseFilterLine } from './filter-line.js';
import { buildFilters } from './table-filters.js';

const columns = [
  { id: 'genus', title: 'Genus' },
  { id: 'germplasmName', title: 'Name' },
  { id: 'location', title: 'Collecting site' },
  { id: 'elevation', title: 'Elevation' },
  { id: 'germplasmId', title: 'Germplasm ID' },
];

describe('parseFilterLine', () => {
  it('compiles to the same filters as the modal', () => {
    const line = parseFilterLine('genus = Hordeum and name contains CACTUAR-21', columns);
    const modal = buildFilters([
      { column: 'genus', comparator: 'equals', operator: 'and', values: ['Hordeum'] },
      { column: 'germplasmName', comparator: 'contains', operator: 'and', values: ['CACTUAR-21'] },
    ]);
    expect(line).toEqual({ ok: true, filters: modal });
  });

  it('joins each clause to the next by the word after it, as the modal does', () => {
    const result = parseFilterLine('Genus is Hordeum or genus = Triticum and elevation > 100', columns);
    expect(result.ok && result.filters.map((f) => [f.column, f.comparator, f.operator, f.values])).toEqual([
      ['genus', 'equals', 'or', ['Hordeum']],
      ['genus', 'equals', 'and', ['Triticum']],
      ['elevation', 'greaterThan', 'and', ['100']],
    ]);
  });

  it('reads titles of several words, quoted values, between, in and empty tests', () => {
    const result = parseFilterLine(
      'collecting site contains "Bad and good" and elevation between 10 and 20 and germplasmId in 1, 2,3 or location is not empty',
      columns,
    );
    expect(result.ok && result.filters.map((f) => [f.column, f.comparator, f.values])).toEqual([
      ['location', 'contains', ['Bad and good']],
      ['elevation', 'between', ['10', '20']],
      ['germplasmId', 'inSet', ['1', '2', '3']],
      ['location', 'isNotNull', []],
    ]);
  });

  it('says what is wrong and where', () => {
    expect(parseFilterLine('colour = red', columns)).toEqual({
      ok: false,
      error: { code: 'unknownColumn', text: 'colour = red', start: 0, end: 12 },
    });
    expect(parseFilterLine('genus Hordeum', columns)).toMatchObject({ ok: false, error: { code: 'missingOperator', text: 'Hordeum', start: 6 } });
    expect(parseFilterLine('genus =', columns)).toMatchObject({ ok: false, error: { code: 'missingValue' } });
    expect(parseFilterLine('genus = "Hord', columns)).toMatchObject({ ok: false, error: { code: 'unclosedQuote', start: 8 } });
    expect(parseFilterLine('genus = a and', columns)).toMatchObject({ ok: false, error: { code: 'unknownColumn', text: 'and' } });
    expect(parseFilterLine('elevation between 1', columns)).toMatchObject({ ok: false, error: { code: 'missingValue' } });
    expect(parseFilterLine('', columns)).toEqual({ ok: true, filters: [] });
  });
});

describe('completion', () => {
  it('knows whether a column, an operator, a value or a join is being typed', () => {
    expect(completing('ge', columns)).toEqual({ kind: 'column', prefix: 'ge', options: ['Genus', 'Germplasm ID'] });
    expect(completing('genus ', columns)).toMatchObject({ kind: 'operator', prefix: '' });
    expect(completing('genus c', columns)).toEqual({ kind: 'operator', prefix: 'c', options: ['contains'] });
    expect(completing('genus = Ho', columns)).toMatchObject({ kind: 'value', prefix: 'Ho', column: { id: 'genus' } });
    expect(completing('genus = Hordeum a', columns)).toEqual({ kind: 'join', prefix: 'a', options: ['and'] });
    expect(completing('genus = Hordeum and na', columns)).toEqual({ kind: 'column', prefix: 'na', options: ['Name'] });
    expect(completing('genus = Hordeum and name contains ', columns)).toMatchObject({ kind: 'value', column: { id: 'germplasmName' } });
  });

  it('replaces the word being typed and adds a space', () => {
    expect(complete('genus = Hordeum and na', 'Name')).toBe('genus = Hordeum and Name ');
    expect(complete('ge', 'Genus')).toBe('Genus ');
    expect(complete('location = Ab', 'Aberdeen Farm')).toBe('location = "Aberdeen Farm" ');
    expect(complete('genus ', 'is not empty')).toBe('genus is not empty ');
  });

  it('writes filters back as a line that parses to them', () => {
    const filters = [
      { column: 'genus', comparator: 'equals' as const, operator: 'or' as const, values: ['Hordeum'] },
      { column: 'location', comparator: 'contains' as const, operator: 'and' as const, values: ['a b'] },
      { column: 'elevation', comparator: 'between' as const, operator: 'and' as const, values: ['1', '2'] },
    ];
    const line = formatFilterLine(filters, columns);
    expect(line).toBe('Genus = Hordeum or location contains "a b" and Elevation between 1 and 2');
    expect(parseFilterLine(line ?? '', columns)).toEqual({ ok: true, filters });
  });
});
