import { describe, expect, it } from 'vitest';
import { binarySize, exportDownloadUrl, readExportJobs } from './export-jobs-model.js';

describe('export jobs of the jobs panel', () => {
  it('reads the jobs the server lists, skipping malformed entries', () => {
    const jobs = readExportJobs([
      { uuid: 'a', status: 'running', datatype: 'genotype', datasetIds: [4, 'x'], progress: 0.5, updatedOn: '2026-01-02T03:04:05Z' },
      { uuid: 'b', status: 'exploded' },
      null,
      { uuid: 'c', status: 'completed', resultSize: 2048, progress: 3 },
    ]);
    expect(jobs).toEqual([
      { uuid: 'a', datatype: 'genotype', status: 'running', datasetIds: [4], updatedOn: '2026-01-02T03:04:05Z', progress: 0.5, resultSize: null },
      { uuid: 'c', datatype: 'unknown', status: 'completed', datasetIds: [], updatedOn: null, progress: 1, resultSize: 2048 },
    ]);
    expect(readExportJobs({ not: 'a list' })).toEqual([]);
  });

  it('names the download and its size in binary units', () => {
    expect(exportDownloadUrl('1b2c')).toBe('./api/dataset/export/async/1b2c/download');
    expect(binarySize(512)).toEqual({ value: 512, unit: 'B' });
    expect(binarySize(1536)).toEqual({ value: 1.5, unit: 'KiB' });
    expect(binarySize(5 * 1024 * 1024 * 1024)).toEqual({ value: 5, unit: 'GiB' });
  });
});
