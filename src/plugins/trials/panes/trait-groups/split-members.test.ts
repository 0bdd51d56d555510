import { describe, expect, it } from 'vitest';
import { splitMembers } from './split-members.js';

describe('a trait group against the traits of datasets', () => {
  it('splits members into those with data, in the list\'s order, and the others', () => {
    expect(splitMembers([9, 2, 40, 2, 41], [1, 2, 3, 9])).toEqual({ inData: [2, 9], missing: [40, 41] });
    expect(splitMembers([], [1, 2])).toEqual({ inData: [], missing: [] });
  });
});
