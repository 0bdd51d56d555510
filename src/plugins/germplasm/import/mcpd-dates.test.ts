import { describe, expect, it } from 'vitest';
import { daysInMonth, parseMcpdDate } from './mcpd-dates.js';

describe('parseMcpdDate', () => {
  it('reads full dates in both forms', () => {
    expect(parseMcpdDate('20160225')).toEqual({ year: 2016, month: 2, day: 25 });
    expect(parseMcpdDate('2016-02-25')).toEqual({ year: 2016, month: 2, day: 25 });
  });

  it('reads unknown month and day written as -- or 00', () => {
    expect(parseMcpdDate('1975----')).toEqual({ year: 1975, month: null, day: null });
    expect(parseMcpdDate('19750000')).toEqual({ year: 1975, month: null, day: null });
    expect(parseMcpdDate('197506--')).toEqual({ year: 1975, month: 6, day: null });
    expect(parseMcpdDate('19750600')).toEqual({ year: 1975, month: 6, day: null });
    // Mixed markers are still "unknown".
    expect(parseMcpdDate('1975--00')).toEqual({ year: 1975, month: null, day: null });
    expect(parseMcpdDate('197500--')).toEqual({ year: 1975, month: null, day: null });
  });

  it('takes the partial dates of the Genesys passport file', () => {
    expect(parseMcpdDate('199801--')).toEqual({ year: 1998, month: 1, day: null });
    expect(parseMcpdDate('2002----')).toEqual({ year: 2002, month: null, day: null });
  });

  it('checks leap years', () => {
    expect(parseMcpdDate('20200229')).not.toBeNull();
    expect(parseMcpdDate('2000-02-29')).not.toBeNull();
    expect(parseMcpdDate('20190229')).toBeNull();
    expect(parseMcpdDate('1900-02-29')).toBeNull();
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 4)).toBe(30);
  });

  it('rejects what Germinate rolls over or half-accepts', () => {
    // Germinate: rolls to 2020-03-01 / 2021-02-14 / reads as January 15 / hyphens → zeros / year 0.
    for (const text of ['2020-02-30', '20201345', '2020-13-45', '1975--15', '19750015', '2020-1-2', '----0101', '20200431', '20200100x']) {
      expect(parseMcpdDate(text), text).toBeNull();
    }
  });

  it('rejects other shapes', () => {
    for (const text of ['2020/01/02', '2020ab01', 'abcdefgh', '1234567', '1975', '2016-1-2 ', '975----', '19750-01', '1975-06--', '2016-02-25T00:00']) {
      expect(parseMcpdDate(text), text).toBeNull();
    }
  });
});
