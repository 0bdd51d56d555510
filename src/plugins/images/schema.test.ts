import { describe, expect, it } from 'vitest';
import { exifFacts, normaliseTags } from './schema.js';
import { readImagesState, stateFilters } from './columns.js';

describe('images schema', () => {
  it('stores tags trimmed, lower-cased, once each, without blanks', () => {
    expect(normaliseTags([' Ear ', 'ear', '', 'Field Day'])).toEqual(['ear', 'field day']);
  });

  it('shows the EXIF facts a photographer reads, leaving out what the image lacks', () => {
    const facts = exifFacts({ cameraMake: 'Canon', cameraModel: 'Canon EOS 80D', fNumber: '5.6', exposureTime: '0.004', focalLength: '50', isoSpeedRatings: '200', gpsLatitude: 56.45, gpsLongitude: -3.07, dateTimeOriginal: '2023-06-01T10:20:30' });
    expect(Object.fromEntries(facts)).toEqual({
      camera: 'Canon EOS 80D',
      focalLength: '50 mm',
      fNumber: 'f/5.6',
      exposureTime: '1/250 s',
      isoSpeedRatings: '200',
      location: '56.45000, -3.07000',
      dateTime: '2023-06-01 10:20:30',
    });
    expect(exifFacts(null)).toEqual([]);
  });

  it('reads the pane state defensively and turns it into the table filters', () => {
    const state = readImagesState({ view: 'table', ref: 'phenotypes', tags: [3, 'x', -1], page: 0, cursor: 2.5, viewer: 'yes', dialog: 'nothing' });
    expect(state).toEqual({ view: 'table', ref: 'phenotypes', tags: [3], page: 1, cursor: 0, viewer: undefined, dialog: undefined });
    expect(stateFilters(state)).toEqual([
      { column: 'imageRefTable', comparator: 'equals', operator: 'and', values: ['phenotypes'] },
      { column: 'tags', comparator: 'arrayContains', operator: 'and', values: ['3'] },
    ]);
  });
});
