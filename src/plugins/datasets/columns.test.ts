import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../core/registry.js';
import { hiddenColumnsOf } from '../../core/table-declaration.js';
import { DATASET_COLUMNS, datasetCell, datasetsTable } from './columns.js';
import datasetsPlugin from './index.js';

describe('datasets table', () => {
  it('is a shared table pane at /data/datasets under Germinate’s page name', () => {
    const registry = createRegistry();
    registry.registerPlugin(datasetsPlugin);
    const panes = registry.paneTypes().map((p) => [p.id, p.route, p.pageName, p.kind ?? null]);
    expect(panes.slice(0, 3)).toEqual([
      ['datasets:table', '/data/datasets', 'datasets', 'table'],
      ['datasets:details', '/data/datasets/:datasetId', 'datasets-details', null],
      ['datasets:selector', '/data/export/:datasetType', 'export', null],
    ]);
    // One export page per type, under Germinate's page names (pedigree has none there).
    expect(panes.filter(([id]) => String(id).startsWith('datasets:export-')).map(([, route, name]) => [route, name])).toEqual([
      ['/data/export/genotype/:datasetIds', 'export-genotypes'],
      ['/data/export/trials/:datasetIds', 'export-trials'],
      ['/data/export/allelefreq/:datasetIds', 'export-allelefrequency'],
      ['/data/export/climate/:datasetIds', 'export-climates'],
      ['/data/export/pedigree/:datasetIds', 'export-pedigree'],
    ]);
  });

  it('reads counts, locations and institutions as text', () => {
    const row = {
      datasetId: 1,
      dataPointCount: { value: 1200 },
      locations: [{ locationId: 3, locationName: 'Dundee' }, { locationId: 4, locationName: 'Gatersleben' }],
      institutions: [{ institutionId: 1, institutionName: 'JHI', countryName: 'GB' }],
      isExternal: false,
    };
    expect(datasetCell(row, 'dataPointCount')).toBe('1200');
    expect(datasetCell(row, 'locations')).toBe('Dundee, Gatersleben');
    expect(datasetCell(row, 'institutions')).toBe('JHI (GB)');
    expect(datasetCell(row, 'isExternal')).toBe('');
    expect(datasetCell(row, 'contact')).toBe('');
  });

  it('starts with the machine-minded columns hidden, and marks datasets', () => {
    expect(hiddenColumnsOf(DATASET_COLUMNS, undefined, undefined)).toEqual([
      'createdOn',
      'fileresourceIds',
      'collaborators',
      'projectName',
      'version',
      'sourceFile',
    ]);
    expect(datasetsTable.markType).toBe('datasets');
    expect(datasetsTable.rowTitle({ datasetId: 5, datasetName: 'Trials dataset' })).toBe('Trials dataset');
    expect(datasetsTable.open?.({ datasetId: 5 })).toEqual({ type: 'datasets:details', params: { datasetId: '5' } });
  });
});
