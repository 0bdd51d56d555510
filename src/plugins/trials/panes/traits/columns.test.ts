import { describe, expect, it } from 'vitest';
import { datasetCount, traitCell, traitsTable, traitTitle, type TraitRow } from './columns.js';
import { categoryOrder, readRestrictions, restrictionsText } from './restrictions.js';
import { readTraitsPaneState, searchFilters, traitsPageRequest } from './search.js';

const row: TraitRow = {
  traitId: 4,
  traitName: 'Plant height',
  dataType: 'numeric',
  traitRestrictions: { min: 0, max: 200 },
  unitName: 'Centimeters',
  unitAbbreviation: 'cm',
  synonyms: ['Height', 'PH'],
  datasetIds: [2, 5],
  count: 222,
  traitIsTimeseries: true,
};

describe('the traits table', () => {
  it('reads restrictions as a reader would say them', () => {
    expect(restrictionsText({ min: 0, max: 200 })).toBe('0–200');
    expect(restrictionsText({ min: 0.5 }, (n) => n.toLocaleString('de-DE'))).toBe('≥ 0,5');
    expect(restrictionsText({ max: 9 })).toBe('≤ 9');
    expect(restrictionsText({ categories: [['red', 'white']] })).toBe('red, white');
    expect(restrictionsText({ categories: [['2', '6'], ['two-row', 'six-row']], min: 1, max: 2 })).toBe('2, 6 / two-row, six-row; 1–2');
    expect(restrictionsText(null)).toBe('');
    expect(restrictionsText({ categories: [[]], min: 'x' })).toBe('');
    expect(readRestrictions('{"min":1}')).toBeNull();
    expect(categoryOrder({ categories: [['Spring', 'Winter'], ['S', 'W']] })).toEqual(['Spring', 'Winter']);
  });

  it('shows the spec\'s columns: datasets as their number, data types translated', () => {
    expect(traitCell(row, 'traitRestrictions')).toBe('0–200');
    expect(traitCell(row, 'datasetIds')).toBe('2');
    expect(traitCell(row, 'synonyms')).toBe('Height, PH');
    expect(traitCell(row, 'traitIsTimeseries')).toBe('✓');
    expect(traitCell(row, 'dataType', { dataType: (type) => `[${type}]` })).toBe('[numeric]');
    expect(traitCell(row, 'count')).toBe('222');
    expect(datasetCount({ datasetIds: null })).toBe(0);
    expect(traitTitle(row)).toBe('Plant height [cm]');
    expect(traitTitle({ traitId: 9, traitName: '', unitName: null })).toBe('9');
    expect(traitsTable.open?.(row)).toEqual({ type: 'trials:trait', params: { traitId: '4' } });
    expect(traitsTable.columns.map((c) => c.id)).toEqual([
      'traitId', 'traitName', 'traitNameShort', 'traitDescription', 'dataType', 'traitRestrictions', 'categoryName', 'synonyms',
      'unitName', 'unitDescription', 'unitAbbreviation', 'traitIsTimeseries', 'traitSetSize', 'datasetIds', 'count',
    ]);
  });

  it('searches names, short names, synonyms and descriptions through one filter, with the table\'s own', () => {
    expect(searchFilters('  ')).toEqual([]);
    expect(searchFilters(' height ')).toEqual([{ column: 'search', comparator: 'contains', operator: 'and', values: ['height'] }]);
    const state = { search: 'height', table: { filters: [{ column: 'dataType', comparator: 'equals', values: ['numeric'] }], page: 2, cursor: 3 }, dialog: 'unify' };
    expect(readTraitsPaneState(state)).toMatchObject({ search: 'height', dialog: 'unify', table: { page: 2, cursor: 3 } });
    expect(traitsPageRequest(state, 10)).toEqual({
      page: 2,
      limit: 10,
      prevCount: -1,
      orderBy: null,
      ascending: null,
      filter: [
        { column: 'dataType', comparator: 'equals', values: ['numeric'], operator: 'and' },
        { column: 'search', comparator: 'contains', operator: 'and', values: ['height'] },
      ],
    });
    expect(readTraitsPaneState(undefined)).toEqual({ search: '', dialog: null, table: { filters: [], orderBy: null, ascending: true, page: 1, cursor: 0 } });
  });
});
