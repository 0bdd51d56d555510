import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useServices } from '../../../shell/pane-api.js';
import { Button } from '../../../shell/ui/Button.js';
import { Checkbox, Field } from '../../../shell/ui/Field.js';
import { Modal } from '../../../shell/ui/Modal.js';
import type { FileResourceRow } from '../columns.js';

interface ResourceType {
  id: number;
  name: string;
}
interface DatasetChoice extends Record<string, unknown> {
  datasetId: number;
  datasetName?: string;
  datasetType?: string;
}

const MAX_DATASETS = 500;

/**
 * The curators' new data resource, in Germinate's two steps: the file is uploaded, then described (name,
 * description, type) and linked to datasets the curator may see. `onAdded` gets the new resource's id.
 */
export function AddDialog(props: { onClose(): void; onAdded(id: number | null): void }) {
  const services = useServices();
  const { api, t } = services;
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [typeId, setTypeId] = useState('');
  const [linked, setLinked] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const types = useSWR('data-resources:types', () => api.get<ResourceType[]>('fileresourcetype'));
  const datasets = useSWR('data-resources:dataset-choices', () =>
    api.table<DatasetChoice>('dataset/table', { page: 1, limit: MAX_DATASETS, orderBy: 'datasetName', ascending: 1 }).then((r) => r.data),
  );
  const problems = {
    file: file ? undefined : t('dataResources.add.fileRequired'),
    name: name.trim() === '' ? t('dataResources.add.nameRequired') : name.trim().length > 255 ? t('dataResources.add.nameTooLong') : undefined,
    type: typeId === '' ? t('dataResources.add.typeRequired') : undefined,
  };
  const invalid = Object.values(problems).some(Boolean);
  const shown = (problem: string | undefined) => (tried ? problem : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy || invalid || !file) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const temp = await api.post<string>('fileresource', { body: form });
      const resourceName = name.trim();
      await api.put<boolean>('fileresource', {
        body: { fileresourcePath: temp, fileresourcetypeId: Number(typeId), fileresourceName: resourceName, fileresourceDescription: description.trim() || null, datasetIds: linked },
      });
      services.toast({ titleKey: 'dataResources.doneTitle', messageKey: 'dataResources.add.done', values: { name: resourceName }, variant: 'success', autoHideMs: 5000, append: true });
      // Germinate answers `true`, not the id: the newest resource of that name is the one just made.
      const added = await api.table<FileResourceRow>('fileresource/table', {
        page: 1,
        limit: 1,
        orderBy: 'fileresourceId',
        ascending: 0,
        filter: [{ column: 'fileresourceName', comparator: 'equals', values: [resourceName] }],
      });
      props.onClose();
      props.onAdded(added.data[0]?.fileresourceId ?? null);
    } catch {
      // The api client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open wide title={t('dataResources.add.title')} onClose={props.onClose} closeLabel={t('dataResources.cancel')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {tried && invalid ? (
          <p role="alert" className="ui-error">
            {t('dataResources.add.invalid')}
          </p>
        ) : null}
        <Field label={t('dataResources.add.file')} error={shown(problems.file)}>
          <input
            type="file"
            className="ui-input"
            autoFocus
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              if (chosen && name.trim() === '') setName(chosen.name);
            }}
          />
        </Field>
        <Field label={t('dataResources.column.fileresourceName')} error={shown(problems.name)}>
          <input className="ui-input" value={name} maxLength={255} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label={t('dataResources.column.fileresourceDescription')}>
          <textarea className="ui-input" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <Field label={t('dataResources.column.fileresourcetypeName')} error={shown(problems.type)}>
          <select className="ui-input" value={typeId} onChange={(e) => setTypeId(e.target.value)}>
            <option value="">{t('dataResources.add.chooseType')}</option>
            {(types.data ?? []).map((type) => (
              <option key={type.id} value={String(type.id)}>
                {type.name}
              </option>
            ))}
          </select>
        </Field>
        <fieldset>
          <legend>{t('dataResources.add.datasets')}</legend>
          {(datasets.data ?? []).length === 0 ? <p className="ui-hint">{t('dataResources.add.noDatasets')}</p> : null}
          {(datasets.data ?? []).map((dataset) => (
            <Checkbox
              key={dataset.datasetId}
              label={`${dataset.datasetName ?? dataset.datasetId}${dataset.datasetType ? ` (${dataset.datasetType})` : ''}`}
              checked={linked.includes(dataset.datasetId)}
              onChange={(checked) => setLinked((old) => (checked ? [...old, dataset.datasetId] : old.filter((id) => id !== dataset.datasetId)))}
            />
          ))}
        </fieldset>
        <div className="modal-actions">
          <Button onClick={props.onClose}>{t('dataResources.cancel')}</Button>
          <Button type="submit" variant="primary" aria-disabled={busy}>
            {t(busy ? 'dataResources.add.saving' : 'dataResources.add.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
