import type { GroupCommandIds } from '../../../../shell/groups/commands.js';
import { groupKind } from '../../../../shell/groups/kind.js';

/**
 * Trait groups for the shared group kit: groups of type `phenotypes`, members at `group/{id}/trait`, the
 * traits table's `traitId`, the marked traits, and the trials' own words for them.
 */
export const traitGroupKind = groupKind({
  target: 'phenotypes',
  memberPath: 'trait',
  idColumn: 'traitId',
  nameColumn: 'traitName',
  markedType: 'traits',
  stateKey: 'traitGroup',
  texts: {
    groupLabel: 'trials.traitGroups.filter',
    option: 'trials.traitGroups.option',
    unknownGroup: 'trials.traitGroups.unknownGroup',
    allItems: 'trials.traitGroups.allTraits',
    create: 'trials.traitGroups.command.create',
    createIntro: 'trials.traitGroups.create.intro',
    created: 'trials.traitGroups.create.doneTitle',
    add: 'trials.traitGroups.command.add',
    addIntro: 'trials.traitGroups.add.intro',
    needGroup: 'trials.traitGroups.add.needGroup',
    noOwnGroups: 'trials.traitGroups.add.noGroups',
    addedTitle: 'trials.traitGroups.add.doneTitle',
    added: 'trials.traitGroups.add.done',
    noneMarked: 'trials.traitGroups.noneMarked',
    noType: 'trials.traitGroups.noType',
    listFailed: 'trials.traitGroups.listFailed',
    loading: 'trials.traitGroups.loading',
    membersFailed: 'trials.traitGroups.membersFailed',
    choose: 'trials.traitGroups.command.filter',
    noGroups: 'trials.traitGroups.noGroups',
  },
});

/** The traits table's group commands. */
export const TRAIT_GROUP_COMMANDS: GroupCommandIds = {
  create: 'trials:create-trait-group',
  add: 'trials:add-to-trait-group',
  choose: 'trials:choose-trait-group',
};
