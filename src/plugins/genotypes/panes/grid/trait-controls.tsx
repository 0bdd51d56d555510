import { useServices } from '../../../../shell/pane-api.js';
import { Field, Select } from '../../../../shell/ui/Field.js';
import type { GridState } from './pane-state.js';
import type { TraitData } from './use-trait-data.js';

/** An id from a select's value ('' is none). */
const idOf = (value: string): number | null => (value === '' ? null : Number(value));

/**
 * The trait rows may be sorted or grouped by: a trials dataset the caller may use (one whose licence they
 * have not accepted is listed but cannot be chosen), then one of its traits. Choosing a trait sorts by it
 * unless sort or group already follow the trait; another dataset drops the trait and what used it.
 */
export function TraitChoice(props: { ids: { trials: string; trait: string }; state: GridState; trait: TraitData; onChange(patch: Partial<GridState>): void }) {
  const { t } = useServices();
  const { state, trait, onChange } = props;
  const blocked = trait.datasets.some((d) => !d.usable);
  const withoutTrait = (by: GridState['sort']) => (by === 'trait' ? null : by);
  return (
    <>
      <Field className="genotypes-grid-trials" label={t('genotypes.grid.trialsDataset')} hint={blocked ? t('genotypes.grid.licenceHint') : undefined}>
        <Select
          id={props.ids.trials}
          value={state.trialDatasetId === null ? '' : String(state.trialDatasetId)}
          onChange={(event) => onChange({ trialDatasetId: idOf(event.target.value), traitId: null, sort: withoutTrait(state.sort), group: withoutTrait(state.group), row: 0, top: 0 })}
        >
          <option value="">{t('genotypes.grid.noTrialsDataset')}</option>
          {trait.datasets.map((d) => (
            <option key={d.datasetId} value={String(d.datasetId)} disabled={!d.usable}>
              {d.usable ? d.datasetName : t('genotypes.grid.licenceNotAccepted', { dataset: d.datasetName })}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('genotypes.grid.trait')}>
        <Select
          id={props.ids.trait}
          value={state.traitId === null ? '' : String(state.traitId)}
          disabled={state.trialDatasetId === null}
          onChange={(event) => {
            const traitId = idOf(event.target.value);
            if (traitId === null) onChange({ traitId, sort: withoutTrait(state.sort), group: withoutTrait(state.group), row: 0, top: 0 });
            else onChange({ traitId, ...(state.sort === 'trait' || state.group === 'trait' ? {} : { sort: 'trait' as const }), row: 0, top: 0 });
          }}
        >
          <option value="">{t('genotypes.grid.noTrait')}</option>
          {trait.traits.map((tr) => (
            <option key={tr.traitId} value={String(tr.traitId)}>
              {tr.unitAbbreviation ? `${tr.traitName} [${tr.unitAbbreviation}]` : tr.traitName}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}
