import { describe, expect, it } from 'vitest';
import { acceptsFile, isTemplateType, optionsReady, TEMPLATE_TYPES, TEMPLATES, uploadQuery } from './templates.js';

describe('upload templates', () => {
  it('lists the templates in Germinate\'s datatype names', () => {
    expect(TEMPLATE_TYPES).toEqual(['mcpd', 'pedigree', 'groups', 'trial', 'genotype', 'allelefreq', 'climate', 'images', 'shapefile', 'geotiff']);
    expect(isTemplateType('trial')).toBe(true);
    expect(isTemplateType('genotype')).toBe(true);
    expect(isTemplateType('allelefreq')).toBe(true);
    expect(isTemplateType('allelefrequency')).toBe(false);
    expect(isTemplateType(undefined)).toBe(false);
  });

  it('takes genotypes in each of their formats, with a blank template and a dataset state', () => {
    for (const name of ['calls.xlsx', 'calls.txt', 'calls.tsv', 'calls.dat', 'panel.hapmap', 'panel.HMP.TXT', 'variants.vcf', 'map.map']) {
      expect(acceptsFile('genotype', name), name).toBe(true);
    }
    expect(acceptsFile('genotype', 'variants.vcf.gz')).toBe(false);
    expect(acceptsFile('genotype', 'calls.csv')).toBe(false);
    expect(TEMPLATES.genotype).toMatchObject({ blank: true, datasetState: true, updateMode: false, targetDataset: false, orientation: true });
    expect(TEMPLATE_TYPES.filter((type) => TEMPLATES[type].orientation)).toEqual(['genotype']);
  });

  it('takes allele frequencies as text or as the genotype workbook, with a dataset state and no orientation', () => {
    for (const name of ['freq.txt', 'freq.TSV', 'freq.xlsx']) expect(acceptsFile('allelefreq', name), name).toBe(true);
    for (const name of ['freq.csv', 'freq.vcf', 'freq.hapmap']) expect(acceptsFile('allelefreq', name), name).toBe(false);
    expect(TEMPLATES.allelefreq).toMatchObject({ blank: true, datasetState: true, updateMode: false, targetDataset: false, orientation: false });
    expect(uploadQuery({ type: 'allelefreq', update: true, datasetStateId: 2, datasetId: null }).datasetStateId).toBe('2');
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

  it('sends the chosen orientation of a genotype upload, germplasm × marker unless chosen otherwise, and never another type\'s', () => {
    expect(uploadQuery({ type: 'genotype', update: false, datasetStateId: 3, datasetId: null })).toEqual({
      type: 'genotype',
      update: 'false',
      dataOrientation: 'GENOTYPE_GERMPLASM_BY_MARKER',
      datasetStateId: '3',
    });
    expect(uploadQuery({ type: 'genotype', update: false, datasetStateId: 1, datasetId: null, dataOrientation: 'GENOTYPE_MARKER_BY_GERMPLASM' }).dataOrientation).toBe(
      'GENOTYPE_MARKER_BY_GERMPLASM',
    );
    expect(uploadQuery({ type: 'trial', update: false, datasetStateId: 1, datasetId: null, dataOrientation: 'GENOTYPE_MARKER_BY_GERMPLASM' }).dataOrientation).toBe(
      'GENOTYPE_GERMPLASM_BY_MARKER',
    );
  });

  it('asks to create unknown germplasm only when ticked, and only for genotypes and allele frequencies', () => {
    const base = { update: false, datasetStateId: 1, datasetId: null };
    expect(uploadQuery({ type: 'genotype', ...base, createGermplasm: true }).createGermplasm).toBe('true');
    expect(uploadQuery({ type: 'allelefreq', ...base, createGermplasm: true }).createGermplasm).toBe('true');
    expect(uploadQuery({ type: 'genotype', ...base, createGermplasm: false })).not.toHaveProperty('createGermplasm');
    expect(uploadQuery({ type: 'trial', ...base, createGermplasm: true })).not.toHaveProperty('createGermplasm');
  });

  it('needs a target dataset before a shapefile can go', () => {
    expect(optionsReady({ type: 'shapefile', update: false, datasetStateId: 1, datasetId: null })).toBe(false);
    expect(optionsReady({ type: 'shapefile', update: false, datasetStateId: 1, datasetId: 3 })).toBe(true);
    expect(optionsReady({ type: 'trial', update: false, datasetStateId: 1, datasetId: null })).toBe(true);
  });
});
