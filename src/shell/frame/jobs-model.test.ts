import { describe, expect, it } from 'vitest';
import { hasLog, isActiveJob, keptUuids, mayImport, readPanelJobs } from './jobs-model.js';

const raw = (extra: Record<string, unknown>) => ({ uuid: 'a', datatype: 'trial', status: 'completed', imported: false, feedback: [], ...extra });

describe('jobs panel model', () => {
  it('reads jobs with their error and warning counts, skipping malformed entries', () => {
    const jobs = readPanelJobs([
      raw({ feedback: [{ type: 'ERROR' }, { type: 'WARNING' }, { type: 'WARNING' }], progress: 1.7, originalFilename: 'x.xlsx' }),
      { uuid: 'b', status: 'exploded' },
      null,
      raw({ uuid: 'c', status: 'running', progress: 0.25, feedback: null }),
    ]);
    expect(jobs.map((j) => [j.uuid, j.status, j.errors, j.warnings, j.progress, j.originalFilename])).toEqual([
      ['a', 'completed', 1, 2, 1, 'x.xlsx'],
      ['c', 'running', 0, 0, 0.25, null],
    ]);
    expect(readPanelJobs({})).toEqual([]);
  });

  it('allows import of a finished error-free check in IMPORT mode only', () => {
    const [clean] = readPanelJobs([raw({ feedback: [{ type: 'WARNING' }] })]);
    const [broken] = readPanelJobs([raw({ feedback: [{ type: 'ERROR' }] })]);
    const [imported] = readPanelJobs([raw({ imported: true })]);
    expect([mayImport(clean, 'IMPORT'), mayImport(clean, 'VERIFY'), mayImport(broken, 'IMPORT'), mayImport(imported, 'IMPORT')]).toEqual([true, false, false, false]);
  });

  it('knows which jobs are busy and which have a log', () => {
    expect(['waiting', 'running', 'completed', 'failed', 'cancelled'].map((status) => isActiveJob({ status: status as 'waiting' }))).toEqual([true, true, false, false, false]);
    expect(hasLog({ status: 'failed' })).toBe(true);
    expect(hasLog({ status: 'running' })).toBe(false);
  });

  it('forgets asked uuids the server no longer lists, keeps uuids added meanwhile', () => {
    const jobs = readPanelJobs([raw({ uuid: 'a' })]);
    expect(keptUuids(['new', 'a', 'gone'], ['a', 'gone'], jobs)).toEqual(['new', 'a']);
  });
});
