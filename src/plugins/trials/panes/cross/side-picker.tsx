import { useServices } from '../../../../shell/pane-api.js';
import { Field, Select } from '../../../../shell/ui/index.js';
import { GERMPLASM_COLUMNS, type SideChoice } from './comparison.js';

/** The traits of `dataset/trait` the picker reads. */
export interface TraitOption {
  traitId: number;
  traitName: string;
  unitAbbreviation?: string | null;
  unitName?: string | null;
}

/** A trait as the picker names it: its name, with its unit in brackets when it has one. */
export function traitLabel(trait: TraitOption): string {
  const unit = trait.unitAbbreviation ?? trait.unitName;
  return unit ? `${trait.traitName} [${unit}]` : trait.traitName;
}

/** One side of the comparison: what kind of data, then which trait or which germplasm column. */
export function SidePicker(props: { legend: string; side: SideChoice; traits: readonly TraitOption[] | undefined; onChange(side: SideChoice): void }) {
  const { t } = useServices();
  const { side } = props;
  return (
    <fieldset className="cross-side">
      <legend>{props.legend}</legend>
      <Field label={t('trials.cross.kindLabel')}>
        <Select value={side.kind} onChange={(e) => props.onChange({ ...side, kind: e.target.value === 'column' ? 'column' : 'trait' })}>
          <option value="trait">{t('trials.cross.kind.trait')}</option>
          <option value="column">{t('trials.cross.kind.column')}</option>
        </Select>
      </Field>
      {side.kind === 'trait' ? (
        <Field label={t('trials.cross.trait')} hint={props.traits && props.traits.length === 0 ? t('trials.cross.noTraits') : undefined}>
          <Select value={side.traitId === null ? '' : String(side.traitId)} onChange={(e) => props.onChange({ ...side, traitId: e.target.value === '' ? null : Number(e.target.value) })}>
            <option value="">{props.traits ? t('trials.cross.choose') : t('trials.cross.loading')}</option>
            {(props.traits ?? []).map((trait) => (
              <option key={trait.traitId} value={String(trait.traitId)}>
                {traitLabel(trait)}
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <Field label={t('trials.cross.columnLabel')}>
          <Select
            value={side.column ?? ''}
            onChange={(e) => props.onChange({ ...side, column: GERMPLASM_COLUMNS.find((c) => c === e.target.value) ?? null })}
          >
            <option value="">{t('trials.cross.choose')}</option>
            {GERMPLASM_COLUMNS.map((column) => (
              <option key={column} value={column}>
                {t(`trials.cross.column.${column}`)}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </fieldset>
  );
}
