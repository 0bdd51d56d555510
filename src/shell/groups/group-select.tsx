import { useServices } from '../pane-api.js';
import { Select } from '../ui/Field.js';
import type { GroupItemKind } from './kind.js';
import { groupOptionValues, type GroupRow } from './requests.js';

export interface GroupSelectProps {
  kind: GroupItemKind;
  id: string;
  groups: readonly GroupRow[];
  /** The chosen group; null: the first option (`noneLabel`). */
  value: number | null;
  onChange(groupId: number | null): void;
  /** What choosing no group means here ("All traits", "Choose a group…"). */
  noneLabel: string;
  'aria-describedby'?: string;
}

/**
 * A select of one kind's groups, each named with its number of members; the first option is no group. A
 * group chosen that the list does not hold (deleted, or no longer visible) is offered by its id, so that
 * the select still says what the view shows.
 */
export function GroupSelect(props: GroupSelectProps) {
  const { t } = useServices();
  const { groups, value, kind } = props;
  const known = value === null || groups.some((group) => group.groupId === value);
  return (
    <Select
      id={props.id}
      value={value === null ? '' : String(value)}
      aria-describedby={props['aria-describedby']}
      onChange={(event) => {
        const id = Number(event.target.value);
        props.onChange(event.target.value === '' || !Number.isSafeInteger(id) ? null : id);
      }}
    >
      <option value="">{props.noneLabel}</option>
      {known ? null : <option value={String(value)}>{t(kind.texts.unknownGroup, { id: value })}</option>}
      {groups.map((group) => (
        <option key={group.groupId} value={String(group.groupId)}>
          {t(kind.texts.option, groupOptionValues(group))}
        </option>
      ))}
    </Select>
  );
}
