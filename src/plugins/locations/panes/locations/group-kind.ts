import type { GroupCommandIds } from '../../../../shell/groups/commands.js';
import { groupKind } from '../../../../shell/groups/kind.js';

/**
 * Location groups for the shared group kit: groups of type `locations`, members at `group/{id}/location`, the
 * location table's `locationId`, the marked locations; the words that name locations are ours.
 */
export const locationGroupKind = groupKind({
  target: 'locations',
  memberPath: 'location',
  idColumn: 'locationId',
  nameColumn: 'locationName',
  markedType: 'locations',
  stateKey: 'locationGroup',
  texts: {
    groupLabel: 'locations.groups.groupLabel',
    allItems: 'locations.groups.allItems',
    create: 'locations.groups.create',
    createIntro: 'locations.groups.createIntro',
    add: 'locations.groups.add',
    addIntro: 'locations.groups.addIntro',
    noneMarked: 'locations.groups.noneMarked',
    choose: 'locations.groups.choose',
  },
});

/** The location table's group commands. */
export const LOCATION_GROUP_COMMANDS: GroupCommandIds = {
  create: 'locations:create-location-group',
  add: 'locations:add-to-location-group',
  choose: 'locations:choose-location-group',
};
