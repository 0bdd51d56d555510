import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { buildQuery, type ApiError } from '../../../core/api-client.js';
import { toastForError } from '../../../core/errors.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { Button } from '../../../shell/ui/Button.js';
import { FileDrop } from '../../../shell/ui/FileDrop.js';
import { keepEnterOnControls } from '../control-keys.js';
import { canImport, countIssues, errorStatus, importModeOf, withJobUuids, type JobStart } from '../jobs.js';
import { acceptsFile, isTemplateType, optionsReady, TEMPLATES, uploadQuery, type TemplateType, type UploadOptions } from '../templates.js';
import { uploadFile, UploadError, type UploadProgress } from '../upload.js';
import { announceJobsChanged } from '../events.js';
import { useJob } from '../use-job.js';
import { JobCard } from '../widgets/JobCard.js';
import { ReportView } from '../widgets/ReportView.js';
import { TemplateChooser } from '../widgets/TemplateChooser.js';
import { UploadOptionsForm } from '../widgets/UploadOptionsForm.js';
import { UploadRow, type UploadPhase } from '../widgets/UploadRow.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const defaultOptions = (type: TemplateType): UploadOptions => ({ type, update: false, datasetStateId: 1, datasetId: null });

/**
 * The data uploader (`/import/data-upload[/:templateType]`, curators): choose a template, set its
 * options, drop or pick a file, watch it upload and get checked, read the report, then import. The
 * template and the job live in the pane's view state, so a reload comes back to the same report.
 */
export default function DataUploadPane(props: PaneProps) {
  const { t, api, session, store, settings, toast } = useServices();
  const mode = importModeOf(settings);
  const state = props.instance.state;
  const view = useMemo(() => state ?? {}, [state]);
  const initialType = isTemplateType(view.templateType) ? view.templateType : isTemplateType(props.instance.params.templateType) ? props.instance.params.templateType : null;
  const jobUuid = typeof view.job === 'string' && UUID.test(view.job) ? view.job : null;
  const [options, setOptions] = useState<UploadOptions | null>(initialType ? defaultOptions(initialType) : null);
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [phase, setPhase] = useState<UploadPhase>('ready');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const { job, missing, refresh } = useJob(api, jobUuid);
  const id = props.paneKey;

  useEffect(() => () => abort.current?.abort(), []);

  const chooseType = (type: TemplateType) => {
    // Germinate's uploader clears the file and the dataset state when the template changes.
    setOptions(defaultOptions(type));
    setFile(null);
    setRefused(null);
    setPhase('ready');
    props.setState({ ...view, templateType: type });
  };

  const onFile = (picked: File) => {
    if (!options) return;
    if (!acceptsFile(options.type, picked.name)) {
      setRefused(t('import.file.wrongType', { name: picked.name, extensions: TEMPLATES[options.type].extensions.join(', ') }));
      return;
    }
    setRefused(null);
    setFile(picked);
    setPhase('ready');
    setProgress(null);
    setUploadError(null);
  };

  const upload = async () => {
    if (!options || !file || phase === 'uploading') return;
    setPhase('uploading');
    setProgress(null);
    setUploadError(null);
    abort.current = new AbortController();
    try {
      const answer = await uploadFile({
        url: `./api/import/template/file${buildQuery(uploadQuery(options))}`,
        file,
        token: session.validToken(),
        locale: store.state.locale,
        onProgress: setProgress,
        signal: abort.current.signal,
      });
      const started = Array.isArray(answer) ? (answer as JobStart[]).filter((item) => typeof item?.uuid === 'string' && UUID.test(item.uuid)) : [];
      if (started.length === 0) throw new UploadError(null, null, t('import.upload.noJob'));
      store.state.asyncJobUuids = withJobUuids(store.state.asyncJobUuids, started.map((item) => item.uuid));
      setPhase('uploaded');
      props.setState({ ...view, templateType: options.type, job: started[0].uuid });
      announceJobsChanged();
    } catch (error) {
      if (abort.current?.signal.aborted) return;
      const failure = error instanceof UploadError ? error : new UploadError(null, null, String(error));
      setPhase('failed');
      const shown = toastForError({ status: failure.status ?? undefined, reasonPhrase: failure.reasonPhrase ?? undefined, network: failure.status === null });
      setUploadError(t(shown.messageKey, shown.values));
      toast(shown);
    }
  };

  const startImport = useCallback(async () => {
    if (!job) return;
    setImporting(true);
    try {
      const answer = await api.get<unknown>(`import/template/${encodeURIComponent(job.uuid)}/import`);
      const started = Array.isArray(answer) ? (answer as JobStart[]).filter((item) => typeof item?.uuid === 'string' && UUID.test(item.uuid)) : [];
      if (started.length > 0) {
        store.state.asyncJobUuids = withJobUuids(store.state.asyncJobUuids, started.map((item) => item.uuid));
        if (started[0].uuid !== job.uuid) props.setState({ ...view, job: started[0].uuid });
      }
      refresh();
      announceJobsChanged();
    } catch (error) {
      // The api client has shown the toast; a 404 means someone else imported or removed it.
      if ((error as ApiError).status === 404) refresh();
    } finally {
      setImporting(false);
    }
  }, [api, job, props, refresh, store, view]);

  const titleId = `${id}-title`;
  if (mode === 'NONE') {
    return (
      <section className="import-pane ui-pane" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('import.pane.title')}</h2>
        <p role="alert">{t('import.mode.none')}</p>
      </section>
    );
  }

  const feedback = job?.feedback ?? [];
  const counts = countIssues(feedback);
  const checked = job !== null && !job.imported && (job.status === 'completed' || job.status === 'failed');
  const allowed = job !== null && canImport(job, mode);
  const reason =
    job === null || job.imported
      ? null
      : mode !== 'IMPORT'
        ? t('import.mode.verify')
        : errorStatus(job) === 'ERROR' || job.status === 'failed'
          ? t('import.action.blockedByErrors')
          : null;

  return (
    <section className="import-pane ui-pane" aria-labelledby={titleId} onKeyDown={keepEnterOnControls}>
      <h2 id={titleId}>{t('import.pane.title')}</h2>
      <p>{t('import.pane.intro')}</p>
      {mode === 'VERIFY' ? <p role="note">{t('import.mode.verify')}</p> : null}
      <TemplateChooser name={`${id}-template`} value={options?.type ?? null} onChange={chooseType} />
      {options ? (
        <>
          <UploadOptionsForm name={`${id}-options`} options={options} onChange={setOptions} />
          <fieldset>
            <legend>{t('import.step.file')}</legend>
            <FileDrop
              id={`${id}-file`}
              label={t('import.file.pick', { extensions: TEMPLATES[options.type].extensions.join(', ') })}
              dropHint={t('import.file.drop')}
              accept={TEMPLATES[options.type].extensions}
              disabled={phase === 'uploading'}
              onFile={onFile}
              testId="import-file-input"
            />
            {refused ? <p role="alert">{refused}</p> : null}
            {file ? <UploadRow file={file} phase={phase} progress={progress} error={uploadError} /> : null}
            <div className="ui-actions">
              <Button variant="primary" onClick={() => void upload()} disabled={!file || phase === 'uploading' || !optionsReady(options)}>
                {t('import.action.check')}
              </Button>
              {phase === 'uploading' ? (
                <Button onClick={() => abort.current?.abort()}>
                  {t('import.action.cancelUpload')}
                </Button>
              ) : null}
            </div>
          </fieldset>
        </>
      ) : null}
      {jobUuid ? (
        <section aria-labelledby={`${id}-job`}>
          <h3 id={`${id}-job`}>{t('import.job.title', { name: job?.originalFilename ?? '' })}</h3>
          {job ? <JobCard job={job} /> : <p role="status">{t(missing ? 'import.job.missing' : 'import.loading')}</p>}
          {job && (checked || job.imported) && (job.status === 'completed' || job.status === 'failed') ? (
            <ReportView id={`${id}-report`} issues={feedback} fileName={job.originalFilename ?? 'import'} />
          ) : null}
          {checked ? (
            <div className="ui-actions">
              <Button variant="primary" onClick={() => void startImport()} disabled={!allowed || importing} aria-describedby={reason ? `${id}-reason` : undefined}>
                {counts.warnings > 0 && allowed ? t('import.action.importWithWarnings', { warnings: counts.warnings }) : t('import.action.import')}
              </Button>
              {reason ? (
                <span id={`${id}-reason`} className="ui-muted">
                  {reason}
                </span>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}
