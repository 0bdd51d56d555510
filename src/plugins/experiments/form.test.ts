import { describe, expect, it } from 'vitest';
import { createBody, formFromRow, formProblems, patchBody } from './form.js';

describe('the experiment form', () => {
  it('reads a row, dates as days', () => {
    expect(formFromRow({ experimentId: 3, experimentName: 'Field', experimentDate: '2024-05-01T00:00:00.000Z' })).toEqual({ name: 'Field', description: '', date: '2024-05-01' });
  });

  it('finds what the server would refuse', () => {
    expect(formProblems({ name: ' ', description: '', date: '' })).toEqual({ name: 'nameRequired' });
    expect(formProblems({ name: 'x'.repeat(256), description: '', date: '2024-02-30' })).toEqual({ name: 'nameTooLong', date: 'dateInvalid' });
    expect(formProblems({ name: 'Field', description: '', date: '2024-02-29' })).toEqual({});
  });

  it('sends Germinate\'s row, empty texts as null', () => {
    expect(patchBody(3, { name: ' Field ', description: ' ', date: '' })).toEqual({ experimentId: 3, experimentName: 'Field', experimentDescription: null, experimentDate: null });
    expect(createBody({ name: 'New', description: 'd', date: '2025-01-02' })).toEqual({ experimentName: 'New', experimentDescription: 'd', experimentDate: '2025-01-02' });
    expect(formFromRow(null)).toEqual({ name: '', description: '', date: '' });
  });
});
