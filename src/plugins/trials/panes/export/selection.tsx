import { useId, useState, type KeyboardEvent } from 'react';
import { useServices } from '../../../../shell/pane-api.js';
import { Button } from '../../../../shell/ui/Button.js';
import { Checkbox, Field, Select } from '../../../../shell/ui/Field.js';
import { TraitGroupChoice } from '../trait-groups/export-choice.js';
import type { PageContext } from './context.js';
import type { NameMatch } from './names.js';
import { COLOUR_BY, GERMPLASM_MODES, namesFromText, type GermplasmMode } from './state.js';
import { searchTraits, traitLabel } from './traits.js';

/**
 * The page's choices: the traits (a trait group to tick its members, a searchable list of checkboxes,
 * arrow keys between them), the germplasm
 * (all, marked items, groups of the datasets, or a pasted list of names) and what charts colour by.
 */

/** Up and down arrows move between the checkboxes of a list, as in a list box; Tab leaves the list. */
function moveBetweenBoxes(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const boxes = Array.from(event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:not(:disabled)'));
  const index = boxes.indexOf(document.activeElement as HTMLInputElement);
  if (index < 0) return;
  event.preventDefault();
  // The pane would otherwise scroll on the same keys.
  event.stopPropagation();
  boxes[Math.min(boxes.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus();
}

export function TraitPicker({ context }: { context: PageContext }) {
  const { t } = useServices();
  const [search, setSearch] = useState('');
  const { traits, state, update } = context;
  const shown = searchTraits(traits, search);
  const chosen = new Set(state.traits);
  const toggle = (traitId: number, on: boolean) => update({ traits: on ? [...state.traits, traitId] : state.traits.filter((id) => id !== traitId) });
  const label = t('trials.export.traits');
  return (
    <fieldset>
      <legend>{label}</legend>
      {/* Other datasets start without a group's note. */}
      <TraitGroupChoice key={context.datasetIds.join(',')} traitIds={traits.map((trait) => trait.traitId)} onTick={(ids) => update({ traits: ids })} />
      <Field label={t('trials.export.searchTraits')}>
        <input type="search" className="ui-input" value={search} autoComplete="off" onChange={(event) => setSearch(event.target.value)} />
      </Field>
      <p className="ui-hint" aria-live="polite">
        {t('trials.export.traitsChosen', { count: chosen.size, total: traits.length })}
      </p>
      <div className="trials-export-list" role="group" aria-label={label} onKeyDown={moveBetweenBoxes}>
        {shown.map((trait) => (
          <Checkbox
            key={trait.traitId}
            checked={chosen.has(trait.traitId)}
            onChange={(on) => toggle(trait.traitId, on)}
            label={
              <span>
                {traitLabel(trait)} <span className="trials-export-kind">({t(`trials.export.dataType.${trait.dataType}`)})</span>
              </span>
            }
          />
        ))}
        {shown.length === 0 ? <p className="ui-hint">{t('trials.export.noTraitFound')}</p> : null}
      </div>
      <div className="ui-actions">
        <Button size="sm" disabled={chosen.size === 0} onClick={() => update({ traits: [] })}>
          {t('trials.export.clearTraits')}
        </Button>
      </div>
    </fieldset>
  );
}

export interface GermplasmPickerProps {
  context: PageContext;
  marked: number;
  /** The pasted names' lookup: undefined while it runs, null when there is no list. */
  listMatch: NameMatch | null | undefined;
}

export function GermplasmPicker({ context, marked, listMatch }: GermplasmPickerProps) {
  const { t } = useServices();
  const { state, update, groups } = context;
  const name = useId();
  const [text, setText] = useState(() => state.names.join('\n'));
  const disabled: Record<GermplasmMode, boolean> = { all: false, marked: marked === 0, groups: groups.length === 0, list: false };
  const labels: Record<GermplasmMode, string> = {
    all: t('trials.export.germplasm.all'),
    marked: t('trials.export.germplasm.marked', { count: marked }),
    groups: t('trials.export.germplasm.groups', { count: groups.length }),
    list: t('trials.export.germplasm.list'),
  };
  const chosenGroups = new Set(state.groups);
  const toggleGroup = (groupId: number, on: boolean) => update({ groups: on ? [...state.groups, groupId] : state.groups.filter((id) => id !== groupId) });
  return (
    <fieldset>
      <legend>{t('trials.export.germplasmLegend')}</legend>
      <div className="trials-export-radios">
        {GERMPLASM_MODES.map((mode) => (
          <label key={mode} data-disabled={disabled[mode] ? 'true' : undefined}>
            <input type="radio" name={name} value={mode} checked={state.germplasm === mode} disabled={disabled[mode] && state.germplasm !== mode} onChange={() => update({ germplasm: mode })} />
            {labels[mode]}
          </label>
        ))}
      </div>
      {state.germplasm === 'groups' ? (
        <div className="trials-export-list" role="group" aria-label={t('trials.export.groupList')} onKeyDown={moveBetweenBoxes}>
          {groups.map((group) => (
            <Checkbox
              key={group.groupId}
              checked={chosenGroups.has(group.groupId)}
              onChange={(on) => toggleGroup(group.groupId, on)}
              label={t('trials.export.groupOption', { name: group.groupName ?? String(group.groupId), count: group.count })}
            />
          ))}
        </div>
      ) : null}
      {state.germplasm === 'list' ? (
        <form
          className="trials-export-names"
          onSubmit={(event) => {
            event.preventDefault();
            update({ names: namesFromText(text) });
          }}
        >
          <Field label={t('trials.export.names')} hint={t('trials.export.namesHint')}>
            <textarea className="ui-input" rows={4} value={text} spellCheck={false} onChange={(event) => setText(event.target.value)} />
          </Field>
          <div className="ui-actions">
            <Button size="sm" type="submit">
              {t('trials.export.findNames')}
            </Button>
          </div>
          <NameResult names={state.names.length} match={listMatch} />
        </form>
      ) : null}
    </fieldset>
  );
}

function NameResult({ names, match }: { names: number; match: NameMatch | null | undefined }) {
  const { t } = useServices();
  if (names === 0 || match === null) return null;
  if (match === undefined) return <p role="status">{t('trials.export.findingNames')}</p>;
  return (
    <div role="status">
      <p className="ui-hint">{t('trials.export.namesFound', { found: match.ids.length, names })}</p>
      {match.missing.length > 0 ? (
        <>
          <p className="ui-hint">{t('trials.export.namesMissing', { count: match.missing.length })}</p>
          <ul className="trials-export-missing">
            {match.missing.map((missing) => (
              <li key={missing}>{missing}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

export function ColourPicker({ context }: { context: PageContext }) {
  const { t } = useServices();
  return (
    <Field label={t('trials.export.colourByLabel')} hint={t('trials.export.colourByHint')}>
      <Select value={context.state.colourBy} onChange={(event) => context.update({ colourBy: COLOUR_BY.find((by) => by === event.target.value) ?? 'none' })}>
        {COLOUR_BY.map((by) => (
          <option key={by} value={by}>
            {t(`trials.export.colourBy.${by}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
