import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { moveBetweenBoxes } from '../../../../shell/export/choice-list.js';
import { useServices } from '../../../../shell/pane-api.js';
import { Button } from '../../../../shell/ui/Button.js';
import { Checkbox, Field } from '../../../../shell/ui/Field.js';
import { trialsDatasets, type TrialTrait } from '../grid/trial-values.js';
import type { GenotypeExportState } from './state.js';

/**
 * "Phenotypes for Flapjack": an optional part of the page, folded away until opened (or while something is
 * chosen), where trials datasets the caller may use and their traits are ticked; the server then adds a
 * Flapjack phenotype file to each export (the traits' mean, or most frequent value, per germplasm). The
 * datasets and traits come live from the trials API over HTTP (dataset/table, dataset/trait).
 */

/** Traits whose name or unit holds the search text, ignoring case and accents. */
export function searchTraits(all: readonly TrialTrait[], text: string): TrialTrait[] {
  const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const wanted = fold(text.trim());
  if (wanted === '') return [...all];
  return all.filter((trait) => [trait.traitName, trait.unitAbbreviation].some((v) => typeof v === 'string' && fold(v).includes(wanted)));
}

/** Each trait once (dataset/trait may list a trait per dataset), in the answer's order. */
const uniqueTraits = (rows: readonly TrialTrait[]): TrialTrait[] => {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(Number(row.traitId)) && seen.add(Number(row.traitId))).map((row) => ({ ...row, traitId: Number(row.traitId) }));
};

export function PhenotypePicker({ state, update }: { state: GenotypeExportState; update(patch: Partial<GenotypeExportState>): void }) {
  const { t, api } = useServices();
  const [search, setSearch] = useState('');
  // Open at first when something is chosen (an address replayed); then as the user leaves it.
  const [open, setOpen] = useState(state.phenotypeDatasets.length > 0);
  const options = { revalidateOnFocus: false };
  const datasets = useSWR(['genotypes:export-trials'], () => trialsDatasets(api), options);
  const chosenDatasets = state.phenotypeDatasets;
  const traitsKey = chosenDatasets.length > 0 ? ['genotypes:export-trial-traits', chosenDatasets.join(',')] : null;
  const traits = useSWR(traitsKey, () => api.post<TrialTrait[]>('dataset/trait', { body: { datasetIds: chosenDatasets } }), options);
  const traitList = uniqueTraits(traits.data ?? []);
  const shown = searchTraits(traitList, search);
  const ticked = new Set(state.phenotypeTraits);
  const chosenCount = traitList.filter((trait) => ticked.has(trait.traitId)).length;
  // Traits none of the ticked datasets has (one was unticked, or an old address) would be empty columns: they go.
  const stale = traits.data && !traits.isValidating ? state.phenotypeTraits.filter((id) => !traitList.some((trait) => trait.traitId === id)) : [];
  const staleKey = stale.join(',');
  useEffect(() => {
    if (staleKey !== '') update({ phenotypeTraits: state.phenotypeTraits.filter((id) => !staleKey.split(',').includes(String(id))) });
  }, [staleKey, state.phenotypeTraits, update]);
  const toggleDataset = (id: number, on: boolean) => update({ phenotypeDatasets: on ? [...chosenDatasets, id] : chosenDatasets.filter((d) => d !== id) });
  const toggleTrait = (id: number, on: boolean) => update({ phenotypeTraits: on ? [...state.phenotypeTraits, id] : state.phenotypeTraits.filter((d) => d !== id) });
  const legend = t('genotypes.exportPage.phenotypes.legend');
  const datasetLabel = t('genotypes.exportPage.phenotypes.datasets');
  const traitLabel = t('genotypes.exportPage.phenotypes.traits');
  const list = datasets.data ?? [];
  return (
    <fieldset className="genotype-export-phenotypes">
      <legend>{legend}</legend>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{t('genotypes.exportPage.phenotypes.summary', { count: chosenCount })}</summary>
        <p className="ui-hint">{t('genotypes.exportPage.phenotypes.note')}</p>
        <p className="genotype-export-phenotypes-heading">{datasetLabel}</p>
        {datasets.error ? <p className="ui-hint">{t('genotypes.exportPage.phenotypes.failed')}</p> : null}
        {datasets.data && list.length === 0 ? <p className="ui-hint">{t('genotypes.exportPage.phenotypes.noDatasets')}</p> : null}
        {!datasets.data && !datasets.error ? <p className="ui-hint">{t('genotypes.exportPage.phenotypes.loading')}</p> : null}
        {list.length > 0 ? (
          <div className="genotype-export-list" role="group" aria-label={datasetLabel} onKeyDown={moveBetweenBoxes}>
            {list.map((dataset) => (
              <Checkbox
                key={dataset.datasetId}
                checked={chosenDatasets.includes(dataset.datasetId)}
                disabled={!dataset.usable && !chosenDatasets.includes(dataset.datasetId)}
                onChange={(on) => toggleDataset(dataset.datasetId, on)}
                label={dataset.usable ? dataset.datasetName : t('genotypes.exportPage.phenotypes.licenceNeeded', { name: dataset.datasetName })}
              />
            ))}
          </div>
        ) : null}
        {chosenDatasets.length > 0 ? (
          <>
            <Field label={t('genotypes.exportPage.phenotypes.search')}>
              <input type="search" className="ui-input" value={search} autoComplete="off" onChange={(event) => setSearch(event.target.value)} />
            </Field>
            <p className="ui-hint" aria-live="polite">
              {t('genotypes.exportPage.phenotypes.chosen', { count: chosenCount, total: traitList.length })}
            </p>
            <div className="genotype-export-list" role="group" aria-label={traitLabel} onKeyDown={moveBetweenBoxes}>
              {shown.map((trait) => (
                <Checkbox
                  key={trait.traitId}
                  checked={ticked.has(trait.traitId)}
                  onChange={(on) => toggleTrait(trait.traitId, on)}
                  label={trait.unitAbbreviation ? `${trait.traitName} [${trait.unitAbbreviation}]` : trait.traitName}
                />
              ))}
              {traits.data && shown.length === 0 ? <p className="ui-hint">{t('genotypes.exportPage.phenotypes.noTrait')}</p> : null}
            </div>
            <div className="ui-actions">
              <Button size="sm" disabled={state.phenotypeTraits.length === 0} onClick={() => update({ phenotypeTraits: [] })}>
                {t('genotypes.exportPage.phenotypes.clear')}
              </Button>
            </div>
          </>
        ) : null}
      </details>
    </fieldset>
  );
}
