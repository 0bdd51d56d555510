import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useServices } from '../../../../shell/pane-api.js';
import { Button } from '../../../../shell/ui/Button.js';
import { Field, Select } from '../../../../shell/ui/Field.js';
import { Modal } from '../../../../shell/ui/Modal.js';
import { TRAIT_DATA_TYPES, type TraitRow } from './columns.js';
import { distinctUnits, formFromTrait, MAX_NAME, MAX_SHORT_NAME, traitFormProblems, traitPatchBody, type TraitForm } from './edit-form.js';
import { dataTypeName } from './texts.js';


/**
 * An administrator's edit of a trait: name, short name, description, data type, unit, and its
 * restrictions (a range for numeric traits, categories for categorical ones). Checked as the server
 * checks it before it is sent; `onSaved` after the server accepted it.
 */
export function EditDialog(props: { row: TraitRow; onClose(): void; onSaved(): void }) {
  const services = useServices();
  const { api, t } = services;
  const [form, setForm] = useState<TraitForm>(() => formFromTrait(props.row));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  // There is no list of units of its own: the units of the traits with data are offered (the traits of
  // every dataset, found by index, without the per-trait counts the traits table computes).
  const units = useSWR('trials:trait-units', () => api.post<TraitRow[]>('dataset/trait', { body: { datasetIds: [] } }).then(distinctUnits));
  const problems = traitFormProblems(form);
  const error = (key: keyof TraitForm) => (tried && problems[key] ? t(`trials.trait.form.${problems[key]}`, { max: key === 'shortName' ? MAX_SHORT_NAME : MAX_NAME }) : undefined);
  const set = (key: keyof TraitForm) => (value: string) => setForm((old) => ({ ...old, [key]: value }));
  // The trait's own unit is offered while the list loads, and if no other trait has it.
  const unitChoices = units.data ?? [];
  const ownUnit = props.row.unitId !== null && props.row.unitId !== undefined && !unitChoices.some((u) => u.unitId === props.row.unitId)
    ? [{ unitId: props.row.unitId, unitName: props.row.unitName || String(props.row.unitId), unitAbbreviation: props.row.unitAbbreviation ?? null }]
    : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy || Object.keys(problems).length > 0) return;
    setBusy(true);
    api
      .patch<boolean>(`trait/${props.row.traitId}`, { body: traitPatchBody(props.row.traitId, form) })
      .then(() => {
        services.toast({ titleKey: 'trials.trait.form.doneTitle', messageKey: 'trials.trait.form.saved', values: { name: form.name.trim() }, variant: 'success', autoHideMs: 5000, append: true });
        props.onClose();
        props.onSaved();
      })
      .catch(() => {
        // The api client has shown the server's message.
      })
      .finally(() => setBusy(false));
  };

  return (
    <Modal open title={t('trials.trait.form.title')} onClose={props.onClose} closeLabel={t('trials.trait.form.cancel')}>
      <form onSubmit={submit} noValidate>
        {tried && Object.keys(problems).length > 0 ? (
          <p role="alert" className="ui-error">
            {t('trials.trait.form.invalid')}
          </p>
        ) : null}
        <Field label={t('trials.traits.column.traitName')} error={error('name')}>
          <input className="ui-input" value={form.name} maxLength={MAX_NAME} required autoFocus onChange={(e) => set('name')(e.target.value)} />
        </Field>
        <Field label={t('trials.traits.column.traitNameShort')} error={error('shortName')} hint={t('trials.trait.form.shortNameHint', { max: MAX_SHORT_NAME })}>
          <input className="ui-input" value={form.shortName} onChange={(e) => set('shortName')(e.target.value)} />
        </Field>
        <Field label={t('trials.traits.column.traitDescription')}>
          <textarea className="ui-input" rows={3} value={form.description} onChange={(e) => set('description')(e.target.value)} />
        </Field>
        <Field label={t('trials.traits.column.dataType')}>
          <Select value={form.dataType} onChange={(e) => setForm((old) => ({ ...old, dataType: TRAIT_DATA_TYPES.find((d) => d === e.target.value) ?? old.dataType }))}>
            {TRAIT_DATA_TYPES.map((type) => (
              <option key={type} value={type}>
                {dataTypeName(t, type)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('trials.trait.form.unit')}>
          <Select value={form.unitId} onChange={(e) => set('unitId')(e.target.value)}>
            <option value="">{t('trials.trait.form.noUnit')}</option>
            {[...ownUnit, ...unitChoices].map((unit) => (
              <option key={unit.unitId} value={String(unit.unitId)}>
                {unit.unitAbbreviation ? `${unit.unitName} (${unit.unitAbbreviation})` : unit.unitName}
              </option>
            ))}
          </Select>
        </Field>
        {form.dataType === 'numeric' ? (
          <fieldset className="ui-filters">
            <legend>{t('trials.trait.form.range')}</legend>
            <Field label={t('trials.trait.form.min')} error={error('min')}>
              <input className="ui-input" inputMode="decimal" value={form.min} onChange={(e) => set('min')(e.target.value)} />
            </Field>
            <Field label={t('trials.trait.form.max')} error={error('max')}>
              <input className="ui-input" inputMode="decimal" value={form.max} onChange={(e) => set('max')(e.target.value)} />
            </Field>
          </fieldset>
        ) : null}
        {form.dataType === 'categorical' ? (
          <Field label={t('trials.trait.form.categories')} hint={t('trials.trait.form.categoriesHint')} error={error('categories')}>
            <textarea className="ui-input" rows={3} value={form.categories} onChange={(e) => set('categories')(e.target.value)} />
          </Field>
        ) : null}
        <div className="modal-actions">
          <Button onClick={props.onClose}>{t('trials.trait.form.cancel')}</Button>
          <Button type="submit" variant="primary" aria-disabled={busy}>
            {t(busy ? 'trials.trait.form.saving' : 'trials.trait.form.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
