import { describe, expect, it } from 'vitest';
import { codesOf, countryCode2, countryName, isCodedField, MCPD_FIELDS, mcpdDateText, pdciText, resolveFilters } from './passport-data.js';

describe('passport data', () => {
  it('finds by id when the param is a number, else by name, display name or PUID', () => {
    expect(resolveFilters('12')).toEqual([{ column: 'germplasmId', comparator: 'equals', values: [12] }]);
    const byName = resolveFilters('BARKE');
    expect(byName.map((f) => f.column)).toEqual(['germplasmName', 'germplasmDisplayName', 'germplasmPuid']);
    expect(byName.every((f) => f.operator === 'or' && f.values?.[0] === 'BARKE')).toBe(true);
  });

  it('shows the PDCI to 2 decimals and lists MCPD fields once', () => {
    expect(pdciText(7)).toBe('7.00');
    expect(pdciText(3.14159)).toBe('3.14');
    expect(new Set(MCPD_FIELDS).size).toBe(MCPD_FIELDS.length);
  });
});

describe('coded values, dates and countries', () => {
  it('reads the codes of a coded cell with the key of each meaning', () => {
    expect(codesOf('sampstat', 410)).toEqual([{ code: '410', key: 'germplasm.code.sampstat.410' }]);
    expect(codesOf('mlsstat', '0')).toEqual([{ code: '0', key: 'germplasm.code.mlsstat.0' }]);
    expect(codesOf('storage', '12; 20')).toEqual([
      { code: '12', key: 'germplasm.code.storage.12' },
      { code: '20', key: 'germplasm.code.storage.20' },
    ]);
    expect(codesOf('collsrc', '77')).toEqual([{ code: '77', key: null }]);
    expect(codesOf('sampstat', null)).toEqual([]);
    expect(isCodedField('sampstat')).toBe(true);
    expect(isCodedField('genus')).toBe(false);
  });

  it('shows MCPD dates as DD/MM/YYYY, MM/YYYY or YYYY by what is known', () => {
    const formatDate = (iso: string) => iso.split('-').reverse().join('/');
    expect(mcpdDateText('20160225', formatDate)).toBe('25/02/2016');
    expect(mcpdDateText('2016-02-25', formatDate)).toBe('25/02/2016');
    expect(mcpdDateText('197506--', formatDate)).toBe('06/1975');
    expect(mcpdDateText('19750600', formatDate)).toBe('06/1975');
    expect(mcpdDateText('1975----', formatDate)).toBe('1975');
    expect(mcpdDateText('19750000', formatDate)).toBe('1975');
    expect(mcpdDateText('spring 1975', formatDate)).toBe('spring 1975');
    expect(mcpdDateText(null, formatDate)).toBe('');
  });

  it('finds an institute’s country from its code and names it in the reader’s language', () => {
    expect(countryCode2('GBR251')).toBe('GB');
    expect(countryCode2('DEU146')).toBe('DE');
    expect(countryCode2('XYZ1')).toBeNull();
    expect(countryName('DE', 'en-GB')).toBe('Germany');
    expect(countryName('DE', 'de-DE')).toBe('Deutschland');
    expect(countryName(null, 'en-GB')).toBeNull();
  });
});
