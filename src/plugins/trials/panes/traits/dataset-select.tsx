import { useId } from 'react';
import { useServices } from '../../../../shell/pane-api.js';
import { Select } from '../../../../shell/ui/Field.js';
import type { TraitDataset } from './trait-reads.js';

/** The dataset a per-dataset view (timeline, layout map) shows: the chosen one if it is among those readable, else the first. */
export function chosenDataset(datasets: readonly TraitDataset[], chosen: unknown): TraitDataset | null {
  return datasets.find((d) => d.datasetId === Number(chosen)) ?? datasets[0] ?? null;
}

/** Picks one of the datasets the reader may use; the choice is the pane's (`dataset` in its state). */
export function DatasetSelect(props: { datasets: readonly TraitDataset[]; value: number; onChange(id: number): void }) {
  const { t } = useServices();
  const id = useId();
  return (
    <div className="ui-field">
      <label htmlFor={id}>{t('trials.trait.dataset')}</label>
      <Select id={id} value={String(props.value)} onChange={(event) => props.onChange(Number(event.target.value))}>
        {props.datasets.map((dataset) => (
          <option key={dataset.datasetId} value={dataset.datasetId}>
            {dataset.datasetName || String(dataset.datasetId)}
          </option>
        ))}
      </Select>
    </div>
  );
}
