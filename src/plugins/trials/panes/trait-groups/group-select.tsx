import { useServices } from '../../../../shell/pane-api.js';
import { Select } from '../../../../shell/ui/Field.js';
import { groupOptionValues, type TraitGroupRow } from './requests.js';

export interface GroupSelectProps {
  id: string;
  groups: readonly TraitGroupRow[];
  /** The chosen group; null: the first option (`noneLabel`). */
  value: number | null;
  onChange(groupId: number | null): void;
  /** What choosing no group means here ("All traits", "Choose a group…"). */
  noneLabel: string;
  'aria-describedby'?: string;
}

/**
 * A select of trait groups, each named with its number of traits; the first option is no group. A group
 * chosen that the list does not hold (deleted, or no longer visible) is offered by its id, so that the
 * select still says what the view shows.
 */
export function GroupSelect(props: GroupSelectProps) {
  const { t } = useServices();
  const { groups, value } = props;
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
      {known ? null : <option value={String(value)}>{t('trials.traitGroups.unknownGroup', { id: value })}</option>}
      {groups.map((group) => (
        <option key={group.groupId} value={String(group.groupId)}>
          {t('trials.traitGroups.option', groupOptionValues(group))}
        </option>
      ))}
    </Select>
  );
}
