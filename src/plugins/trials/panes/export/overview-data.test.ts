import { describe, expect, it } from 'vitest';
import type { BoxNames } from '../../api-types.js';
import { boxRows, categoryRows, parseCategoricalTsv } from './overview-data.js';
import { categoriesOf, chosenTraits, searchTraits, traitLabel, type TraitRow } from './traits.js';

const box = { min: 1, q1: 2, median: 3, q3: 4, max: 5, avg: 3.33333333, count: 9 };

describe('trials export overview data', () => {
  it('labels each box by dataset or group and treatment', () => {
    const stats: BoxNames = {
      datasets: [{ datasetId: 2, datasetName: 'Trials dataset' }],
      treatments: [{ id: 1, name: 'Sprayed' }],
      stats: [
        { datasetId: 2, treatmentId: null, xId: 4, groupIds: null, ...box },
        { datasetId: 2, treatmentId: 1, xId: 4, groupIds: null, ...box },
        { datasetId: null, treatmentId: null, xId: 4, groupIds: '["Spring lines"]', ...box },
        { datasetId: null, treatmentId: 1, xId: 4, groupIds: 'Marked items', ...box },
        { datasetId: 2, treatmentId: null, xId: 5, groupIds: null, ...box },
      ],
    };
    const rows = boxRows(stats, 4, 'Chosen germplasm');
    expect(rows.map((r) => r.box)).toEqual(['Trials dataset', 'Trials dataset · Sprayed', 'Spring lines', 'Chosen germplasm · Sprayed']);
    expect(rows[0]).toEqual({ box: 'Trials dataset', min: 1, q1: 2, median: 3, q3: 4, max: 5, avg: 3.33333, count: 9 });
  });

  it('reads the counts file with and without groups, and orders bars by the trait’s categories', () => {
    const plain = 'dataset_id\tdataset_name\ttrait_id\ttrait_name\tvalue\tcount\r\n2\tTrials\t6\tGrowth class\tWinter\t3\r\n2\tTrials\t6\tGrowth class\tSpring\t5\r\n';
    const counts = parseCategoricalTsv(plain);
    expect(counts).toEqual([
      { datasetName: 'Trials', traitId: 6, group: null, value: 'Winter', count: 3 },
      { datasetName: 'Trials', traitId: 6, group: null, value: 'Spring', count: 5 },
    ]);
    expect(categoryRows(counts, 6, 'Marked', ['Spring', 'Winter'])).toEqual([
      { label: 'Spring (Trials)', value: 'Spring', series: 'Trials', count: 5 },
      { label: 'Winter (Trials)', value: 'Winter', series: 'Trials', count: 3 },
    ]);
    const grouped = 'dataset_id\tdataset_name\ttrait_id\ttrait_name\tgroup\tvalue\tcount\r\n2\tTrials\t6\tGrowth class\tMarked items\tSpring\t2\r\n';
    expect(categoryRows(parseCategoricalTsv(grouped), 6, 'Marked germplasm')).toEqual([
      { label: 'Spring (Trials · Marked germplasm)', value: 'Spring', series: 'Trials · Marked germplasm', count: 2 },
    ]);
    expect(parseCategoricalTsv('')).toEqual([]);
    expect(parseCategoricalTsv('something\telse\r\n1\t2\r\n')).toEqual([]);
  });
});

describe('trials export traits', () => {
  const traits: TraitRow[] = [
    { traitId: 4, traitName: 'Plant height', dataType: 'numeric', unitName: 'Centimeters', unitAbbreviation: 'cm' },
    { traitId: 6, traitName: 'Growth class', dataType: 'categorical', traitRestrictions: { categories: [['Spring', 'Winter']] } },
    { traitId: 7, traitName: 'Blüte', traitNameShort: 'FLW', dataType: 'date' },
  ];

  it('labels traits with their unit, searches them and keeps the list’s order', () => {
    expect(traitLabel(traits[0])).toBe('Plant height [cm]');
    expect(traitLabel(traits[1])).toBe('Growth class');
    expect(searchTraits(traits, 'CENTI').map((t) => t.traitId)).toEqual([4]);
    expect(searchTraits(traits, 'blute').map((t) => t.traitId)).toEqual([7]);
    expect(searchTraits(traits, 'flw').map((t) => t.traitId)).toEqual([7]);
    expect(searchTraits(traits, '  ')).toHaveLength(3);
    expect(chosenTraits(traits, [7, 4, 99]).map((t) => t.traitId)).toEqual([4, 7]);
    expect(categoriesOf(traits[1])).toEqual(['Spring', 'Winter']);
    expect(categoriesOf(traits[0])).toEqual([]);
  });
});
