import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { useServices } from '../../../shell/pane-api.js';
import { downloadFile } from '../../../shell/table/download.js';
import { Button } from '../../../shell/ui/Button.js';
import { Checkbox, Field } from '../../../shell/ui/Field.js';
import type { ExportPageProps } from '../../../shell/sections.js';
import { pedigreeRequest, type PedigreeOptions } from './pedigree-request.js';

interface ExportJob {
  uuid: string;
  status: string;
  datasetIds?: number[];
  resultSize?: number;
}

const POLL_MS = 1000;

/**
 * The pedigree export page: the Helium file of the chosen datasets at once (`dataset/export/pedigree`), or
 * one export job per dataset (`dataset/export/pedigree-async`) whose zips this page lists for download as
 * they complete. Optionally only the marked germplasm and their relatives (levels up and down), and the
 * passport attributes in a second file.
 */
export default function PedigreeExport(props: ExportPageProps) {
  const { api, t, store } = useServices();
  const marked = useSnapshot(store.state).markedIds.germplasm;
  const [options, setOptions] = useState<PedigreeOptions>({ includeAttributes: false, markedOnly: false, levelsUp: '', levelsDown: '' });
  const [busy, setBusy] = useState(false);
  const [uuids, setUuids] = useState<string[]>([]);
  const datasetIds = props.datasets.map((d) => d.datasetId);
  const request = pedigreeRequest(datasetIds, options, marked);
  const jobs = useSWR(uuids.length > 0 ? ['datasets:pedigree-jobs', uuids.join(',')] : null, () => api.post<ExportJob[]>('dataset/export/async', { body: { uuids } }), {
    refreshInterval: (latest) => (latest?.some((job) => job.status === 'waiting' || job.status === 'running') ? POLL_MS : 0),
    dedupingInterval: 0,
  });
  const set = (patch: Partial<PedigreeOptions>) => setOptions((old) => ({ ...old, ...patch }));

  const download = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    api
      .post('dataset/export/pedigree', { body: request, raw: true })
      .then((file) => downloadFile(file.blob, file.filename ?? 'pedigree.helium'))
      .catch(() => {
        // The api client has shown the message (e.g. nothing to export for this selection).
      })
      .finally(() => setBusy(false));
  };
  const startJobs = () =>
    api
      .post<{ uuid: string }[]>('dataset/export/pedigree-async', { body: request })
      .then((started) => setUuids((old) => [...old, ...started.map((job) => job.uuid)]))
      .catch(() => {});

  return (
    <form onSubmit={download} className="datasets-export-form" aria-label={t('datasets.pedigree.form')}>
      <Checkbox label={t('datasets.pedigree.includeAttributes')} checked={options.includeAttributes} onChange={(on) => set({ includeAttributes: on })} />
      <Checkbox
        label={t('datasets.pedigree.markedOnly', { count: String(marked.length) })}
        checked={options.markedOnly}
        disabled={marked.length === 0}
        onChange={(on) => set({ markedOnly: on })}
      />
      {options.markedOnly ? (
        <>
          <Field label={t('datasets.pedigree.levelsUp')} hint={t('datasets.pedigree.levelsHint')}>
            <input className="ui-input" type="number" min={1} max={5} value={options.levelsUp} onChange={(e) => set({ levelsUp: e.target.value })} />
          </Field>
          <Field label={t('datasets.pedigree.levelsDown')} hint={t('datasets.pedigree.levelsHint')}>
            <input className="ui-input" type="number" min={1} max={5} value={options.levelsDown} onChange={(e) => set({ levelsDown: e.target.value })} />
          </Field>
        </>
      ) : null}
      <div className="ui-actions">
        <Button type="submit" variant="primary" aria-disabled={busy}>
          {t('datasets.pedigree.download')}
        </Button>
        <Button onClick={() => void startJobs()}>{t('datasets.pedigree.startJobs')}</Button>
      </div>
      {uuids.length > 0 ? (
        <ul aria-label={t('datasets.pedigree.jobs')} aria-live="polite">
          {(jobs.data ?? []).map((job) => (
            <li key={job.uuid}>
              {t('datasets.pedigree.job', { ids: (job.datasetIds ?? []).join(', '), status: t(`datasets.job.${job.status}`) })}{' '}
              {job.status === 'completed' ? <a href={`./api/dataset/export/async/${job.uuid}/download`}>{t('datasets.pedigree.jobDownload')}</a> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
