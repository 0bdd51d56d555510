import { describe, expect, it } from 'vitest';
import { byDatasetType } from './groups.js';

describe('datasets by type', () => {
  it('groups in Germinate\'s order of types, datasets by name', () => {
    const groups = byDatasetType([
      { datasetId: 1, datasetName: 'b', datasetType: 'climate' },
      { datasetId: 2, datasetName: 'z', datasetType: 'trials' },
      { datasetId: 3, datasetName: 'a', datasetType: 'trials' },
      { datasetId: 4, datasetName: 'c', datasetType: null },
    ]);
    expect(groups.map((g) => [g.type, g.datasets.map((d) => d.datasetId)])).toEqual([
      ['trials', [3, 2]],
      ['climate', [1]],
      ['unknown', [4]],
    ]);
  });
});
