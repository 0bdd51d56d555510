import { describe, expect, it } from 'vitest';
import type { Sheet } from '../../../server/import/importer.js';
import { matchCategory, parseCategories, readPhenotypes } from './phenotypes.js';

describe('trait definitions', () => {
  it('accepts categories as JSON lists of one length', () => {
    expect(parseCategories('[["low","mid","high"],["1","2","3"]]')).toEqual([['low', 'mid', 'high'], ['1', '2', '3']]);
    expect(parseCategories('[["2", 6]]')).toEqual([['2', '6']]);
    for (const bad of ['low,mid', '[]', '[[]]', '["a","b"]', '[["a","b"],["1"]]', '[[{"a":1}]]']) expect(parseCategories(bad)).toBeNull();
  });

  it('matches a value to a category exactly or numerically', () => {
    const categories = [['low', 'high'], ['1', '2']];
    expect(matchCategory('high', categories)).toBe('high');
    expect(matchCategory('2.0', categories)).toBe('2');
    expect(matchCategory('High', categories)).toBeNull();
    expect(matchCategory('3', categories)).toBeNull();
  });

  it('maps the template data types and reads the optional columns ignoring their case', () => {
    const sheet: Sheet = {
      name: 'PHENOTYPES',
      header: ['Name', 'Short Name', 'Description', 'Data Type', 'Unit Name', 'Unit Abbreviation', 'Unit Descriptions', 'Set size', 'Is timeseries'],
      rows: [
        { row: 2, cells: ['Yield', null, null, 'float', 't/ha', 't/ha', null, '2', 'Yes'] },
        { row: 3, cells: ['Notes', null, null, 'char', null, null, null, null, null] },
        { row: 4, cells: [null, null, null, 'bogus', null, null, null, null, null] },
      ],
    };
    const { traits, issues } = readPhenotypes(sheet);
    expect(issues).toEqual([]);
    expect(traits.map((t) => [t.name, t.datatype, t.setSize, t.isTimeseries, t.unit?.name ?? null])).toEqual([
      ['Yield', 'numeric', 2, true, 't/ha'],
      ['Notes', 'text', null, false, null],
    ]);
  });
});
