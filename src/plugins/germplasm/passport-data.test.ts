import { describe, expect, it } from 'vitest';
import { MCPD_FIELDS, pdciText, resolveFilters } from './passport-data.js';

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
