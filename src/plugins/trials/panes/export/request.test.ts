import { describe, expect, it } from 'vitest';
import type { TableRequest } from '../../../../core/api-client.js';
import { matchNames, nameFilter, NAME_BATCH, resolveNames } from './names.js';
import { downloadName, germplasmChoice, subsetRequest } from './request.js';
import { DEFAULT_STATE } from './state.js';

describe('trials export request', () => {
  it('asks for all germplasm, the marked ones, groups or the listed ones — never for all when the choice is empty', () => {
    expect(germplasmChoice(DEFAULT_STATE, [5], null)).toEqual({ ok: true, yIds: null, yGroupIds: null });
    expect(germplasmChoice({ ...DEFAULT_STATE, germplasm: 'marked' }, [5, 6], null)).toEqual({ ok: true, yIds: [5, 6], yGroupIds: null });
    expect(germplasmChoice({ ...DEFAULT_STATE, germplasm: 'marked' }, [], null)).toEqual({ ok: false, reason: 'noMarked' });
    expect(germplasmChoice({ ...DEFAULT_STATE, germplasm: 'groups', groups: [3] }, [5], null)).toEqual({ ok: true, yIds: null, yGroupIds: [3] });
    expect(germplasmChoice({ ...DEFAULT_STATE, germplasm: 'groups' }, [5], null)).toEqual({ ok: false, reason: 'noGroups' });
    const list = { ...DEFAULT_STATE, germplasm: 'list' as const, names: ['Heris'] };
    expect(germplasmChoice({ ...list, names: [] }, [], [1])).toEqual({ ok: false, reason: 'noNames' });
    expect(germplasmChoice(list, [], null)).toEqual({ ok: false, reason: 'finding' });
    expect(germplasmChoice(list, [], [])).toEqual({ ok: false, reason: 'noMatches' });
    expect(germplasmChoice(list, [9], [41])).toEqual({ ok: true, yIds: [41], yGroupIds: null });
  });

  it('builds Germinate’s subsetted dataset request', () => {
    expect(subsetRequest([2, 3], [4, 1], { yIds: null, yGroupIds: [7] })).toEqual({ datasetIds: [2, 3], xIds: [4, 1], xGroupIds: null, yIds: null, yGroupIds: [7] });
    expect(subsetRequest([2], [], { yIds: [5], yGroupIds: null }).xIds).toBeNull();
  });

  it('names the downloads as Germinate’s page does', () => {
    expect(downloadName([2, 3], 'tab')).toBe('trials-dataset-2-3.txt');
    expect(downloadName([2], 'xlsx')).toBe('trials-dataset-2.xlsx');
  });
});

describe('germplasm names of a pasted list', () => {
  it('sends a lone name twice, so that a comma in it is not read as a list', () => {
    expect(nameFilter(['Smith, 1990'])).toEqual([{ column: 'germplasmName', comparator: 'inSet', operator: 'and', values: ['Smith, 1990', 'Smith, 1990'] }]);
    expect(nameFilter(['a', 'b'])[0].values).toEqual(['a', 'b']);
  });

  it('matches names ignoring case and lists the ones found nowhere', () => {
    const rows = [
      { germplasmId: 1, germplasmName: 'Heris' },
      { germplasmId: 2, germplasmName: 'Dialog' },
      { germplasmId: 3, germplasmName: 'dialog' },
      { germplasmId: 4, germplasmName: null },
    ];
    expect(matchNames(['heris', 'Dialog', 'Nope', 'Also missing'], rows)).toEqual({ ids: [1, 2, 3], missing: ['Nope', 'Also missing'] });
  });

  it('looks long lists up in batches', async () => {
    const names = Array.from({ length: NAME_BATCH + 3 }, (_, i) => `G${i}`);
    const calls: unknown[][] = [];
    const api = {
      table: async <T>(path: string, request: TableRequest) => {
        const values = (request.filter?.[0]?.values ?? []) as string[];
        calls.push([path, values.length]);
        // Every name but G5 exists, with id = its number + 100.
        const data = values.filter((v) => v !== 'G5').map((v) => ({ germplasmId: Number(v.slice(1)) + 100, germplasmName: v }));
        return { data: data as T[], count: data.length };
      },
    };
    const match = await resolveNames(api, names);
    expect(calls).toEqual([
      ['germplasm/table', NAME_BATCH],
      ['germplasm/table', 3],
    ]);
    expect(match.missing).toEqual(['G5']);
    expect(match.ids).toHaveLength(NAME_BATCH + 2);
    expect(match.ids[0]).toBe(100);
  });
});
