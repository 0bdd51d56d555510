import { useState } from 'react';
import { useServices } from '../pane-api.js';
import { Button } from '../ui/Button.js';
import { Field } from '../ui/Field.js';
import { GroupBoxes, ModeRadios } from './choice-list.js';
import { GERMPLASM_MODES, type ChoiceGroup, type GermplasmSelection } from './germplasm-choice.js';
import { namesFromText, type NameMatch } from './names.js';

/**
 * The germplasm choice of an export page, as a fieldset: all germplasm, the marked items, groups of the
 * datasets (ticked in a list), or a pasted list of names, looked up when the user asks, with the names
 * found nowhere listed. The page keeps the selection in its state and looks the names up.
 */
export interface GermplasmPickerProps {
  value: GermplasmSelection;
  onChange(patch: Partial<GermplasmSelection>): void;
  /** The germplasm groups of the datasets. */
  groups: readonly ChoiceGroup[];
  /** How many germplasm are marked. */
  marked: number;
  /** The pasted names' lookup: undefined while it runs, null when there is no list. */
  listMatch: NameMatch | null | undefined;
}

export function GermplasmPicker({ value, onChange, groups, marked, listMatch }: GermplasmPickerProps) {
  const { t } = useServices();
  const [text, setText] = useState(() => value.names.join('\n'));
  const disabled = { all: false, marked: marked === 0, groups: groups.length === 0, list: false };
  const labels = {
    all: t('shell.export.germplasm.all'),
    marked: t('shell.export.germplasm.marked', { count: marked }),
    groups: t('shell.export.germplasm.groups', { count: groups.length }),
    list: t('shell.export.germplasm.list'),
  };
  return (
    <fieldset>
      <legend>{t('shell.export.germplasmLegend')}</legend>
      <ModeRadios options={GERMPLASM_MODES.map((mode) => ({ mode, label: labels[mode], disabled: disabled[mode] }))} value={value.germplasm} onChange={(germplasm) => onChange({ germplasm })} />
      {value.germplasm === 'groups' ? <GroupBoxes label={t('shell.export.groupList')} groups={groups} chosen={value.groups} onChange={(ids) => onChange({ groups: ids })} /> : null}
      {value.germplasm === 'list' ? (
        <form
          className="export-choice-names"
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ names: namesFromText(text) });
          }}
        >
          <Field label={t('shell.export.names')} hint={t('shell.export.namesHint')}>
            <textarea className="ui-input" rows={4} value={text} spellCheck={false} onChange={(event) => setText(event.target.value)} />
          </Field>
          <div className="ui-actions">
            <Button size="sm" type="submit">
              {t('shell.export.findNames')}
            </Button>
          </div>
          <NameResult names={value.names.length} match={listMatch} />
        </form>
      ) : null}
    </fieldset>
  );
}

/** What the lookup of the pasted names found, and the names it did not. */
export function NameResult({ names, match }: { names: number; match: NameMatch | null | undefined }) {
  const { t } = useServices();
  if (names === 0 || match === null) return null;
  if (match === undefined) return <p role="status">{t('shell.export.findingNames')}</p>;
  return (
    <div role="status">
      <p className="ui-hint">{t('shell.export.namesFound', { found: match.ids.length, names })}</p>
      {match.missing.length > 0 ? (
        <>
          <p className="ui-hint">{t('shell.export.namesMissing', { count: match.missing.length })}</p>
          <ul className="export-choice-missing">
            {match.missing.map((missing) => (
              <li key={missing}>{missing}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
