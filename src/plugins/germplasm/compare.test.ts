import { describe, expect, it } from 'vitest';
import { compareRows, displayValue, parseIds } from './compare.js';

describe('compare germplasm', () => {
  it('marks fields whose displayed values differ and drops fields empty everywhere', () => {
    const lines = compareRows(
      ['germplasmName', 'genus', 'synonyms', 'elevation'],
      [
        { germplasmName: 'Barke', genus: 'Hordeum', synonyms: ['B1'] },
        { germplasmName: 'Bowman', genus: 'Hordeum', synonyms: null },
      ],
    );
    expect(lines).toEqual([
      { field: 'germplasmName', values: ['Barke', 'Bowman'], differs: true },
      { field: 'genus', values: ['Hordeum', 'Hordeum'], differs: false },
      { field: 'synonyms', values: ['B1', ''], differs: true },
    ]);
  });

  it('shows lists and named objects as text', () => {
    expect(displayValue([{ name: 'IPK', type: 'donor' }, { name: 'JHI' }])).toBe('IPK (donor), JHI');
    expect(displayValue(1.5)).toBe('1.5');
    expect(displayValue(undefined)).toBe('');
  });

  it('reads comma-separated ids, dropping junk and repeats', () => {
    expect(parseIds('3,1, 3,x,-2,0,4.5')).toEqual([3, 1]);
    expect(parseIds(undefined)).toEqual([]);
  });
});
