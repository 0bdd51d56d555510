import { useId, useState } from 'react';
import { useServices } from '../../../../shell/pane-api.js';
import { Button, Field, FileDrop } from '../../../../shell/ui/index.js';
import { readFieldbook } from '../../design/fieldbook.js';
import type { DesignMessage } from '../../design/messages.js';
import { ProblemList } from './layout-preview.js';
import { RefusalView } from './outcome-view.js';
import { savePlots, type SaveOutcome } from './save-plots.js';

/** Fieldbook files larger than this are refused unread. */
const MAX_FIELDBOOK_BYTES = 20 * 1024 * 1024;

/**
 * More plots for the saved trial's dataset from a fieldbook: pasted or uploaded text, one plot per line
 * (germplasm, row, column). Every bad line gets its own message, an empty text "data is required"; only a
 * fieldbook without problems is sent.
 */
export function FieldbookInput(props: { datasetId: number; datasetName: string }) {
  const { api, t, toast } = useServices();
  const id = useId();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<DesignMessage[]>([]);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [busy, setBusy] = useState(false);

  const readFile = async (file: File) => {
    if (file.size > MAX_FIELDBOOK_BYTES) {
      toast({ titleKey: 'trials.pane.create', messageKey: 'trials.creation.file.tooLarge', variant: 'warning', autoHideMs: 5000, append: true });
      return;
    }
    setText(await file.text());
    setProblems([]);
    setOutcome(null);
  };

  const add = async () => {
    setOutcome(null);
    const read = readFieldbook(text);
    setProblems(read.problems);
    if (read.problems.length > 0) return;
    setBusy(true);
    const result = await savePlots(api, props.datasetId, read.plots, true);
    setBusy(false);
    setOutcome(result);
    if (result.ok) setText('');
  };

  return (
    <section className="trial-fieldbook" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('trials.creation.fieldbook.title')}</h4>
      <p>{t('trials.creation.fieldbook.intro', { dataset: props.datasetName })}</p>
      <Field label={t('trials.creation.fieldbook.label')} hint={t('trials.creation.fieldbook.hint')}>
        <textarea
          className="ui-input"
          rows={6}
          value={text}
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <FileDrop
        id={`${id}-file`}
        label={t('trials.creation.fieldbook.file')}
        dropHint={t('trials.creation.file.drop')}
        accept={['.txt', '.csv', '.tsv', 'text/plain', 'text/csv', 'text/tab-separated-values']}
        onFile={(file) => void readFile(file)}
      />
      <div className="ui-actions">
        <Button variant="primary" disabled={busy} onClick={() => void add()}>
          {t('trials.creation.fieldbook.add')}
        </Button>
      </div>
      <ProblemList title={t('trials.creation.fieldbook.problems', { count: problems.length })} problems={problems} />
      {outcome ? (
        outcome.ok ? (
          <p role="status" className="trial-ok">
            {t('trials.creation.fieldbook.added', { plots: outcome.plots, dataset: props.datasetName })}
          </p>
        ) : (
          <RefusalView outcome={outcome} />
        )
      ) : null}
    </section>
  );
}
