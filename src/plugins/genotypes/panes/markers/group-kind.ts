import type { GroupCommandIds } from '../../../../shell/groups/commands.js';
import { groupKind } from '../../../../shell/groups/kind.js';

/**
 * Marker groups for the shared group kit: groups of type `markers`, members at `group/{id}/marker`, the
 * marker table's `markerId`, the marked markers; the words that name markers are ours, the rest the kit's.
 */
export const markerGroupKind = groupKind({
  target: 'markers',
  memberPath: 'marker',
  idColumn: 'markerId',
  nameColumn: 'markerName',
  markedType: 'markers',
  stateKey: 'markerGroup',
  texts: {
    groupLabel: 'genotypes.markerGroups.groupLabel',
    option: 'genotypes.markerGroups.option',
    unknownGroup: 'genotypes.markerGroups.unknownGroup',
    allItems: 'genotypes.markerGroups.allItems',
    create: 'genotypes.markerGroups.create',
    createIntro: 'genotypes.markerGroups.createIntro',
    created: 'genotypes.markerGroups.created',
    add: 'genotypes.markerGroups.add',
    addIntro: 'genotypes.markerGroups.addIntro',
    noOwnGroups: 'genotypes.markerGroups.noOwnGroups',
    addedTitle: 'genotypes.markerGroups.addedTitle',
    added: 'genotypes.markerGroups.added',
    noneMarked: 'genotypes.markerGroups.noneMarked',
    membersFailed: 'genotypes.markerGroups.membersFailed',
    choose: 'genotypes.markerGroups.choose',
    noGroups: 'genotypes.markerGroups.noGroups',
  },
});

/** The marker table's group commands. */
export const MARKER_GROUP_COMMANDS: GroupCommandIds = {
  create: 'genotypes:create-marker-group',
  add: 'genotypes:add-to-marker-group',
  choose: 'genotypes:choose-marker-group',
};
