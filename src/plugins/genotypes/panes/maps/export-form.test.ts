import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, exportFileName, mapExportRequest, readExportForm, type MapExportForm } from './export-form.js';

const form = (patch: Partial<MapExportForm>): MapExportForm => ({ ...EMPTY_FORM, ...patch });
const m = (id: number, name = `m${id}`) => ({ id, name });

describe('map export form', () => {
  it('exports the whole map in the chosen format', () => {
    expect(mapExportRequest(form({ format: 'mapchart' }))).toEqual({ body: { format: 'mapchart' } });
  });

  it('sends the chosen chromosomes, and nothing without one', () => {
    expect(mapExportRequest(form({ method: 'chromosomes', chromosomes: ['1', '3'] }))).toEqual({ body: { format: 'flapjack', method: 'chromosomes', chromosomes: ['1', '3'] } });
    expect(mapExportRequest(form({ method: 'chromosomes', chromosomes: [] }))).toEqual({ problem: 'genotypes.export.problem.noChromosome' });
  });

  it('sends regions as numbers, ignores wholly empty rows, and refuses partial or reversed ones', () => {
    const regions = [
      { chromosome: '1', start: '10', end: '200.5' },
      { chromosome: '', start: '', end: '' },
      { chromosome: '2', start: '0', end: '0' },
    ];
    expect(mapExportRequest(form({ method: 'regions', format: 'strudel', regions }))).toEqual({
      body: { format: 'strudel', method: 'regions', regions: [{ chromosome: '1', start: 10, end: 200.5 }, { chromosome: '2', start: 0, end: 0 }] },
    });
    expect(mapExportRequest(form({ method: 'regions', regions: [{ chromosome: '', start: '', end: '' }] }))).toEqual({ problem: 'genotypes.export.problem.noRegion' });
    expect(mapExportRequest(form({ method: 'regions', regions: [{ chromosome: '1', start: '10', end: '' }] }))).toEqual({ problem: 'genotypes.export.problem.regionIncomplete' });
    expect(mapExportRequest(form({ method: 'regions', regions: [{ chromosome: '', start: '1', end: '2' }] }))).toEqual({ problem: 'genotypes.export.problem.regionIncomplete' });
    expect(mapExportRequest(form({ method: 'regions', regions: [{ chromosome: '1', start: 'abc', end: '2' }] }))).toEqual({ problem: 'genotypes.export.problem.regionIncomplete' });
    expect(mapExportRequest(form({ method: 'regions', regions: [{ chromosome: '1', start: '5', end: '2' }] }))).toEqual({ problem: 'genotypes.export.problem.regionOrder' });
  });

  it('sends the two interval markers by id, and nothing until both are chosen', () => {
    expect(mapExportRequest(form({ method: 'markerIdInterval', interval: [m(7), m(3)] }))).toEqual({ body: { format: 'flapjack', method: 'markerIdInterval', markerIdInterval: [7, 3] } });
    expect(mapExportRequest(form({ method: 'markerIdInterval', interval: [m(7), null] }))).toEqual({ problem: 'genotypes.export.problem.twoMarkers' });
    expect(mapExportRequest(form({ method: 'markerIdInterval', interval: [null, m(3)] }))).toEqual({ problem: 'genotypes.export.problem.twoMarkers' });
  });

  it('sends a radius around a marker with distances of zero or more, and nothing otherwise', () => {
    expect(mapExportRequest(form({ method: 'radius', radius: { marker: m(4), left: '0', right: '12.5' } }))).toEqual({
      body: { format: 'flapjack', method: 'radius', radius: { markerId: 4, left: 0, right: 12.5 } },
    });
    expect(mapExportRequest(form({ method: 'radius', radius: { marker: null, left: '1', right: '1' } }))).toEqual({ problem: 'genotypes.export.problem.radiusMarker' });
    expect(mapExportRequest(form({ method: 'radius', radius: { marker: m(4), left: '', right: '1' } }))).toEqual({ problem: 'genotypes.export.problem.radiusDistances' });
    expect(mapExportRequest(form({ method: 'radius', radius: { marker: m(4), left: '-1', right: '1' } }))).toEqual({ problem: 'genotypes.export.problem.radiusDistances' });
  });

  it('reads the form back from a link, falling back to defaults for anything malformed', () => {
    expect(readExportForm(undefined)).toEqual(EMPTY_FORM);
    expect(readExportForm({ format: 'gif', method: 'everything', chromosomes: 'x', regions: [], interval: 'no', radius: 7 })).toEqual(EMPTY_FORM);
    const read = readExportForm({ format: 'strudel', method: 'radius', chromosomes: ['1', 2], interval: [{ id: 3, name: 'm3' }, { id: -1 }], radius: { marker: { id: 9 }, left: 5, right: '2' } });
    expect(read).toMatchObject({ format: 'strudel', method: 'radius', chromosomes: ['1'], interval: [{ id: 3, name: 'm3' }, null], radius: { marker: { id: 9, name: '9' }, left: '5', right: '2' } });
  });

  it('names the file by map and format', () => {
    expect(exportFileName(3, 'flapjack')).toBe('map-3.map');
    expect(exportFileName(3, 'strudel')).toBe('map-3.strudel');
    expect(exportFileName(3, 'mapchart')).toBe('map-3.txt');
  });
});
