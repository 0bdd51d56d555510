import { describe, expect, it } from 'vitest';
import { datasetIdsOf } from './dataset-ids.js';

describe('dataset ids of an export address', () => {
  it('reads the ids, each once, leaving out anything else', () => {
    expect(datasetIdsOf({ datasetIds: '2, 5,2,x,0' })).toEqual([2, 5]);
    expect(datasetIdsOf({ datasetIds: '3,99999999999' })).toEqual([3]);
    expect(datasetIdsOf({})).toEqual([]);
    expect(datasetIdsOf(undefined)).toEqual([]);
  });
});
