import { describe, expect, it } from 'vitest';
import { acceptedLicence, ANONYMOUS_USER_ID, unacceptedLicenceIds } from './accepted.js';
import { bodyOf, emptyForm, formOf, nameProblem, readDefinitions } from './admin-form.js';
import { contentFor, readLicence } from './licence-text.js';

describe('acceptedLicence', () => {
  it('counts a row without a licence as accepted', () => {
    expect(acceptedLicence({ licenseId: null, acceptedBy: [] }, null)).toBe(true);
    expect(acceptedLicence({}, 5)).toBe(true);
  });
  it('looks for the user id, or -1000 for an anonymous caller', () => {
    expect(acceptedLicence({ licenseId: 3, acceptedBy: [5] }, 5)).toBe(true);
    expect(acceptedLicence({ licenseId: 3, acceptedBy: [5] }, 6)).toBe(false);
    expect(acceptedLicence({ licenseId: 3, acceptedBy: [ANONYMOUS_USER_ID] }, null)).toBe(true);
    expect(acceptedLicence({ licenseId: 3, acceptedBy: [ANONYMOUS_USER_ID] }, 5)).toBe(false);
    expect(acceptedLicence({ licenseId: 3, acceptedBy: [] }, undefined)).toBe(false);
    expect(acceptedLicence({ licenseId: 3, acceptedBy: null }, 5)).toBe(false);
  });
  it('lists the licences still to accept, once each', () => {
    const rows = [{ licenseId: 4, acceptedBy: [] }, { licenseId: 2, acceptedBy: [] }, { licenseId: 4, acceptedBy: [] }, { licenseId: 1, acceptedBy: [9] }, { licenseId: null }];
    expect(unacceptedLicenceIds(rows, 9)).toEqual([2, 4]);
  });
});

describe('reading a licence', () => {
  const rows = [
    { licenseId: 7, licenseName: 'CC BY', licenseDescription: 'Attribution', licenseContent: { en_GB: '<p>en</p>', de_DE: '<p>de</p>', fr_FR: 5 }, datasetId: 1, acceptedBy: [] },
    { licenseId: 7, licenseName: 'CC BY', licenseContent: {}, datasetId: 2, acceptedBy: [3] },
  ];
  it('takes the first row and any row\'s acceptance; ignores text that is not a string', () => {
    expect(readLicence(rows, 3)).toEqual({ licenseId: 7, licenseName: 'CC BY', licenseDescription: 'Attribution', content: { en_GB: '<p>en</p>', de_DE: '<p>de</p>' }, accepted: true });
    expect(readLicence(rows, 4)?.accepted).toBe(false);
    expect(readLicence([], 4)).toBeNull();
  });
  it('shows the reader\'s locale, else British English, else any', () => {
    expect(contentFor({ content: { en_GB: 'en', de_DE: 'de' } }, 'de_DE')).toBe('de');
    expect(contentFor({ content: { en_GB: 'en', de_DE: 'de' } }, 'fr_FR')).toBe('en');
    expect(contentFor({ content: { fr_FR: 'fr' } }, 'de_DE')).toBe('fr');
    expect(contentFor({ content: {} }, 'de_DE')).toBeNull();
  });
});

describe('the licence form', () => {
  it('needs a name of at most 255 characters', () => {
    expect(nameProblem({ ...emptyForm(), name: '  ' })).toBe('datasets.licence.form.nameRequired');
    expect(nameProblem({ ...emptyForm(), name: 'x'.repeat(256) })).toBe('datasets.licence.form.nameTooLong');
    expect(nameProblem({ ...emptyForm(), name: 'CC BY' })).toBeNull();
  });
  it('sends a new licence without an id, empty texts as null, and keeps an existing one\'s other locales', () => {
    expect(bodyOf({ ...emptyForm(), name: ' CC BY ', content: { en_GB: '<p>x</p>', de_DE: ' ' } })).toEqual({
      licenseName: 'CC BY',
      licenseDescription: null,
      licenseData: { en_GB: '<p>x</p>', de_DE: null },
    });
    const form = formOf({ licenseId: 3, licenseName: 'L', licenseDescription: 'D', licenseData: { fr_FR: 'fr', en_GB: null } });
    expect(form.content).toEqual({ en_GB: '', de_DE: '', fr_FR: 'fr' });
    expect(bodyOf(form)).toEqual({ licenseId: 3, licenseName: 'L', licenseDescription: 'D', licenseData: { en_GB: null, de_DE: null, fr_FR: 'fr' } });
  });
  it('reads only licences from GET license', () => {
    expect(readDefinitions([{ licenseId: 1, licenseName: 'A', licenseData: {} }, { licenseId: 'x' }, null])).toHaveLength(1);
    expect(readDefinitions({})).toEqual([]);
  });
});
