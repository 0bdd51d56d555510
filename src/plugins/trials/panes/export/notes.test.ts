import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTranslator, type Messages } from '../../../../core/i18n.js';
import { traitCountMessage } from './notes.js';
import { MATRIX_MAX, MATRIX_MIN } from './state.js';

const messages = (locale: string) => JSON.parse(readFileSync(new URL(`../../../../../locales/${locale}.json`, import.meta.url), 'utf8')) as Messages;

describe('trials export trait counts', () => {
  it('says the spec’s messages exactly, in English and German', () => {
    const { t } = createTranslator('en_GB', messages('en_GB'), { strict: true });
    expect(traitCountMessage(t, 1, MATRIX_MIN, MATRIX_MAX)).toBe('Please select at least 2 traits.');
    expect(traitCountMessage(t, 8, MATRIX_MIN, MATRIX_MAX)).toBe('Please select at most 7 traits.');
    expect(traitCountMessage(t, 2, MATRIX_MIN, MATRIX_MAX)).toBeNull();
    expect(traitCountMessage(t, 7, MATRIX_MIN, MATRIX_MAX)).toBeNull();
    expect(traitCountMessage(t, 0, 1)).toBe('Please select at least 1 trait.');
    expect(traitCountMessage(t, 50, 1)).toBeNull();
    const german = createTranslator('de_DE', messages('de_DE'), { strict: true });
    expect(traitCountMessage(german.t, 1, MATRIX_MIN, MATRIX_MAX)).toBe('Bitte wählen Sie mindestens 2 Merkmale aus.');
    expect(traitCountMessage(german.t, 9, MATRIX_MIN, MATRIX_MAX)).toBe('Bitte wählen Sie höchstens 7 Merkmale aus.');
  });
});
