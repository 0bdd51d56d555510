import { describe, expect, it } from 'vitest';
import { parseDecimal, parseInteger, parseRecordingDate } from './values.js';

describe('recording dates', () => {
  it('reads ISO and compact dates, unknown month or day as the first', () => {
    expect(parseRecordingDate('2018-01-07')).toBe('2018-01-07');
    expect(parseRecordingDate('20240229')).toBe('2024-02-29');
    expect(parseRecordingDate('199506--')).toBe('1995-06-01');
    expect(parseRecordingDate('19950600')).toBe('1995-06-01');
    expect(parseRecordingDate('1995----')).toBe('1995-01-01');
    // An unknown month with a known day is January, as Germinate reads it.
    expect(parseRecordingDate('1995--12')).toBe('1995-01-12');
  });

  it('refuses what does not exist instead of rolling over', () => {
    for (const text of ['2023-02-29', '2024-13-01', '2024-00-10', '01/02/2024', '2024-1-2', '45000', '']) {
      expect(parseRecordingDate(text), text).toBeNull();
    }
  });
});

describe('numbers', () => {
  it('plain decimals only', () => {
    expect(parseDecimal('71.25779817')).toBe(71.25779817);
    expect(parseDecimal('-3.1')).toBe(-3.1);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('1e3')).toBe(1000);
    for (const text of ['NA', '-', '1,5', '0x10', 'Infinity', '1.2.3', ' ']) expect(parseDecimal(text), text).toBeNull();
  });

  it('integers are digits only', () => {
    expect(parseInteger('42')).toBe(42);
    expect(parseInteger('4.0')).toBeNull();
  });
});
