import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useHasRole } from '../../../../shell/pane-dialog.js';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { keepEnterOnControls } from '../../../../shell/table/control-keys.js';
import { runFromButton } from '../../../../shell/table/run-command.js';
import { Button } from '../../../../shell/ui/index.js';
import { PANE } from '../ids.js';
import { CollectStep } from './collect-step.js';
import { registerWizard } from './controls.js';
import { DesignStep } from './design-step.js';
import {
  blockedAt,
  designOf,
  emptyDraft,
  hasUnsavedWork,
  layoutOf,
  moved,
  stepIndex,
  STEPS,
  type Draft,
  type SavedTrial,
  type StepId,
} from './draft.js';
import { dropDraft, storeDraft, storedDraft } from './draft-store.js';
import { GermplasmStep } from './germplasm-step.js';
import { useCreationStyles } from './styles.js';

/** Parts of the draft whose change makes a saved layout another one: the next save is a new trial. */
const LAYOUT_PARTS: readonly (keyof Draft)[] = ['entries', 'source', 'designer', 'file'];

/**
 * While the draft has unsaved work, the workspace asks before it closes or replaces the wizard (and the
 * browser before the tab goes); choosing to leave drops the draft. A wizard that goes with nothing unsaved
 * drops its draft too, so the next one starts empty; unsaved work taken away without the question (a
 * session that ended turned the pane into a login or 403 page) stays for the wizard that comes back.
 */
function useLeaveGuard(paneKey: string, unsaved: boolean): void {
  const { workspace } = useServices();
  useEffect(() => {
    if (!unsaved) return;
    workspace.setLeaveGuard(paneKey, { messageKey: 'trials.creation.leaveMessage', onLeave: () => dropDraft(paneKey) });
    return () => workspace.setLeaveGuard(paneKey, null);
  }, [paneKey, unsaved, workspace]);
  useEffect(
    () => () => {
      const kept = storedDraft(paneKey);
      const gone = workspace.instance(paneKey)?.type !== PANE.create;
      if (gone && !(kept && hasUnsavedWork(kept))) dropDraft(paneKey);
    },
    [paneKey, workspace],
  );
}

function Stepper(props: { current: StepId; onBack(step: StepId): void }) {
  const { t } = useServices();
  const current = stepIndex(props.current);
  return (
    <ol className="trial-steps" aria-label={t('trials.creation.steps')}>
      {STEPS.map((step, index) => (
        <li key={step} aria-current={index === current ? 'step' : undefined}>
          <span className="trial-step-number" aria-hidden="true">
            {index + 1}
          </span>
          <span className="visually-hidden">{t('trials.creation.stepOf', { step: index + 1, steps: STEPS.length })}</span>
          {index < current ? (
            <button type="button" onClick={() => props.onBack(step)}>
              {t(`trials.creation.step.${step}`)}
            </button>
          ) : (
            t(`trials.creation.step.${step}`)
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * Trial creation (`/data/trials/create`, curators): three steps — the germplasm, the layout, and saving it
 * to a trials dataset for data collection. Next and previous are commands (Alt+Page Down/Up) and buttons;
 * the focus moves to the new step's heading. Leaving with unsaved changes asks first (the workspace's leave guard).
 */
export default function TrialCreationPane(props: PaneProps) {
  useCreationStyles();
  const services = useServices();
  const { t } = services;
  const allowed = useHasRole('DATA_CURATOR');
  const { paneKey } = props;
  const [draft, setDraftState] = useState<Draft>(() => storedDraft(paneKey) ?? emptyDraft());
  const [blocked, setBlocked] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusStep = useRef(false);
  const titleId = `${paneKey}-title`;

  const setDraft = useCallback(
    (update: (old: Draft) => Draft) =>
      setDraftState((old) => {
        const next = update(old);
        storeDraft(paneKey, next);
        return next;
      }),
    [paneKey],
  );
  const change = useCallback(
    (patch: Partial<Draft>) => {
      setBlocked(null);
      const layoutChanged = LAYOUT_PARTS.some((part) => part in patch);
      setDraft((old) => ({ ...old, ...patch, dirty: true, saved: layoutChanged ? null : old.saved }));
    },
    [setDraft],
  );
  // Laid out again only when what it is made of changes (not while the dataset form is typed in).
  const design = useMemo(() => designOf({ entries: draft.entries, designer: draft.designer }), [draft.entries, draft.designer]);
  const layout = layoutOf(draft, design);

  const go = useCallback(
    (delta: 1 | -1) => {
      const next = moved(draft, delta, design);
      if (next === draft) {
        if (delta === 1 && draft.step !== 'collect') setBlocked(blockedAt(draft, design));
        return;
      }
      setBlocked(null);
      focusStep.current = true;
      setDraft(() => next);
    },
    [draft, design, setDraft],
  );
  const goBackTo = (step: StepId) => {
    setBlocked(null);
    focusStep.current = true;
    setDraft((old) => ({ ...old, step }));
  };
  const onSaved = useCallback((saved: SavedTrial) => setDraft((old) => ({ ...old, saved, dirty: false })), [setDraft]);

  // The step commands act on the wizard they are run in; the newest `go` is the one they call.
  const goRef = useRef(go);
  goRef.current = go;
  useEffect(() => registerWizard(paneKey, { next: () => goRef.current(1), previous: () => goRef.current(-1) }), [paneKey]);
  useEffect(() => {
    if (!focusStep.current) return;
    focusStep.current = false;
    heading.current?.focus();
  }, [draft.step]);
  useLeaveGuard(paneKey, hasUnsavedWork(draft));

  const startOver = () => {
    setBlocked(null);
    focusStep.current = true;
    setDraft(() => emptyDraft());
  };

  if (!allowed) {
    return (
      <section className="ui-pane" aria-labelledby={titleId} data-pane={props.instance.type}>
        <h2 id={titleId}>{t('trials.pane.create')}</h2>
        <p>{t('trials.creation.curatorsOnly')}</p>
      </section>
    );
  }

  const index = stepIndex(draft.step);
  const stepTitleId = `${paneKey}-step`;
  return (
    <section className="ui-pane trial-creation" aria-labelledby={titleId} data-pane={props.instance.type} onKeyDown={keepEnterOnControls}>
      <div className="ui-pane-header">
        <h2 id={titleId}>{t('trials.pane.create')}</h2>
        {draft.saved ? (
          <div className="ui-actions">
            <Button onClick={startOver}>{t('trials.creation.startOver')}</Button>
          </div>
        ) : null}
      </div>
      <Stepper current={draft.step} onBack={goBackTo} />
      <div className="trial-step" role="group" aria-labelledby={stepTitleId}>
        <h3 id={stepTitleId} ref={heading} tabIndex={-1}>
          {t('trials.creation.stepHeading', { step: index + 1, title: t(`trials.creation.step.${draft.step}`) })}
        </h3>
        {draft.step === 'germplasm' ? (
          <GermplasmStep entries={draft.entries} onChange={(entries) => change({ entries })} />
        ) : draft.step === 'design' ? (
          <DesignStep draft={draft} design={design} paneKey={paneKey} onChange={change} />
        ) : (
          <CollectStep draft={draft} layout={layout} onChange={change} onSaved={onSaved} />
        )}
      </div>
      {blocked ? (
        <p role="alert" className="ui-text-error">
          {t(blocked)}
        </p>
      ) : null}
      <nav className="trial-step-nav" aria-label={t('trials.creation.stepNavigation')}>
        <Button disabled={index === 0} aria-keyshortcuts="Alt+PageUp" onClick={() => runFromButton(services, paneKey, PANE.create, 'trials:creation-previous-step')}>
          {t('trials.creation.previous')}
        </Button>
        {index < STEPS.length - 1 ? (
          <Button
            className="trial-next"
            variant="primary"
            aria-keyshortcuts="Alt+PageDown"
            onClick={() => runFromButton(services, paneKey, PANE.create, 'trials:creation-next-step')}
          >
            {t('trials.creation.next')}
          </Button>
        ) : null}
      </nav>
    </section>
  );
}
