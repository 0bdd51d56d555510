import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkTerm, MAX_TERM_LENGTH, searchFilters, spellingVariants } from './term.js';
import { SECTIONS, SEARCH_TYPES } from './sections.js';
import { openSection, storedTableState, tableStateOf } from './state.js';

describe('search term rules', () => {
  it('refuses one character, only the wildcard, and overlong text, and trims what it accepts', () => {
    expect(checkTerm('a')).toEqual({ ok: false, problem: 'tooShort' });
    expect(checkTerm('  ')).toEqual({ ok: false, problem: 'tooShort' });
    expect(checkTerm('a%')).toEqual({ ok: false, problem: 'tooShort' });
    expect(checkTerm('%')).toEqual({ ok: false, problem: 'onlyWildcard' });
    expect(checkTerm('% %%')).toEqual({ ok: false, problem: 'onlyWildcard' });
    expect(checkTerm('x'.repeat(10_000))).toEqual({ ok: false, problem: 'tooLong' });
    expect(checkTerm('x'.repeat(MAX_TERM_LENGTH))).toEqual({ ok: true, term: 'x'.repeat(MAX_TERM_LENGTH) });
    expect(checkTerm('  ba  ')).toEqual({ ok: true, term: 'ba' });
    expect(checkTerm('PI%821')).toEqual({ ok: true, term: 'PI%821' });
  });
});

describe('genebank number spellings', () => {
  it('searches a number with and without the space whichever way it was typed', () => {
    expect(spellingVariants('PI 557821')).toEqual(['PI 557821', 'PI557821']);
    expect(spellingVariants('PI557821')).toEqual(['PI557821', 'PI 557821']);
    expect(spellingVariants('PI   557821')).toEqual(['PI   557821', 'PI 557821', 'PI557821']);
    expect(spellingVariants('CGN-12345')).toEqual(['CGN-12345', 'CGN 12345', 'CGN12345']);
    expect(spellingVariants(' pi557821 ')).toEqual(['pi557821', 'pi 557821']);
  });

  it('leaves other terms as they are', () => {
    expect(spellingVariants('Barke')).toEqual(['Barke']);
    expect(spellingVariants('557821')).toEqual(['557821']);
    expect(spellingVariants('PI%557821')).toEqual(['PI%557821']);
    expect(spellingVariants('Golden Promise 2')).toEqual(['Golden Promise 2']);
  });

  it('sends every spelling on the name columns only, joined by or, the last filter by and', () => {
    const filters = searchFilters('PI557821', ['germplasmName', 'traitName'], ['germplasmName']);
    expect(filters).toEqual([
      { column: 'germplasmName', comparator: 'contains', operator: 'or', values: ['PI557821'] },
      { column: 'germplasmName', comparator: 'contains', operator: 'or', values: ['PI 557821'] },
      { column: 'traitName', comparator: 'contains', operator: 'and', values: ['PI557821'] },
    ]);
  });
});

describe('search sections', () => {
  it("are Germinate's eight tables after 'all data', each with columns it searches and a title in both languages", () => {
    expect(SEARCH_TYPES).toEqual(['all', 'germplasm', 'germplasmAttributes', 'trials', 'mapDefinitions', 'datasets', 'datasetAttributes', 'pedigree', 'locations']);
    const en = JSON.parse(fs.readFileSync('locales/en_GB.json', 'utf8')) as Record<string, string>;
    const de = JSON.parse(fs.readFileSync('locales/de_DE.json', 'utf8')) as Record<string, string>;
    const keys = ['search.section.all', ...SECTIONS.flatMap((s) => [s.titleKey, ...s.declaration.columns.map((c) => c.titleKey)])];
    for (const key of keys) {
      expect(en[key], key).toBeTruthy();
      expect(de[key], key).toBeTruthy();
    }
    for (const section of SECTIONS) {
      expect(section.searchColumns.length, section.id).toBeGreaterThan(0);
      for (const column of section.variantColumns) expect(section.searchColumns, section.id).toContain(column);
    }
  });

  it("keeps the search's own filters out of the stored table state, and an emptied filter list in it", () => {
    const seeded = searchFilters('barke', ['germplasmName']);
    expect(tableStateOf(undefined, seeded)).toEqual({ filters: seeded });
    expect(storedTableState({ filters: seeded, page: 2 }, seeded)).toEqual({ page: 2 });
    expect(storedTableState({ page: 2 }, seeded)).toEqual({ page: 2, filters: [] });
    expect(tableStateOf({ page: 2, filters: [] }, seeded)).toEqual({ page: 2, filters: [] });
  });

  it('opens the chosen section while it has rows, else the first with rows, or none when closed', () => {
    const ids = ['germplasm', 'datasets', 'locations'];
    expect(openSection(null, ids, { germplasm: 0, datasets: 3, locations: 1 })).toBe('datasets');
    expect(openSection('locations', ids, { germplasm: 0, datasets: 3, locations: 1 })).toBe('locations');
    expect(openSection('germplasm', ids, { germplasm: 0, datasets: 3 })).toBe('datasets');
    expect(openSection('', ids, { germplasm: 5 })).toBeNull();
    expect(openSection(null, ids, {})).toBeNull();
  });
});
