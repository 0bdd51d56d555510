import { describe, expect, it } from 'vitest';
import { acceptsFile, isTemplateType, optionsReady, TEMPLATE_TYPES, uploadQuery } from './templates.js';

describe('upload templates', () => {
  it('lists the issue 6 templates in Germinate\'s datatype names', () => {
    expect(TEMPLATE_TYPES).toEqual(['mcpd', 'pedigree', 'groups', 'trial', 'climate', 'images', 'shapefile', 'geotiff']);
    expect(isTemplateType('trial')).toBe(true);
    expect(isTemplateType('genotype')).toBe(false);
    expect(isTemplateType(undefined)).toBe(false);
  });

  it('accepts only the template\'s file types, whatever the case', () => {
    expect(acceptsFile('trial', 'Example.XLSX')).toBe(true);
    expect(acceptsFile('trial', 'data.csv')).toBe(false);
    expect(acceptsFile('mcpd', 'passport.tsv')).toBe(true);
    expect(acceptsFile('images', 'photos.zip')).toBe(true);
    expect(acceptsFile('images', 'photo.jpg')).toBe(false);
  });

  it('builds the upload query: update only for MCPD, dataset state only where a dataset is created, dataset only for shapefiles', () => {
    expect(uploadQuery({ type: 'mcpd', update: true, datasetStateId: 2, datasetId: 5 })).toEqual({
      type: 'mcpd',
      update: 'true',
      dataOrientation: 'GENOTYPE_GERMPLASM_BY_MARKER',
      datasetStateId: '1',
    });
    expect(uploadQuery({ type: 'trial', update: true, datasetStateId: 2, datasetId: 5 })).toEqual({
      type: 'trial',
      update: 'false',
      dataOrientation: 'GENOTYPE_GERMPLASM_BY_MARKER',
      datasetStateId: '2',
    });
    expect(uploadQuery({ type: 'shapefile', update: false, datasetStateId: 1, datasetId: 7 }).datasetId).toBe('7');
  });

  it('needs a target dataset before a shapefile can go', () => {
    expect(optionsReady({ type: 'shapefile', update: false, datasetStateId: 1, datasetId: null })).toBe(false);
    expect(optionsReady({ type: 'shapefile', update: false, datasetStateId: 1, datasetId: 3 })).toBe(true);
    expect(optionsReady({ type: 'trial', update: false, datasetStateId: 1, datasetId: null })).toBe(true);
  });
});
