import type { MarkableType } from '../../core/marked-items.js';

/**
 * What the group kit needs to know of one kind of grouped item (traits, markers, germplasm, locations):
 * where the server keeps its groups and members, which table column holds the member ids, which marked
 * items become members, and the words that name the items. A domain passes its kind; the requests, reads,
 * dialogs, selects and commands of the kit are the same for every kind.
 */

/** grouptypes.target_table: the table a group's members point into. */
export type GroupTarget = 'phenotypes' | 'markers' | 'germinatebase' | 'locations';

/** The path segment of a kind's member routes: `group/{id}/<memberPath>`, `…/ids`, `PATCH …`. */
export type GroupMemberPath = 'trait' | 'marker' | 'germplasm' | 'location';

/**
 * The visible words that name the kind's items. Each is a message key; a kind that gives none of its own
 * for a slot gets the generic one (`groups.kind.<slot>`, which says "items").
 */
export interface GroupKindTexts {
  /** "Trait group": the table filter's label and the add dialog's select. */
  groupLabel: string;
  /** A group in a select: `{name}` and `{count}` of its members. */
  option: string;
  /** A chosen group the list does not hold (deleted, or no longer visible): `{id}`. */
  unknownGroup: string;
  /** The filter's first option: no group. */
  allItems: string;
  /** "Create group from marked traits": the command, its button and the dialog's title. */
  create: string;
  /** How many marked items go into a new group: `{count}`. */
  createIntro: string;
  /** The title of the toast after creating. */
  created: string;
  /** "Add marked traits to a group": the command, its button and the dialog's title. */
  add: string;
  /** How many marked items go into the chosen group: `{count}`. */
  addIntro: string;
  /** The add dialog's complaint when no group was chosen. */
  needGroup: string;
  /** The add dialog when the user has no group to add to. */
  noOwnGroups: string;
  /** The title of the toast after adding. */
  addedTitle: string;
  /** The toast after adding: `{name}` of the group, `{count}` of new members. */
  added: string;
  /** The dialogs when nothing of the kind is marked. */
  noneMarked: string;
  /** The create dialog when the server has no group type of the kind. */
  noType: string;
  /** The group list could not be read. */
  listFailed: string;
  /** While the group list is read. */
  loading: string;
  /** A chosen group's members could not be read. */
  membersFailed: string;
  /** The command that brings the keyboard to the filter. */
  choose: string;
  /** That command's note when there is no filter to go to. */
  noGroups: string;
}

export type GroupKindText = keyof GroupKindTexts;

/** The generic words, written out so that a search for a key finds its use. */
const GENERIC: GroupKindTexts = {
  groupLabel: 'groups.kind.groupLabel',
  option: 'groups.kind.option',
  unknownGroup: 'groups.kind.unknownGroup',
  allItems: 'groups.kind.allItems',
  create: 'groups.kind.create',
  createIntro: 'groups.kind.createIntro',
  created: 'groups.kind.created',
  add: 'groups.kind.add',
  addIntro: 'groups.kind.addIntro',
  needGroup: 'groups.kind.needGroup',
  noOwnGroups: 'groups.kind.noOwnGroups',
  addedTitle: 'groups.kind.addedTitle',
  added: 'groups.kind.added',
  noneMarked: 'groups.kind.noneMarked',
  noType: 'groups.kind.noType',
  listFailed: 'groups.kind.listFailed',
  loading: 'groups.kind.loading',
  membersFailed: 'groups.kind.membersFailed',
  choose: 'groups.kind.choose',
  noGroups: 'groups.kind.noGroups',
};

/** One kind of grouped item, as the kit reads it. */
export interface GroupItemKind {
  target: GroupTarget;
  memberPath: GroupMemberPath;
  /** The id column of the kind's tables (the member table and the kind's own table): `traitId`, `markerId`. */
  idColumn: string;
  /** The name column of the member table, for naming members. */
  nameColumn: string;
  /** The marked items that become members. */
  markedType: MarkableType;
  /** The key of a pane's view state that holds the chosen group (`traitGroup`, `markerGroup`). */
  stateKey: string;
  texts: GroupKindTexts;
}

/** A kind as a domain declares it: its own words where the generic ones would not do. */
export type GroupKindSpec = Omit<GroupItemKind, 'texts'> & { texts?: Partial<GroupKindTexts> };

/** The kind with every slot's message key: the domain's own, else the generic one. */
export function groupKind(spec: GroupKindSpec): GroupItemKind {
  return { ...spec, texts: { ...GENERIC, ...spec.texts } };
}
