import { describe, expect, it } from 'vitest';
import * as vl from 'vega-lite';
import { completeSpec, LIGHT_THEME } from '../../../../shell/chart/chart-spec.js';
import { allNumbers, chartRows, comparisonRequest, constantDomain, missingChoice, parseComparison, readCrossState, SCATTER_HEIGHT, scatterSpec } from './comparison.js';

describe('the cross comparison state', () => {
  it('reads the view state, dropping what is not a choice', () => {
    expect(readCrossState(undefined)).toEqual({
      datasetIds: [],
      first: { kind: 'trait', traitId: null, column: null },
      second: { kind: 'column', traitId: null, column: null },
      marked: false,
      groupIds: [],
      table: false,
    });
    const state = readCrossState({
      datasetIds: [3, 3, -1, 'x', 2.5, 4],
      first: { kind: 'column', column: 'pdci', traitId: 'no' },
      second: { kind: 'trait', traitId: 7, column: 'password' },
      marked: 'yes',
      groupIds: [9],
      table: true,
    });
    expect(state).toEqual({
      datasetIds: [3, 4],
      first: { kind: 'column', traitId: null, column: 'pdci' },
      second: { kind: 'trait', traitId: 7, column: null },
      marked: false,
      groupIds: [9],
      table: true,
    });
  });

  it('asks for nothing until both sides are chosen and marked germplasm exist when asked for', () => {
    const state = readCrossState({ first: { kind: 'trait', traitId: 5 }, second: { kind: 'column' } });
    expect(missingChoice(state, 0)).toBe('trials.cross.chooseSecond');
    expect(comparisonRequest(state, [])).toBeNull();
    const complete = { ...state, second: { kind: 'column' as const, traitId: null, column: 'elevation' as const } };
    expect(missingChoice({ ...complete, marked: true }, 0)).toBe('trials.cross.noMarked');
    expect(missingChoice({ ...complete, first: { kind: 'trait', traitId: null, column: null } }, 0)).toBe('trials.cross.chooseFirst');
  });

  it('builds Germinate’s request: traits over the chosen datasets, both sides restricted alike', () => {
    const state = readCrossState({ datasetIds: [1], first: { kind: 'trait', traitId: 5 }, second: { kind: 'column', column: 'elevation' }, marked: true, groupIds: [4] });
    expect(comparisonRequest(state, [10, 11])).toEqual({
      first: { type: 'TRAIT', id: 5, datasetIds: [1], markedIds: [10, 11], groupIds: [4] },
      second: { type: 'GERMPLASM_COLUMN', columnName: 'elevation', markedIds: [10, 11], groupIds: [4] },
    });
    const open = readCrossState({ first: { kind: 'trait', traitId: 5 }, second: { kind: 'trait', traitId: 6 } });
    expect(comparisonRequest(open, [10])).toEqual({
      first: { type: 'TRAIT', id: 5, datasetIds: [] },
      second: { type: 'TRAIT', id: 6, datasetIds: [] },
    });
  });
});

describe('the comparison file', () => {
  const file = '#input=PHENOTYPE\r\nname\tdbId\tgeneral_identifier\tHeight [cm]\tElevation\r\nHeris\t12\tG12\t81.5\t-3\r\n\'=odd\t13\tG13\t\t120\r\nDialog\t14\tG14\t1e2\ttall\r\n';

  it('reads the header, a row per germplasm, numbers as numbers and empty cells as none', () => {
    const parsed = parseComparison(file);
    expect(parsed?.firstHeading).toBe('Height [cm]');
    expect(parsed?.secondHeading).toBe('Elevation');
    expect(parsed?.rows).toEqual([
      { name: 'Heris', dbId: 12, generalIdentifier: 'G12', first: 81.5, second: -3 },
      { name: "'=odd", dbId: 13, generalIdentifier: 'G13', first: null, second: 120 },
      { name: 'Dialog', dbId: 14, generalIdentifier: 'G14', first: 100, second: 'tall' },
    ]);
    if (parsed) {
      expect(allNumbers(parsed.rows, 'first')).toBe(true);
      expect(allNumbers(parsed.rows, 'second')).toBe(false);
      expect(chartRows(parsed.rows)[0]).toEqual({ name: 'Heris', generalIdentifier: 'G12', first: 81.5, second: -3 });
    }
  });

  it('gives a side whose values are all one number a range around it', () => {
    const row = (first: number | string | null, second: number | null) => ({ name: 'n', dbId: 1, generalIdentifier: 'g', first, second });
    const [low, high] = constantDomain([row(1, 4.85), row(2, 4.85), row(null, null)], 'second') ?? [];
    expect(low).toBeCloseTo(3.85);
    expect(high).toBeCloseTo(5.85);
    expect(constantDomain([row(1, 4.85), row(2, 4.85)], 'first')).toBeNull();
    expect(constantDomain([row('a', null)], 'first')).toBeNull();
  });

  it('is nothing when empty (a pair that is not compared) or without its header', () => {
    expect(parseComparison('')).toBeNull();
    expect(parseComparison('#input=PHENOTYPE\nsomething\telse\n')).toBeNull();
    expect(parseComparison('#input=PHENOTYPE\r\nname\tdbId\tgeneral_identifier\tA\tB\r\n')?.rows).toEqual([]);
  });
});

describe('the scatter plot', () => {
  it('has the height it is given however many germplasm it shows, and fits the width', () => {
    const spec = scatterSpec({ xTitle: 'Height', yTitle: 'Elevation', nameTitle: 'Germplasm', xNumeric: true, yNumeric: false });
    const rows = Array.from({ length: 111 }, (_, i) => ({ name: `G${i}`, generalIdentifier: `G${i}`, first: i, second: 'a' }));
    const full = completeSpec(spec, { rows, theme: LIGHT_THEME, palette: ['#2f6f3e'], locale: 'en_GB', width: 640, description: 'd', height: SCATTER_HEIGHT });
    const compiled = vl.compile(full).spec;
    expect(compiled.height).toBe(SCATTER_HEIGHT);
    expect(compiled.width).toBe(640);
    expect(compiled.autosize).toMatchObject({ type: 'fit-x' });
    const fixed = scatterSpec({ xTitle: 'x', yTitle: 'y', nameTitle: 'n', xNumeric: true, yNumeric: true, yDomain: [3.85, 5.85] });
    expect(JSON.stringify(fixed)).toContain('"domain":[3.85,5.85]');
  });
});
