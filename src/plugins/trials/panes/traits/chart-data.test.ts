import { describe, expect, it } from 'vitest';
import { boxRows } from './box-data.js';
import { categoryBars, parseCategoryCounts } from './categorical-data.js';
import { horizontalBoxes, heatmap } from './chart-specs.js';
import { layout, layoutTable, valueKind } from './layout-data.js';
import { performanceRows, positionIn } from './performance-data.js';
import { dayMeans, timeline, timelineTable } from './timeline-data.js';

const ink = { text: '#111111', background: '#ffffff' };
const quantiles = { groupIds: null, min: 57, q1: 77.875, median: 85.5, q3: 97.125, max: 136, avg: 87.80803571428571, count: 112 };

describe('the trait charts\' data', () => {
  it('names a box by dataset, and by treatment when there are treatments', () => {
    const answer = {
      datasets: [{ datasetId: 2, datasetName: 'Trials dataset' }, { datasetId: 3, datasetName: 'Trials dataset' }],
      treatments: [{ id: 1, name: 'Sprayed' }],
      stats: [
        { ...quantiles, datasetId: 2, treatmentId: null, xId: 4 },
        { ...quantiles, datasetId: 2, treatmentId: 1, xId: 4 },
        { ...quantiles, datasetId: 3, treatmentId: 1, xId: 4 },
        { ...quantiles, datasetId: 2, treatmentId: 1, xId: 7 },
      ],
    };
    const rows = boxRows(answer, 4, 'none');
    expect(rows.map((r) => r.box)).toEqual(['Trials dataset – none', 'Trials dataset – Sprayed', 'Trials dataset – Sprayed (2)']);
    expect(rows[0]).toMatchObject({ dataset: 'Trials dataset', treatment: 'none', q1: 77.875, avg: 87.808, count: 112 });
    expect(boxRows({ ...answer, stats: answer.stats.slice(0, 1) }, 4, 'none')[0]).toMatchObject({ box: 'Trials dataset', treatment: '' });
  });

  it('reads the categorical counts of one trait, in the order of its categories', () => {
    const text = 'dataset_id\tdataset_name\ttrait_id\ttrait_name\tvalue\tcount\r\n2\tTrials\t6\tGrowth class\tWinter\t9\r\n2\tTrials\t6\tGrowth class\tSpring\t161\r\n2\tTrials\t6\tGrowth class\tOther\t1\r\n2\tTrials\t5\tRow type\t2\t128\r\n';
    const rows = parseCategoryCounts(text, 6);
    expect(rows).toHaveLength(3);
    expect(categoryBars(rows, { categories: [['Spring', 'Winter']] }).map((b) => [b.bar, b.count])).toEqual([['Spring', 161], ['Winter', 9], ['Other', 1]]);
    const two = [...rows, { datasetId: 3, dataset: 'Other trial', value: 'Spring', count: 4 }];
    expect(categoryBars(two, null).map((b) => b.bar)).toEqual(['Trials: Other', 'Trials: Spring', 'Trials: Winter', 'Other trial: Spring']);
    expect(parseCategoryCounts('', 6)).toEqual([]);
    expect(parseCategoryCounts('a\tb\r\n1\t2', 6)).toEqual([]);
  });

  it('averages a germplasm\'s values per day for the timeline', () => {
    const rows = [
      { germplasmId: 1, germplasmName: 'Heris', recordingDate: '2020-08-20T00:00:00.000Z', traitValue: '80' },
      { germplasmId: 1, germplasmName: 'Heris', recordingDate: '2020-08-20T00:00:00.000Z', traitValue: '85' },
      { germplasmId: 1, germplasmName: 'Heris', recordingDate: '2020-08-22T00:00:00.000Z', traitValue: 'n/a' },
      { germplasmId: 2, germplasmDisplayName: 'Heris', germplasmName: 'X', recordingDate: '2020-08-21T00:00:00.000Z', traitValue: '70' },
      { germplasmId: 2, germplasmName: 'X', recordingDate: null, traitValue: '70' },
    ];
    const line = timeline(rows, (day) => day.split('-').reverse().join('/'));
    expect(line.germplasm).toEqual(['Heris', 'Heris (2)']);
    expect(line.days).toEqual(['2020-08-20', '2020-08-21']);
    expect(line.cells).toContainEqual({ germplasm: 'Heris', day: '2020-08-20', date: '20/08/2020', mean: 82.5, values: 2 });
    expect(timelineTable(line)).toEqual([{ germplasm: 'Heris', d0: 82.5, d1: null }, { germplasm: 'Heris (2)', d0: null, d1: 70 }]);
    expect(dayMeans(line, '2020-08-21')).toEqual([{ germplasm: 'Heris (2)', mean: 70 }]);
  });

  it('places plots by row and column: means of numbers, the most frequent category', () => {
    const rows = [
      { trialRow: 2, trialColumn: 1, germplasmName: 'A', traitValue: '10' },
      { trialRow: 2, trialColumn: 1, germplasmName: 'A', traitValue: '20' },
      { trialRow: 1, trialColumn: 3, germplasmName: 'B', traitValue: '5' },
      { trialRow: null, trialColumn: 3, germplasmName: 'C', traitValue: '5' },
    ];
    const map = layout(rows, valueKind('numeric'));
    expect(map.cells).toEqual([
      { row: 1, column: 3, germplasm: 'B', rep: '', value: 5, values: 1 },
      { row: 2, column: 1, germplasm: 'A', rep: '', value: 15, values: 2 },
    ]);
    expect(map).toMatchObject({ rows: [1, 2], columns: [1, 3], unplaced: 1 });
    expect(layoutTable(map)).toEqual([{ row: 1, c1: null, c3: 5 }, { row: 2, c1: 15, c3: null }]);
    const categories = layout([
      { trialRow: 1, trialColumn: 1, traitValue: 'b' }, { trialRow: 1, trialColumn: 1, traitValue: 'a' }, { trialRow: 1, trialColumn: 1, traitValue: 'b' },
      { trialRow: 1, trialColumn: 2, traitValue: 'b' }, { trialRow: 1, trialColumn: 2, traitValue: 'a' },
    ], valueKind('categorical'));
    expect(categories.cells.map((c) => c.value)).toEqual(['b', 'a']);
    expect(layout([{ trialRow: 1, trialColumn: 1, traitValue: '2020-06-01T00:00:00.000Z' }], valueKind('date')).cells[0].value).toBe('2020-06-01');
  });

  it('puts each trait of the passport on the range of its values', () => {
    expect(positionIn(5, 0, 10)).toBe(0.5);
    expect(positionIn(3, 3, 3)).toBe(0.5);
    expect(positionIn(-1, 0, 10)).toBe(0);
    const rows = performanceRows([
      { traitId: 4, traitName: 'Plant height', unitName: 'Centimeters', min: 57, q1: 78.125, median: 86, q3: 96, max: 144, count: 222, avg: 83.75, germplasmCount: 2 },
      { traitId: 8, traitName: 'Yield', min: 1, q1: 1, median: 1, q3: 1, max: 1, count: 0, avg: 1, germplasmCount: 0 },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ trait: 'Plant height', unit: 'Centimeters', mean: 83.75, own: 2, minAt: 0, maxAt: 1, meanAt: 0.307, medianAt: 0.333 });
  });

  it('draws boxes from quantiles and heatmaps from their own cells', () => {
    const spec = horizontalBoxes({
      category: 'box', categoryTitle: 'Dataset', valueTitle: 'Value', colourEach: true,
      fields: { min: 'min', q1: 'q1', median: 'median', q3: 'q3', max: 'max' },
      point: { field: 'avg', shape: 'diamond', size: 60 }, tooltip: [{ field: 'box', title: 'Dataset' }, { field: 'median', title: 'Median', numeric: true }], ink,
    });
    const marks = 'layer' in spec ? spec.layer.map((l) => ('mark' in l && typeof l.mark === 'object' ? l.mark.type : null)) : [];
    expect(marks).toEqual(['rule', 'bar', 'tick', 'point']);
    const map = heatmap({
      cells: [{ row: 1, column: 1, value: 3 }, { row: 1, column: 2, value: 4 }],
      x: { field: 'column', title: 'Column', type: 'ordinal' }, y: { field: 'row', title: 'Row', type: 'ordinal' },
      colour: { field: 'value', title: 'Value', type: 'quantitative' }, highlight: { field: 'column', values: [2] }, tooltip: [], ink,
    });
    const layers = 'layer' in map ? map.layer : [];
    expect(layers).toHaveLength(2);
    expect(layers[1]).toMatchObject({ data: { values: [{ row: 1, column: 2, value: 4 }] } });
  });
});
