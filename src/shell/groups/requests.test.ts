import { describe, expect, it } from 'vitest';
import { groupKind } from './kind.js';
import { groupFilterId, readGroupDialog, readGroupFilter, withGroupFilter } from './pane-state.js';
import { groupBody, groupFormProblem, groupOptionValues, groupsRequest, groupTypeId, MAX_GROUP_NAME, memberFilter, membersPath } from './requests.js';

const traits = groupKind({
  target: 'phenotypes',
  memberPath: 'trait',
  idColumn: 'traitId',
  nameColumn: 'traitName',
  markedType: 'traits',
  stateKey: 'traitGroup',
  texts: { groupLabel: 'trials.traitGroups.filter' },
});
const markers = groupKind({ target: 'markers', memberPath: 'marker', idColumn: 'markerId', nameColumn: 'markerName', markedType: 'markers', stateKey: 'markerGroup' });

describe('group kinds', () => {
  it('takes the kind\'s own words and the generic ones for the rest', () => {
    expect(traits.texts.groupLabel).toBe('trials.traitGroups.filter');
    expect(traits.texts.create).toBe('groups.kind.create');
    expect(markers.texts.option).toBe('groups.kind.option');
  });
});

describe('group requests', () => {
  const types = [{ id: 1, targetTable: 'locations' }, { id: 2, targetTable: 'markers' }, { id: 3, targetTable: 'germinatebase' }, { id: 7, targetTable: 'phenotypes' }];

  it('finds a kind\'s group type by its target table, not by its id', () => {
    expect(groupTypeId(types, 'phenotypes')).toBe(7);
    expect(groupTypeId(types, 'markers')).toBe(2);
    expect(groupTypeId([{ id: 4, targetTable: 'markers' }], 'phenotypes')).toBeNull();
  });

  it('lists a kind\'s groups by name, only an owner\'s when one is given', () => {
    const all = groupsRequest('phenotypes', null);
    expect(all.filter).toEqual([{ column: 'groupType', comparator: 'equals', operator: 'and', values: ['phenotypes'] }]);
    expect(all).toMatchObject({ page: 1, orderBy: 'groupName', ascending: 1 });
    expect(groupsRequest('markers', 12).filter).toEqual([
      { column: 'groupType', comparator: 'equals', operator: 'and', values: ['markers'] },
      { column: 'userId', comparator: 'equals', operator: 'and', values: ['12'] },
    ]);
  });

  it('asks for the members under the kind\'s path', () => {
    expect(membersPath(traits, 5)).toBe('group/5/trait');
    expect(membersPath(markers, 9)).toBe('group/9/marker');
  });

  it('restricts to the members by the kind\'s id column, and an empty group to nothing', () => {
    expect(memberFilter(traits, [3, 9])).toEqual([{ column: 'traitId', comparator: 'inSet', operator: 'and', values: ['3', '9'] }]);
    expect(memberFilter(markers, [11])).toEqual([{ column: 'markerId', comparator: 'inSet', operator: 'and', values: ['11'] }]);
    // An inSet with no member matches no row on the server; "no filter" would show every row.
    expect(memberFilter(traits, [])).toEqual([{ column: 'traitId', comparator: 'inSet', operator: 'and', values: [] }]);
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

  it('names a group by its name, or its id when it has none', () => {
    expect(groupOptionValues({ groupId: 3, groupName: ' Yield ', count: 4 })).toEqual({ name: 'Yield', count: 4 });
    expect(groupOptionValues({ groupId: 3, groupName: null, count: 0 })).toEqual({ name: '#3', count: 0 });
  });
});

describe('the group in a pane state', () => {
  it('reads the chosen group under the kind\'s key, ignoring what is not an id', () => {
    expect(readGroupFilter({ traitGroup: 5 }, traits)).toBe(5);
    expect(readGroupFilter({ traitGroup: 5 }, markers)).toBeNull();
    expect(readGroupFilter({ markerGroup: 8 }, markers)).toBe(8);
    for (const traitGroup of ['5', 0, -1, 1.5, null]) expect(readGroupFilter({ traitGroup }, traits)).toBeNull();
    expect(readGroupFilter(undefined, traits)).toBeNull();
  });

  it('a new group keeps the search and the table\'s sort, and starts at the first page and row (table under its own key)', () => {
    const state = { search: 'height', dialog: 'unify', table: { page: 3, cursor: 4, orderBy: 'traitName' }, traitGroup: 2 };
    expect(withGroupFilter(state, traits, 8, 'table')).toEqual({ search: 'height', dialog: 'unify', table: { page: 1, cursor: 0, orderBy: 'traitName' }, traitGroup: 8 });
    expect(withGroupFilter(state, traits, null, 'table')).toEqual({ search: 'height', dialog: 'unify', table: { page: 1, cursor: 0, orderBy: 'traitName' } });
    expect(withGroupFilter(undefined, traits, 1, 'table')).toEqual({ table: { page: 1, cursor: 0 }, traitGroup: 1 });
  });

  it('a new group keeps the filters and sort of a table kept beside it (the markers pane)', () => {
    const filters = [{ column: 'markerType', comparator: 'equals', operator: 'and', values: ['SNP'] }];
    const state = { filters, orderBy: 'markerName', ascending: false, page: 4, cursor: 7, markerGroup: 3 };
    expect(withGroupFilter(state, markers, 9, null)).toEqual({ filters, orderBy: 'markerName', ascending: false, page: 1, cursor: 0, markerGroup: 9 });
    expect(withGroupFilter(state, markers, null, null)).toEqual({ filters, orderBy: 'markerName', ascending: false, page: 1, cursor: 0 });
  });

  it('names the filter\'s select by the pane and the kind, and reads only the group dialogs', () => {
    expect(groupFilterId('p3', traits)).toBe('p3-trait-group');
    expect(groupFilterId('p3', markers)).toBe('p3-marker-group');
    expect(readGroupDialog({ dialog: 'createGroup' })).toBe('createGroup');
    expect(readGroupDialog({ dialog: 'addToGroup' })).toBe('addToGroup');
    expect(readGroupDialog({ dialog: 'unify' })).toBeNull();
    expect(readGroupDialog(undefined)).toBeNull();
  });
});
