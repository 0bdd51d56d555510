import { describe, expect, it } from 'vitest';
import {
  groupBody,
  groupFormProblem,
  groupOptionValues,
  MAX_GROUP_NAME,
  memberFilter,
  readGroupFilter,
  splitMembers,
  traitGroupsRequest,
  traitGroupTypeId,
  withGroupFilter,
} from './requests.js';

describe('trait group requests', () => {
  it('finds the trait group type by its target table, not by its id', () => {
    expect(traitGroupTypeId([{ id: 1, targetTable: 'locations' }, { id: 3, targetTable: 'germinatebase' }, { id: 7, targetTable: 'phenotypes' }])).toBe(7);
    expect(traitGroupTypeId([{ id: 4, targetTable: 'markers' }])).toBeNull();
  });

  it('lists trait groups by name, only an owner\'s when one is given', () => {
    const all = traitGroupsRequest(null);
    expect(all.filter).toEqual([{ column: 'groupType', comparator: 'equals', operator: 'and', values: ['phenotypes'] }]);
    expect(all).toMatchObject({ page: 1, orderBy: 'groupName', ascending: 1 });
    expect(traitGroupsRequest(12).filter).toEqual([
      { column: 'groupType', comparator: 'equals', operator: 'and', values: ['phenotypes'] },
      { column: 'userId', comparator: 'equals', operator: 'and', values: ['12'] },
    ]);
  });

  it('restricts to the members by id, and an empty group to nothing', () => {
    expect(memberFilter([3, 9])).toEqual([{ column: 'traitId', comparator: 'inSet', operator: 'and', values: ['3', '9'] }]);
    // An inSet with no member matches no row on the server; "no filter" would show every trait.
    expect(memberFilter([])).toEqual([{ column: 'traitId', comparator: 'inSet', operator: 'and', values: [] }]);
  });

  it('reads the chosen group from the pane state, ignoring what is not an id', () => {
    expect(readGroupFilter({ traitGroup: 5 })).toBe(5);
    for (const traitGroup of ['5', 0, -1, 1.5, null]) expect(readGroupFilter({ traitGroup })).toBeNull();
    expect(readGroupFilter(undefined)).toBeNull();
  });

  it('a new group keeps the search and the table\'s sort, and starts at the first page and row', () => {
    const state = { search: 'height', dialog: 'unify', table: { page: 3, cursor: 4, orderBy: 'traitName' }, traitGroup: 2 };
    expect(withGroupFilter(state, 8)).toEqual({ search: 'height', dialog: 'unify', table: { page: 1, cursor: 0, orderBy: 'traitName' }, traitGroup: 8 });
    expect(withGroupFilter(state, null)).toEqual({ search: 'height', dialog: 'unify', table: { page: 1, cursor: 0, orderBy: 'traitName' } });
    expect(withGroupFilter(undefined, 1)).toEqual({ table: { page: 1, cursor: 0 }, traitGroup: 1 });
  });

  it('checks the form: a name of at most 255 characters', () => {
    const form = { name: '  ', description: '', visibility: 'private' as const };
    expect(groupFormProblem(form)).toBe('nameRequired');
    expect(groupFormProblem({ ...form, name: 'x'.repeat(MAX_GROUP_NAME + 1) })).toBe('nameTooLong');
    expect(groupFormProblem({ ...form, name: ` ${'x'.repeat(MAX_GROUP_NAME)} ` })).toBeNull();
    expect(groupFormProblem({ ...form, name: 'Yield', description: 'd'.repeat(65536) })).toBe('descriptionTooLong');
  });

  it('builds the Groups body: trimmed name, no blank description, visibility as a boolean, the creator', () => {
    expect(groupBody({ name: ' Yield traits ', description: '  ', visibility: 'private' }, 4, 21)).toEqual({
      name: 'Yield traits',
      description: null,
      grouptypeId: 4,
      visibility: false,
      createdBy: 21,
    });
    expect(groupBody({ name: 'Quality', description: ' Grain quality ', visibility: 'public' }, 9, 2)).toMatchObject({ description: 'Grain quality', visibility: true, grouptypeId: 9 });
  });

  it('splits members into those with data, in the list\'s order, and the others', () => {
    expect(splitMembers([9, 2, 40, 2, 41], [1, 2, 3, 9])).toEqual({ inData: [2, 9], missing: [40, 41] });
    expect(splitMembers([], [1, 2])).toEqual({ inData: [], missing: [] });
  });

  it('names a group by its name, or its id when it has none', () => {
    expect(groupOptionValues({ groupId: 3, groupName: ' Yield ', count: 4 })).toEqual({ name: 'Yield', count: 4 });
    expect(groupOptionValues({ groupId: 3, groupName: null, count: 0 })).toEqual({ name: '#3', count: 0 });
  });
});
