import { describe, expect, it } from 'vitest';
import { checkListFile, classify, entryMatcher, MAX_LIST_FILE_BYTES, parseEntries, requestFilters } from './list-match.js';

describe('germplasm from a list', () => {
  it('parses one entry per line, trimmed, without blanks or repeats', () => {
    expect(parseEntries(' A1 \r\n\nb2\nA1\na1\r%x%\n')).toEqual(['A1', 'b2', '%x%']);
  });

  it('matches whole values ignoring case, % as any run of characters', () => {
    expect(entryMatcher('barke')('Barke')).toBe(true);
    expect(entryMatcher('barke')('Barke 2')).toBe(false);
    expect(entryMatcher('BAR%')('Barke')).toBe(true);
    expect(entryMatcher('%rk%')('Barke')).toBe(true);
    expect(entryMatcher('a.c%')('abcd')).toBe(false);
  });

  it('fetches exact entries in inSet batches and each wildcard on its own', () => {
    const groups = requestFilters(['a', 'b', 'c', 'd%'], 2);
    expect(groups).toHaveLength(3);
    // Five columns and the synonyms.
    expect(groups[0]).toHaveLength(6);
    expect(groups[0][5]).toEqual({ column: 'synonyms', comparator: 'arrayContains', operator: 'or', values: ['a', 'b'] });
    expect(groups[0][0]).toEqual({ column: 'germplasmName', comparator: 'inSet', operator: 'or', values: ['a', 'b'] });
    expect(groups[2].every((f) => f.comparator === 'contains' && f.values?.[0] === 'd%' && f.operator === 'or')).toBe(true);
  });

  it('looks synonyms with characters beyond the array token up on their own, and PUIDs among the columns', () => {
    const groups = requestFilters(['PI 557821', 'x1']);
    expect(groups).toHaveLength(2);
    expect(groups[0].find((f) => f.column === 'germplasmPuid')?.values).toEqual(['PI 557821', 'x1']);
    expect(groups[0].find((f) => f.column === 'synonyms')?.values).toEqual(['x1']);
    expect(groups[1]).toEqual([{ column: 'synonyms', comparator: 'contains', operator: 'or', values: ['PI 557821'] }]);
  });

  it('matches by PUID and by synonym', () => {
    const rows = [
      { germplasmId: 1, germplasmName: 'Barke', germplasmPuid: 'doi:10.18730/ABC' },
      { germplasmId: 2, germplasmName: 'Bowman', synonyms: ['PI 557821', 'CIho 15'] },
      { germplasmId: 3, germplasmName: 'Other', synonyms: ['PI 557821 B'] },
    ];
    const result = classify(['DOI:10.18730/abc', 'pi 557821', 'CIho%'], rows);
    expect(result.matches.map((r) => r.germplasmId)).toEqual([1, 2]);
    expect(result.missing).toEqual([]);
    expect(result.ambiguous).toEqual([]);
  });

  it('classifies entries into matches, misses and ambiguous ones', () => {
    const rows = [
      { germplasmId: 1, germplasmName: 'Barke', germplasmGid: 'ACC-1' },
      { germplasmId: 2, germplasmName: 'Bowman', germplasmGid: 'ACC-2' },
      { germplasmId: 3, germplasmName: 'Golden Promise', germplasmGid: 'ACC-3', germplasmNumber: 'gp' },
      { germplasmId: 2, germplasmName: 'Bowman', germplasmGid: 'ACC-2' },
    ];
    const result = classify(['acc-1', 'B%', 'GP', 'nothing'], rows);
    expect(result.matches.map((r) => r.germplasmId)).toEqual([1, 2, 3]);
    expect(result.missing).toEqual(['nothing']);
    expect(result.ambiguous).toEqual([{ entry: 'B%', count: 2 }]);
  });

  it('accepts only .txt files that are not too large', () => {
    expect(checkListFile('list.TXT', 10)).toEqual({ ok: true });
    expect(checkListFile('list.csv', 10)).toEqual({ ok: false, reason: 'wrong-type' });
    expect(checkListFile('list.txt', MAX_LIST_FILE_BYTES + 1)).toEqual({ ok: false, reason: 'too-large' });
  });
});
