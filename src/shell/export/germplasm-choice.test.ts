import { describe, expect, it } from 'vitest';
import { germplasmChoice, type GermplasmSelection } from './germplasm-choice.js';

describe('germplasm choice of an export page', () => {
  it('asks for all germplasm, the marked ones, groups or the listed ones — never for all when the choice is empty', () => {
    const all: GermplasmSelection = { germplasm: 'all', groups: [], names: [] };
    expect(germplasmChoice(all, [5], null)).toEqual({ ok: true, yIds: null, yGroupIds: null });
    expect(germplasmChoice({ ...all, germplasm: 'marked' }, [5, 6], null)).toEqual({ ok: true, yIds: [5, 6], yGroupIds: null });
    expect(germplasmChoice({ ...all, germplasm: 'marked' }, [], null)).toEqual({ ok: false, reason: 'noMarked' });
    expect(germplasmChoice({ ...all, germplasm: 'groups', groups: [3] }, [5], null)).toEqual({ ok: true, yIds: null, yGroupIds: [3] });
    expect(germplasmChoice({ ...all, germplasm: 'groups' }, [5], null)).toEqual({ ok: false, reason: 'noGroups' });
    const list: GermplasmSelection = { ...all, germplasm: 'list', names: ['Heris'] };
    expect(germplasmChoice({ ...list, names: [] }, [], [1])).toEqual({ ok: false, reason: 'noNames' });
    expect(germplasmChoice(list, [], null)).toEqual({ ok: false, reason: 'finding' });
    expect(germplasmChoice(list, [], [])).toEqual({ ok: false, reason: 'noMatches' });
    expect(germplasmChoice(list, [9], [41])).toEqual({ ok: true, yIds: [41], yGroupIds: null });
  });
});
