import { describe, expect, it } from 'vitest';
import { parseDecimal, parseShort, parseTrialDate } from './values.js';

describe('trial cell values', () => {
  it('reads dates as the template writes them, strictly', () => {
    expect(parseTrialDate('2020-06-13')).toBe('2020-06-13');
    expect(parseTrialDate('20200613')).toBe('2020-06-13');
    // Unknown month or day (MCPD style) means January / the 1st, as Germinate reads them.
    expect(parseTrialDate('202006--')).toBe('2020-06-01');
    expect(parseTrialDate('20200000')).toBe('2020-01-01');
    expect(parseTrialDate('2020-02-29')).toBe('2020-02-29');
    // Germinate's lenient parser would roll these over; they are refused here.
    for (const bad of ['2021-02-29', '2020-13-01', '20201301', '2020-6-1', '13/06/2020', '43900', 'June', '']) expect(parseTrialDate(bad)).toBeNull();
  });

  it('reads plain decimals and 16-bit positions only', () => {
    expect(parseDecimal('-3.25')).toBe(-3.25);
    expect(parseDecimal('1e3')).toBe(1000);
    for (const bad of ['0x10', 'Infinity', '1,5', '1.2.3', ' ', 'NaN']) expect(parseDecimal(bad)).toBeNull();
    expect(parseShort('3.0')).toBe(3);
    expect(parseShort('-32768')).toBe(-32768);
    for (const bad of ['32768', '1.5', 'x']) expect(parseShort(bad)).toBeNull();
  });
});
