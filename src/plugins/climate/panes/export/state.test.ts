import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTranslator, type Messages } from '../../../../core/i18n.js';
import { countProblem, DEFAULT_STATE, locationChoice, MATRIX_MAX, MATRIX_MIN, readState, subsetRequest, writeState } from './state.js';

describe('the climate export page’s state', () => {
  it('reads back what it wrote, and defaults what does not fit', () => {
    const state = { ...DEFAULT_STATE, climates: [3, 1], locations: 'groups' as const, groups: [7], tab: 'matrix' as const };
    const pane = writeState({ other: 1 }, state);
    expect(pane).toEqual({ other: 1, climate: { climates: [3, 1], locations: 'groups', groups: [7], tab: 'matrix' } });
    expect(readState(pane)).toEqual(state);
    expect(readState({ climate: { climates: [1, 'x', -2, 1], locations: 'nowhere', tab: 7 } })).toEqual({ ...DEFAULT_STATE, climates: [1] });
    expect(writeState({ climate: { tab: 'table' } }, DEFAULT_STATE)).toEqual({});
  });

  it('selects locations by marks or groups, and says why a choice selects none', () => {
    expect(locationChoice({ locations: 'all', groups: [] }, [4])).toEqual({ ok: true, yIds: null, yGroupIds: null });
    expect(locationChoice({ locations: 'marked', groups: [] }, [4, 5])).toEqual({ ok: true, yIds: [4, 5], yGroupIds: null });
    expect(locationChoice({ locations: 'marked', groups: [] }, [])).toEqual({ ok: false, reason: 'noMarked' });
    expect(locationChoice({ locations: 'groups', groups: [] }, [])).toEqual({ ok: false, reason: 'noGroups' });
    expect(subsetRequest([2], [], { yIds: null, yGroupIds: [9] })).toEqual({ datasetIds: [2], xIds: null, xGroupIds: null, yIds: null, yGroupIds: [9] });
  });

  it('keeps the spec’s limits on the number of climates', () => {
    expect(countProblem(1, 2, 10)).toEqual({ key: 'climate.export.atLeast', n: 2 });
    expect(countProblem(11, 2, 10)).toEqual({ key: 'climate.export.atMost', n: 10 });
    expect(countProblem(2, 2, 10)).toBeNull();
    expect(countProblem(0, 1)).toEqual({ key: 'climate.export.atLeast', n: 1 });
  });
});

const messages = (locale: string) => JSON.parse(readFileSync(new URL(`../../../../../locales/${locale}.json`, import.meta.url), 'utf8')) as Messages;

describe('the climate export’s count messages', () => {
  it('say the spec’s words, in English and German', () => {
    const say = (locale: 'en_GB' | 'de_DE', count: number, min: number, max?: number) => {
      const { t } = createTranslator(locale, messages(locale), { strict: true });
      const problem = countProblem(count, min, max);
      return problem ? t(problem.key, { count: problem.n }) : null;
    };
    expect(say('en_GB', 1, MATRIX_MIN, MATRIX_MAX)).toBe('Please select at least 2 items.');
    expect(say('en_GB', 11, MATRIX_MIN, MATRIX_MAX)).toBe('Please select at most 10 items.');
    expect(say('en_GB', 0, 1)).toBe('Please select at least 1 item.');
    expect(say('de_DE', 1, MATRIX_MIN, MATRIX_MAX)).toBe('Bitte wählen Sie mindestens 2 Einträge aus.');
    expect(say('de_DE', 11, MATRIX_MIN, MATRIX_MAX)).toBe('Bitte wählen Sie höchstens 10 Einträge aus.');
  });
});
