import { describe, expect, it } from 'vitest';
import { downloadName, subsetRequest } from './request.js';

describe('trials export request', () => {
  it('builds Germinate’s subsetted dataset request', () => {
    expect(subsetRequest([2, 3], [4, 1], { yIds: null, yGroupIds: [7] })).toEqual({ datasetIds: [2, 3], xIds: [4, 1], xGroupIds: null, yIds: null, yGroupIds: [7] });
    expect(subsetRequest([2], [], { yIds: [5], yGroupIds: null }).xIds).toBeNull();
  });

  it('names the downloads as Germinate’s page does', () => {
    expect(downloadName([2, 3], 'tab')).toBe('trials-dataset-2-3.txt');
    expect(downloadName([2], 'xlsx')).toBe('trials-dataset-2.xlsx');
  });
});
