import { describe, expect, it } from 'vitest';
import { axisValue, colourOf, comparisonRows, germplasmMeans, matrixRows, needsFullRows, plotsOf, plotsPerLocation, shownValue, timelineRows } from './aggregate.js';
import type { TrialsDataRow } from '../../api-types.js';

const row = (germplasmId: number, traitId: number, traitValue: string, extra: Partial<TrialsDataRow> = {}): TrialsDataRow => ({
  germplasmId,
  germplasmName: `G${germplasmId}`,
  datasetId: 2,
  datasetName: 'Trials dataset',
  traitId,
  traitValue,
  treatment: null,
  recordingDate: '2020-06-01T00:00:00.000Z',
  groups: [],
  ...extra,
});

const HEIGHT = { traitId: 4, kind: 'number' as const };
const HEADING = { traitId: 2, kind: 'date' as const };

describe('trials export aggregation', () => {
  it('reads numbers and days, and nothing else', () => {
    expect(axisValue('85.5', 'number')).toBe(85.5);
    expect(axisValue('', 'number')).toBeNull();
    expect(axisValue('tall', 'number')).toBeNull();
    expect(axisValue(null, 'number')).toBeNull();
    expect(axisValue('2020-06-19', 'date')).toBe(Date.UTC(2020, 5, 19));
    expect(axisValue('2020-06-19T00:00:00Z', 'date')).toBe(Date.UTC(2020, 5, 19));
    expect(axisValue('19/06/2020', 'date')).toBeNull();
    expect(shownValue(85.333333333, 'number')).toBe(85.3333);
    // The mean of two days is shown as the nearest day.
    expect(shownValue((Date.UTC(2020, 5, 19) + Date.UTC(2020, 5, 22)) / 2, 'date')).toBe('2020-06-21');
  });

  it('colours by any column, naming what is missing', () => {
    const r = row(1, 4, '80', { treatment: 'Sprayed', groups: [{ id: 2, name: 'B' }, { id: 1, name: 'A' }], rep: null, recordingDate: '2021-05-02' });
    expect(colourOf(r, 'none', '—')).toBeNull();
    expect(colourOf(r, 'dataset', '—')).toBe('Trials dataset');
    expect(colourOf(r, 'treatment', '—')).toBe('Sprayed');
    expect(colourOf(r, 'group', '—')).toBe('A, B');
    expect(colourOf(r, 'rep', '—')).toBe('—');
    expect(colourOf(r, 'year', '—')).toBe('2021');
    expect(colourOf(row(1, 4, '1'), 'group', '(none)')).toBe('(none)');
    expect(needsFullRows('rep')).toBe(true);
    expect(needsFullRows('dataset')).toBe(false);
  });

  it('joins per germplasm means across traits, a point per germplasm and colour', () => {
    const rows = [
      row(1, 4, '80'),
      row(1, 4, '90'),
      row(1, 2, '2020-06-19'),
      row(1, 2, '2020-06-21'),
      row(2, 4, '70', { treatment: 'Sprayed' }),
      row(2, 4, 'n/a'),
      // A trait not asked for is left out.
      row(2, 9, '5'),
    ];
    const points = germplasmMeans(rows, [HEIGHT, HEADING], 'none', '—');
    expect(points.map((p) => [p.germplasm, p.colour, Object.fromEntries(p.means)])).toEqual([
      ['G1', null, { 4: 85, 2: Date.UTC(2020, 5, 20) }],
      ['G2', null, { 4: 70 }],
    ]);
    expect(matrixRows(points, [HEIGHT, HEADING])).toEqual([
      { germplasm: 'G1', colour: null, t4: 85, t2: '2020-06-20' },
      { germplasm: 'G2', colour: null, t4: 70, t2: null },
    ]);
    // Coloured by treatment, germplasm 1's unsprayed plots and germplasm 2's sprayed one are separate points.
    const coloured = germplasmMeans([...rows, row(1, 4, '100', { treatment: 'Sprayed' })], [HEIGHT], 'treatment', 'None');
    expect(coloured.map((p) => [p.germplasm, p.colour, p.means.get(4)])).toEqual([
      ['G1', 'None', 85],
      ['G1', 'Sprayed', 100],
      ['G2', 'Sprayed', 70],
    ]);
  });

  it('compares a trait per germplasm across datasets or treatments', () => {
    const rows = [
      row(1, 4, '80'),
      row(1, 4, '90', { treatment: 'Sprayed' }),
      row(1, 4, '100', { treatment: 'Sprayed' }),
      row(2, 4, '60', { datasetId: 3, datasetName: 'Second' }),
      row(2, 2, '2020-06-01'),
    ];
    expect(comparisonRows(rows, HEIGHT, 'treatment', 'No treatment')).toEqual([
      { germplasm: 'G1', category: 'No treatment', value: 80, count: 1 },
      { germplasm: 'G1', category: 'Sprayed', value: 95, count: 2 },
      { germplasm: 'G2', category: 'No treatment', value: 60, count: 1 },
    ]);
    expect(comparisonRows(rows, HEIGHT, 'dataset', '—').map((r) => [r.germplasm, r.category, r.value])).toEqual([
      ['G1', 'Trials dataset', 90],
      ['G2', 'Second', 60],
    ]);
  });

  it('gives the timeline a mean per germplasm and day, in time order', () => {
    const rows = [
      row(1, 4, '20', { recordingDate: '2020-06-03T00:00:00.000Z' }),
      row(1, 4, '10', { recordingDate: '2020-06-01T00:00:00.000Z' }),
      row(1, 4, '14', { recordingDate: '2020-06-01T00:00:00.000Z' }),
      row(1, 4, '99', { recordingDate: null }),
    ];
    expect(timelineRows(rows, HEIGHT, 'none', '—')).toEqual([
      { germplasm: 'G1', date: '2020-06-01', value: 12, colour: null },
      { germplasm: 'G1', date: '2020-06-03', value: 20, colour: null },
    ]);
  });

  it('finds each positioned plot once', () => {
    const rows = [
      row(1, 4, '80', { trialsetupId: 7, latitude: 56.5, longitude: -3.1, locationName: 'Farm' }),
      row(1, 2, '2020-06-01', { trialsetupId: 7, latitude: 56.5, longitude: -3.1, locationName: 'Farm' }),
      row(2, 4, '80', { trialsetupId: 8, latitude: null, longitude: null }),
      row(3, 4, '80', { trialsetupId: 9, latitude: 56.6, longitude: -3.2 }),
      row(4, 4, '80', { trialsetupId: 10, latitude: 56.7, longitude: -3.2, locationName: 'Farm' }),
    ];
    const plots = plotsOf(rows, (r) => r.germplasmName);
    expect(plots).toEqual([
      { latitude: 56.5, longitude: -3.1, label: 'G1', location: 'Farm' },
      { latitude: 56.6, longitude: -3.2, label: 'G3', location: null },
      { latitude: 56.7, longitude: -3.2, label: 'G4', location: 'Farm' },
    ]);
    expect(plotsPerLocation(plots, '(none)')).toEqual([
      { location: 'Farm', plots: 2 },
      { location: '(none)', plots: 1 },
    ]);
  });
});
