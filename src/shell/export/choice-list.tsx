import { useId, type KeyboardEvent } from 'react';
import { useServices } from '../pane-api.js';
import { Checkbox } from '../ui/Field.js';
import type { ChoiceGroup } from './germplasm-choice.js';
import { ensureChoiceStyles } from './styles.js';

/**
 * The parts an export page builds its choices of items from: radios of a mode (all, marked, groups…), each
 * disabled while it has nothing to offer (unless it is the current one, which stays reachable), and the
 * ticked groups of the datasets as a scrolling list of checkboxes.
 */

/** Up and down arrows move between the checkboxes of a list, as in a list box; Tab leaves the list. */
export function moveBetweenBoxes(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const boxes = Array.from(event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:not(:disabled)'));
  const index = boxes.indexOf(document.activeElement as HTMLInputElement);
  if (index < 0) return;
  event.preventDefault();
  // The pane would otherwise scroll on the same keys.
  event.stopPropagation();
  boxes[Math.min(boxes.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus();
}

export interface ModeOption<M extends string> {
  mode: M;
  label: string;
  /** Nothing to choose in this mode (no marked items, no groups). */
  disabled: boolean;
}

export function ModeRadios<M extends string>({ options, value, onChange }: { options: readonly ModeOption<M>[]; value: M; onChange(mode: M): void }) {
  ensureChoiceStyles();
  const name = useId();
  return (
    <div className="export-choice-radios">
      {options.map((option) => (
        <label key={option.mode} data-disabled={option.disabled ? 'true' : undefined}>
          <input type="radio" name={name} value={option.mode} checked={value === option.mode} disabled={option.disabled && value !== option.mode} onChange={() => onChange(option.mode)} />
          {option.label}
        </label>
      ))}
    </div>
  );
}

export function GroupBoxes({ label, groups, chosen, onChange }: { label: string; groups: readonly ChoiceGroup[]; chosen: readonly number[]; onChange(groupIds: number[]): void }) {
  const { t } = useServices();
  ensureChoiceStyles();
  const ticked = new Set(chosen);
  const toggle = (groupId: number, on: boolean) => onChange(on ? [...chosen, groupId] : chosen.filter((id) => id !== groupId));
  return (
    <div className="export-choice-list" role="group" aria-label={label} onKeyDown={moveBetweenBoxes}>
      {groups.map((group) => (
        <Checkbox
          key={group.groupId}
          checked={ticked.has(group.groupId)}
          onChange={(on) => toggle(group.groupId, on)}
          label={t('shell.export.groupOption', { name: group.groupName ?? String(group.groupId), count: group.count })}
        />
      ))}
    </div>
  );
}
