import { describe, expect, it } from 'vitest';
import type { TableRequest } from '../../core/api-client.js';
import { matchNames, MAX_LIST_NAMES, nameFilter, nameList, NAME_BATCH, namesFromText, resolveNames } from './names.js';

describe('germplasm names of a pasted list', () => {
  it('takes pasted names one per line or cell, each once, up to the limit', () => {
    expect(namesFromText('Heris\r\nDialog\n\n  heris \tGolden Promise\n')).toEqual(['Heris', 'Dialog', 'Golden Promise']);
    const many = Array.from({ length: MAX_LIST_NAMES + 5 }, (_, i) => `G${i}`).join('\n');
    expect(namesFromText(many)).toHaveLength(MAX_LIST_NAMES);
    // What a hand-edited address holds: anything that is not a name is left out.
    expect(nameList(['  Heris ', 'heris', '', 'Dialog', 5, null])).toEqual(['Heris', 'Dialog']);
  });

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
