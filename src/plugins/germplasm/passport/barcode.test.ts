import { describe, expect, it } from 'vitest';
import { code128, CODE128_PATTERNS, encodable, QUIET_ZONE } from './barcode.js';

describe('Code 128-B', () => {
  it('has 106 distinct patterns of 11 modules whose bars take an even number of modules', () => {
    expect(CODE128_PATTERNS).toHaveLength(106);
    expect(new Set(CODE128_PATTERNS).size).toBe(106);
    for (const pattern of CODE128_PATTERNS) {
      const widths = [...pattern].map(Number);
      expect(widths.reduce((a, b) => a + b)).toBe(11);
      expect((widths[0] + widths[2] + widths[4]) % 2).toBe(0);
    }
  });

  it('writes start B, the data, the check symbol (modulo 103) and stop', () => {
    // "PI 1": P=48, I=41, space=0, 1=17; check = (104 + 48 + 82 + 0 + 68) % 103 = 96.
    const code = code128('PI 1');
    expect(code?.symbols).toEqual([104, 48, 41, 0, 17, 96, 106]);
    // Six symbols of 11 modules, stop of 13, two quiet zones.
    expect(code?.width).toBe(6 * 11 + 13 + 2 * QUIET_ZONE);
    // Start B is 211214: bars of 2, 1 and 1 modules at 10, 13 and 16.
    expect(code?.bars.slice(0, 3)).toEqual([[10, 2], [13, 1], [16, 1]]);
    // The stop pattern ends with a bar of 2 modules right before the quiet zone.
    const last = code?.bars.at(-1);
    expect(last && last[0] + last[1]).toBe((code?.width ?? 0) - QUIET_ZONE);
  });

  it('refuses what code set B cannot write', () => {
    expect(encodable('')).toBe(false);
    expect(code128('Müller')).toBeNull();
    expect(code128('a\tb')).toBeNull();
    expect(encodable('~ ok')).toBe(true);
  });
});
