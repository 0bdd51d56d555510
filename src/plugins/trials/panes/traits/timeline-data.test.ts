import { describe, expect, it } from 'vitest';
import { chosenDay, dayMedians, FEW_GERMPLASM, medianRow, timeline, timelineSpec, timelineTable, type TimedValue } from './timeline-data.js';

const ink = { text: '#111111', background: '#ffffff' };
const titles = { date: 'Date', value: 'Height', germplasm: 'Germplasm', median: 'Median', values: 'Values' };
const formatDay = (day: string) => day.split('-').reverse().join('/');

const value = (germplasmId: number, day: string, traitValue: string): TimedValue => ({
  germplasmId,
  germplasmName: `G${germplasmId}`,
  recordingDate: `${day}T00:00:00.000Z`,
  traitValue,
});

/** Layers of a spec as the tests read them: mark type and the data each carries. */
type Layer = { mark: { type: string; strokeWidth?: number; opacity?: number; align?: string }; data?: { values: Record<string, unknown>[] }; encoding: Record<string, unknown> };
const layersOf = (spec: unknown) => (spec as { layer: Layer[] }).layer;

describe('the trait timeline', () => {
  it('takes the median of the germplasm means per day, each germplasm weighing the same', () => {
    const line = timeline(
      [
        // G1 has two plots on the first day: their mean (12) counts once.
        value(1, '2020-08-20', '10'),
        value(1, '2020-08-20', '14'),
        value(2, '2020-08-20', '20'),
        value(3, '2020-08-20', '100'),
        value(1, '2020-08-21', '11'),
        value(2, '2020-08-21', '13'),
        value(3, '2020-08-23', '7.5'),
      ],
      formatDay,
    );
    expect(dayMedians(line)).toEqual([
      { day: '2020-08-20', date: '20/08/2020', median: 20, germplasm: 3 },
      { day: '2020-08-21', date: '21/08/2020', median: 12, germplasm: 2 },
      { day: '2020-08-23', date: '23/08/2020', median: 7.5, germplasm: 1 },
    ]);
    // The medians close the table, under the germplasm, in the days' columns.
    expect(medianRow(line, dayMedians(line), 'Median')).toEqual({ germplasm: 'Median', d0: 20, d1: 12, d2: 7.5 });
    expect(timelineTable(line)).toHaveLength(3);
    expect(dayMedians(timeline([], formatDay))).toEqual([]);
  });

  it('puts the slider on the chosen day when it has values, else on the first', () => {
    const days = ['2020-08-20', '2020-08-21', '2020-08-23'];
    expect(chosenDay(days, '2020-08-21')).toEqual({ index: 1, day: '2020-08-21' });
    expect(chosenDay(days, '2020-08-22')).toEqual({ index: 0, day: '2020-08-20' });
    expect(chosenDay(days, 3)).toEqual({ index: 0, day: '2020-08-20' });
    expect(chosenDay([], '2020-08-21')).toEqual({ index: 0, day: '' });
  });

  it('draws a line per germplasm, the median on top and a rule at the chosen day', () => {
    const line = timeline([value(1, '2020-08-20', '10'), value(1, '2020-08-21', '12'), value(2, '2020-08-20', '20')], formatDay);
    const medians = dayMedians(line);
    const layers = layersOf(timelineSpec({ line, medians, day: '2020-08-21', titles, ink }));
    expect(layers.map((l) => l.mark.type)).toEqual(['line', 'rule', 'text', 'line', 'line', 'point']);
    expect(layers[0].data?.values).toHaveLength(3);
    expect(layers[1].data?.values).toEqual([{ day: '2020-08-21' }]);
    // The chosen date is written by the rule, towards the side with room (the last date: its left).
    expect(layers[2].data?.values).toEqual([{ day: '2020-08-21', date: '21/08/2020' }]);
    expect(layers[2].mark).toMatchObject({ align: 'right' });
    // The median's halo and line are in the page's colours, with a point on each day.
    expect(layers[3].mark).toMatchObject({ color: ink.background });
    expect(layers[4].mark).toMatchObject({ color: ink.text, strokeWidth: 3.5 });
    expect(layers[4].data?.values.map((v) => v.mean)).toEqual([15, 12]);
    // The germplasm's points on top, so a germplasm alone on a day is not hidden by the median.
    expect(layers[5].data?.values).toHaveLength(3);
    // Ticks at the recording dates, written as the dates are everywhere else.
    expect(layers[0].encoding.x).toMatchObject({ axis: { values: [{ year: 2020, month: 8, date: 20, utc: true }, { year: 2020, month: 8, date: 21, utc: true }], format: '%d/%m/%Y' } });
    expect(layers[0].encoding.color).toMatchObject({ legend: { orient: 'right' } });
    expect(layersOf(timelineSpec({ line, medians, day: '', titles, ink })).map((l) => l.mark.type)).toEqual(['line', 'line', 'line', 'point']);
  });

  it('thins the lines and leaves out the legend when there are many germplasm', () => {
    const many = Array.from({ length: FEW_GERMPLASM + 1 }, (_, i) => value(i + 1, '2020-08-20', String(i)));
    const line = timeline(many, formatDay);
    const layers = layersOf(timelineSpec({ line, medians: dayMedians(line), day: '2020-08-20', titles, ink }));
    expect(layers[0].encoding.color).toMatchObject({ legend: null });
    expect(layers[0].mark.strokeWidth).toBeLessThan(1.5);
    expect(layers[0].mark.opacity).toBeLessThan(0.6);
    // The first date's label goes to the right of its rule.
    expect(layers[2].mark).toMatchObject({ align: 'left' });
  });
});
