import { describe, expect, it } from 'vitest';
import { checkExportDatasets } from './export-check.js';
import { EXPORT_PAGES, pedigreeExportSection, parseDatasetIds } from './export-pages.js';
import { datasetBody, formProblems, emptyForm, formFromRow } from './form.js';

describe('export page addresses and their datasets', () => {
  it('reads comma lists of dataset ids, each once, and refuses anything else', () => {
    expect(parseDatasetIds('3,7,12,7')).toEqual([3, 7, 12]);
    expect(parseDatasetIds('5')).toEqual([5]);
    for (const bad of [undefined, '', 'abc', '1,,2', '0', '-1', '1.5', '99999999999']) expect(parseDatasetIds(bad)).toBeNull();
  });

  it('names the unknown, wrong-type, external and unaccepted datasets, and keeps the rest in URL order', () => {
    const rows = [
      { datasetId: 2, datasetType: 'pedigree', isExternal: false },
      { datasetId: 3, datasetType: 'trials', isExternal: false },
      { datasetId: 4, datasetType: 'pedigree', isExternal: true },
      { datasetId: 5, datasetType: 'pedigree', isExternal: false, licenseId: 9, licenseName: 'CC BY', acceptedBy: [] },
      { datasetId: 6, datasetType: 'pedigree', isExternal: false, licenseId: 9, licenseName: 'CC BY', acceptedBy: [-1000] },
      { datasetId: 1, datasetType: 'pedigree', isExternal: false },
    ];
    const check = checkExportDatasets([1, 2, 3, 4, 5, 6, 7], rows, 'pedigree', null);
    expect(check.usable.map((r) => r.datasetId)).toEqual([1, 2, 6]);
    expect(check.problems).toEqual([
      { kind: 'wrongType', ids: [3] },
      { kind: 'external', ids: [4] },
      { kind: 'licence', ids: [5] },
      { kind: 'unknown', ids: [7] },
    ]);
    expect(check.licences).toEqual([{ licenseId: 9, licenseName: 'CC BY' }]);
    // A logged-in caller accepted nothing here (-1000 is the anonymous id).
    expect(checkExportDatasets([6], rows, 'pedigree', 12).problems).toEqual([{ kind: 'licence', ids: [6] }]);
  });

  it('has a page entry for every export type and contributes the pedigree page to its slot', () => {
    expect(Object.keys(EXPORT_PAGES).sort()).toEqual(['allelefreq', 'climate', 'genotype', 'pedigree', 'trials']);
    expect(pedigreeExportSection.slot).toBe('datasets:export-pedigree');
  });
});

describe('the dataset form', () => {
  it('checks what the server checks and sends every field (PATCH clears what is absent)', () => {
    const form = { ...emptyForm(), name: ' New ', experimentId: '4', dateStart: '2025-02-01', dateEnd: '2025-01-01' };
    expect(formProblems(form)).toEqual({ dateEnd: 'endBeforeStart' });
    expect(formProblems({ ...form, name: '', experimentId: '', dateEnd: '2025-02-30' })).toEqual({ name: 'required', experimentId: 'required', dateEnd: 'notDate' });
    expect(datasetBody({ ...form, dateEnd: '' })).toEqual({
      name: 'New', description: null, experimentId: 4, datasettypeId: 3, datasetStateId: 2, licenseId: null, dateStart: '2025-02-01', dateEnd: null, hyperlink: null, contact: null,
    });
    const row = { datasetId: 1, datasetName: 'D', datasetType: 'pedigree', datasetState: 'hidden', experimentId: 7, licenseId: 2, startDate: '2024-03-01T00:00:00.000Z' };
    expect(formFromRow(row)).toMatchObject({ name: 'D', datasettypeId: '7', datasetStateId: '3', experimentId: '7', licenseId: '2', dateStart: '2024-03-01' });
  });
});
