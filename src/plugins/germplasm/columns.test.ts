import { describe, expect, it } from 'vitest';
import { DEFAULT_HIDDEN, germplasmTitle, hiddenColumns } from './columns.js';

describe('germplasm columns', () => {
  it('titles a germplasm as name / display name / number, skipping empty and repeated parts', () => {
    expect(germplasmTitle({ germplasmName: 'A', germplasmDisplayName: 'B', germplasmNumber: 'C' })).toBe('A / B / C');
    expect(germplasmTitle({ germplasmName: 'A', germplasmDisplayName: 'A', germplasmNumber: null })).toBe('A');
  });

  it('prefers the user’s hidden columns over the server’s, then ours', () => {
    expect(hiddenColumns(['genus'], ['species'])).toEqual(['genus']);
    expect(hiddenColumns(undefined, ['species'])).toEqual(['species']);
    expect(hiddenColumns(undefined, undefined)).toEqual([...DEFAULT_HIDDEN]);
  });
});
