import { useId, useMemo } from 'react';
import { useServices } from '../../../../shell/pane-api.js';
import { downloadFile } from '../../../../shell/table/download.js';
import { Button, Checkbox, Field, FileDrop, Select, Tabs } from '../../../../shell/ui/index.js';
import type { DesignResult } from '../../design/designer.js';
import { readLayoutFile } from '../../design/layout-file.js';
import { checkNames, fittedField, newSeed, plotsNeeded, type DesignerFields, type Draft, type LayoutFile } from './draft.js';
import { LayoutPreview, ProblemList } from './layout-preview.js';
import { entryListText, fieldhubUrl } from './save.js';

/** Layout files larger than this are refused unread: a field book of 100,000 plots stays far below it. */
const MAX_LAYOUT_BYTES = 20 * 1024 * 1024;

function DesignerForm(props: { draft: Draft; design: DesignResult; onChange(fields: DesignerFields): void }) {
  const { t } = useServices();
  const f = props.draft.designer;
  const set = (patch: Partial<DesignerFields>) => props.onChange({ ...f, ...patch });
  const fit = () => {
    const field = fittedField(plotsNeeded(props.draft.entries, f), props.draft.entries.length);
    set({ rows: String(field.rows), columns: String(field.columns) });
  };
  const checks = useMemo(() => checkNames(props.draft.entries), [props.draft.entries]);
  return (
    <>
      <div className="trial-fields">
        <Field className="trial-wide" label={t('trials.creation.design.design')}>
          <Select value={f.design} onChange={(e) => set({ design: e.target.value === 'unreplicated' ? 'unreplicated' : 'rcbd' })}>
            <option value="rcbd">{t('trials.creation.design.rcbd')}</option>
            <option value="unreplicated">{t('trials.creation.design.unreplicated')}</option>
          </Select>
        </Field>
        <Field label={t('trials.creation.design.replicates')}>
          <input className="ui-input" inputMode="numeric" value={f.design === 'unreplicated' ? '1' : f.replicates} disabled={f.design === 'unreplicated'} onChange={(e) => set({ replicates: e.target.value })} />
        </Field>
        <Field label={t('trials.creation.design.rows')}>
          <input className="ui-input" inputMode="numeric" value={f.rows} onChange={(e) => set({ rows: e.target.value })} />
        </Field>
        <Field label={t('trials.creation.design.columns')}>
          <input className="ui-input" inputMode="numeric" value={f.columns} onChange={(e) => set({ columns: e.target.value })} />
        </Field>
        <Field className="trial-seed" label={t('trials.creation.design.seed')} hint={t('trials.creation.design.seedHint')}>
          <input className="ui-input" inputMode="numeric" value={f.seed} onChange={(e) => set({ seed: e.target.value })} />
        </Field>
      </div>
      <Checkbox label={t('trials.creation.design.serpentine')} checked={f.serpentine} onChange={(serpentine) => set({ serpentine })} />
      <div className="ui-actions">
        <Button size="sm" onClick={fit}>
          {t('trials.creation.design.fit')}
        </Button>
        <Button size="sm" onClick={() => set({ seed: newSeed() })}>
          {t('trials.creation.design.newSeed')}
        </Button>
      </div>
      {props.design.ok ? (
        <LayoutPreview plots={props.design.plots} checks={checks} />
      ) : (
        <ProblemList title={t('trials.creation.design.problems')} problems={props.design.problems} />
      )}
    </>
  );
}

function LayoutFileForm(props: { draft: Draft; onFile(file: LayoutFile): void }) {
  const { t, settings, toast } = useServices();
  const id = useId();
  const checks = useMemo(() => checkNames(props.draft.entries), [props.draft.entries]);
  const file = props.draft.file;
  const names = props.draft.entries.map((e) => e.name);

  const read = async (picked: File) => {
    if (picked.size > MAX_LAYOUT_BYTES) {
      toast({ titleKey: 'trials.pane.create', messageKey: 'trials.creation.file.tooLarge', variant: 'warning', autoHideMs: 5000, append: true });
      return;
    }
    const result = readLayoutFile(await picked.text());
    props.onFile({ name: picked.name, plots: result.plots, problems: result.problems });
  };

  return (
    <>
      <ol>
        <li>
          {t('trials.creation.file.stepList')}{' '}
          <Button size="sm" disabled={names.length === 0} onClick={() => downloadFile(new Blob([entryListText(names)], { type: 'text/plain;charset=utf-8' }), 'trial-germplasm.txt')}>
            {t('trials.creation.file.downloadList')}
          </Button>
        </li>
        <li>
          {t('trials.creation.file.stepTool')}{' '}
          <a href={fieldhubUrl(settings.fieldhubUrl)} target="_blank" rel="noopener noreferrer">
            {t('trials.creation.file.openTool')}
            <span className="visually-hidden"> {t('trials.creation.newTab')}</span>
          </a>
        </li>
        <li>{t('trials.creation.file.stepUpload')}</li>
      </ol>
      <FileDrop
        id={`${id}-layout`}
        label={t('trials.creation.file.label')}
        dropHint={t('trials.creation.file.drop')}
        accept={['.csv', '.tsv', '.txt', 'text/csv', 'text/tab-separated-values', 'text/plain']}
        onFile={(picked) => void read(picked)}
        testId="trial-layout-file"
      />
      {file ? (
        file.problems.length > 0 ? (
          <ProblemList title={t('trials.creation.file.problems', { name: file.name })} problems={file.problems} />
        ) : (
          <>
            <p role="status" className="trial-ok">
              {t('trials.creation.file.read', { name: file.name, plots: file.plots.length })}
            </p>
            <LayoutPreview plots={file.plots} checks={checks} />
          </>
        )
      ) : null}
    </>
  );
}

/**
 * Step two: the layout, from the built-in designer (design, replicates, field size, serpentine numbering,
 * seed; previewed as the field) or from the external field-design tool, whose layout file comes back here.
 */
export function DesignStep(props: { draft: Draft; design: DesignResult; onChange(patch: Partial<Draft>): void; paneKey: string }) {
  const { t } = useServices();
  const { draft } = props;
  return (
    <Tabs
      idPrefix={`${props.paneKey}-design`}
      label={t('trials.creation.design.source')}
      tabs={[
        { id: 'designer', label: t('trials.creation.design.designer') },
        { id: 'file', label: t('trials.creation.design.external') },
      ]}
      selected={draft.source}
      onSelect={(source) => props.onChange({ source: source === 'file' ? 'file' : 'designer' })}
    >
      {draft.source === 'designer' ? (
        <DesignerForm draft={draft} design={props.design} onChange={(designer) => props.onChange({ designer })} />
      ) : (
        <LayoutFileForm draft={draft} onFile={(file) => props.onChange({ file })} />
      )}
    </Tabs>
  );
}
