import { useState } from 'react';
import { moveBetweenBoxes } from '../../../../shell/export/choice-list.js';
import { useServices } from '../../../../shell/pane-api.js';
import { Button } from '../../../../shell/ui/Button.js';
import { Checkbox, Field, Select } from '../../../../shell/ui/Field.js';
import { TraitGroupChoice } from '../trait-groups/export-choice.js';
import type { PageContext } from './context.js';
import { COLOUR_BY } from './state.js';
import { searchTraits, traitLabel } from './traits.js';

/**
 * The page's own choices: the traits (a trait group to tick its members, a searchable list of checkboxes,
 * arrow keys between them) and what charts colour by. The germplasm choice is the export pages' shared one
 * (src/shell/export/germplasm-picker.tsx).
 */

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
