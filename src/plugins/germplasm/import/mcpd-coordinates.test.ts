import { describe, expect, it } from 'vitest';
import { dmsRollsOver, inRange, parseDecimal, parseDms, parseInteger, parseWholeNumber } from './mcpd-coordinates.js';

describe('parseDms: every DMS example Germinate documents', () => {
  // [input, column, Germinate's result, ours]: ours differs where our stricter rules apply.
  const examples: [string, 'latitude' | 'longitude', number | null, number | null][] = [
    // 60 seconds: read as the next minute, as Germinate does (the check adds a warning).
    ['261060N', 'latitude', 26.1833333333, 26.1833333333],
    ['0914360E', 'longitude', 91.7333333333, 91.7333333333],
    ['335141S', 'latitude', -33.8613888889, -33.8613888889],
    ['1511220E', 'longitude', 151.2055555556, 151.2055555556],
    ['0003830W', 'longitude', -0.6416666667, -0.6416666667],
    ['103020S', 'latitude', -10.5055555556, -10.5055555556],
    ['0762510W', 'longitude', -76.4194444444, -76.4194444444],
    ['011530N', 'latitude', 1.2583333333, 1.2583333333],
    ['10----S', 'latitude', -10, -10],
    ['4531--S', 'latitude', -45.5166666667, -45.5166666667],
    ['076----W', 'longitude', -76, -76],
    // Hemisphere rule: X is neither N nor S.
    ['1030--X', 'latitude', 10.5, null],
    // Range rule: no latitude beyond 90°.
    ['99----N', 'latitude', 99, null],
    // Hemisphere rule: no letter at all (Germinate reads it as a latitude by its length).
    ['0914360', 'latitude', 9.2433333333, null],
    ['2610N', 'latitude', null, null],
    ['--1060N', 'latitude', null, null],
    ['1-3020N', 'latitude', null, null],
  ];
  it.each(examples)('%s (%s): Germinate %s, ours %s', (text, axis, _germinate, ours) => {
    const value = parseDms(text, axis);
    if (ours === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(ours, 10);
  });

  it('lets the column decide the axis and checks the hemisphere letter against it', () => {
    expect(parseDms('0762510W', 'latitude')).toBeNull();
    expect(parseDms('103020S', 'longitude')).toBeNull();
    expect(parseDms('103020E', 'latitude')).toBeNull();
    expect(parseDms('0762510N', 'longitude')).toBeNull();
    expect(parseDms('103020s', 'latitude')).toBeNull();
  });

  it('needs known minutes for known seconds, and stays within range', () => {
    expect(parseDms('10--30N', 'latitude')).toBeNull();
    expect(parseDms('1061--N', 'latitude')).toBeNull();
    expect(parseDms('105961N', 'latitude')).toBeNull();
    // 60 rolls over to the next unit; dmsRollsOver tells the check to warn.
    expect(parseDms('1060--N', 'latitude')).toBe(11);
    expect(dmsRollsOver('1060--N', 'latitude')).toBe(true);
    expect(dmsRollsOver('0772560E', 'longitude')).toBe(true);
    expect(dmsRollsOver('0772559E', 'longitude')).toBe(false);
    expect(parseDms('900000N', 'latitude')).toBe(90);
    expect(parseDms('900001N', 'latitude')).toBeNull();
    expect(parseDms('1800000W', 'longitude')).toBe(-180);
    expect(parseDms('1800100E', 'longitude')).toBeNull();
    expect(parseDms('0000000W', 'longitude')).toBe(0);
    expect(Object.is(parseDms('0000000W', 'longitude'), -0)).toBe(false);
  });
});

describe('numbers', () => {
  it('parses decimals strictly', () => {
    expect(parseDecimal('-44.6975')).toBe(-44.6975);
    expect(parseDecimal('+120.9123')).toBe(120.9123);
    expect(parseDecimal('150.0')).toBe(150);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('1e3')).toBe(1000);
    for (const text of ['1,5', 'NaN', 'Infinity', '-', '', '12a', '1e999', '0x10']) expect(parseDecimal(text), text).toBeNull();
  });

  it('parses integers as digits only; whole numbers also with a zero fraction', () => {
    expect(parseInteger('410')).toBe(410);
    expect(parseInteger('+10')).toBe(10);
    for (const text of ['410.0', '4.1E2', '410;500', '', '2147483648']) expect(parseInteger(text), text).toBeNull();
    expect(parseWholeNumber('350.0')).toBe(350);
    expect(parseWholeNumber('350')).toBe(350);
    for (const text of ['10.5', '1e2', 'ten']) expect(parseWholeNumber(text), text).toBeNull();
  });

  it('knows the coordinate ranges', () => {
    expect(inRange(90, 'latitude')).toBe(true);
    expect(inRange(-90.0001, 'latitude')).toBe(false);
    expect(inRange(180, 'longitude')).toBe(true);
    expect(inRange(180.5, 'longitude')).toBe(false);
  });
});
