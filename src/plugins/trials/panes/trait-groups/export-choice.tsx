import { useId, useRef, useState } from 'react';
import { GroupSelect } from '../../../../shell/groups/group-select.js';
import { readMemberIds, readMemberNames, useGroups } from '../../../../shell/groups/reads.js';
import { useServices } from '../../../../shell/pane-api.js';
import { Field } from '../../../../shell/ui/Field.js';
import { ensureStyle } from '../../../../shell/widgets/styles.js';
import { traitGroupKind } from './kind.js';
import { splitMembers } from './split-members.js';

/** Names of a group's traits without data in the datasets that are listed; the rest are counted. */
const MISSING_SHOWN = 20;

/** The choice's few rules beyond the design system's classes (added once, with its chunk). */
const CSS = `
.trials-group-choice { margin-bottom: var(--space-2); }
.trials-group-choice .ui-select { width: 100%; }
.trials-group-choice .ui-field { margin-bottom: var(--space-1); }
.trials-group-outcome:not(:empty) { margin-top: var(--space-2); font-size: var(--text-sm); }
.trials-group-outcome p { margin: 0; }
.trials-group-missing { margin: var(--space-1) 0 0; padding-left: var(--space-4); max-height: 6rem; overflow-y: auto; }
`;

type Outcome = { kind: 'reading' } | { kind: 'failed' } | { kind: 'ticked'; ticked: number; missing: number; names: string[] };

export interface TraitGroupChoiceProps {
  /** The traits with data in the chosen datasets, in the list's order. */
  traitIds: readonly number[];
  /** Ticks these traits in place of the ones ticked. */
  onTick(traitIds: number[]): void;
}

/**
 * "Trait group" above a trait list: choosing a group ticks its members that have data in the chosen
 * datasets, and lists the others as not in these datasets (a group is made across trials, a dataset holds
 * some of its traits). Shown once the caller sees a trait group.
 */
export function TraitGroupChoice(props: TraitGroupChoiceProps) {
  ensureStyle('trials-trait-group-choice', CSS);
  const { api, t, translator } = useServices();
  const groups = useGroups(traitGroupKind, null);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = useId();
  // Only the last choice's answers count; the latest props are read when they arrive.
  const latest = useRef(0);
  const current = useRef(props);
  current.current = props;

  const list = groups.data ?? [];
  if (list.length === 0) return null;

  const choose = (chosen: number | null) => {
    setGroupId(chosen);
    const turn = ++latest.current;
    if (chosen === null) {
      setOutcome(null);
      return;
    }
    setOutcome({ kind: 'reading' });
    readMemberIds(api, traitGroupKind, chosen)
      .then(async (ids) => {
        if (turn !== latest.current) return;
        const split = splitMembers(ids, current.current.traitIds);
        current.current.onTick(split.inData);
        const names = await readMemberNames(api, traitGroupKind, chosen, split.missing, MISSING_SHOWN).catch(() => []);
        if (turn === latest.current) setOutcome({ kind: 'ticked', ticked: split.inData.length, missing: split.missing.length, names });
      })
      .catch(() => {
        if (turn === latest.current) setOutcome({ kind: 'failed' });
      });
  };

  return (
    <div className="trials-group-choice">
      <Field label={t('trials.traitGroups.exportLabel')} hint={t('trials.traitGroups.exportHint')}>
        <GroupSelect kind={traitGroupKind} id={id} groups={list} value={groupId} onChange={choose} noneLabel={t('trials.traitGroups.choose')} />
      </Field>
      <div role="status" aria-live="polite" className="trials-group-outcome">
        {outcome?.kind === 'reading' ? <p className="ui-hint">{t('trials.traitGroups.reading')}</p> : null}
        {outcome?.kind === 'failed' ? <p className="ui-error">{t('trials.traitGroups.membersFailed')}</p> : null}
        {outcome?.kind === 'ticked' ? (
          <>
            <p>{t('trials.traitGroups.ticked', { count: outcome.ticked })}</p>
            {outcome.missing > 0 ? (
              <>
                <p>{t('trials.traitGroups.notInDatasets', { count: outcome.missing })}</p>
                <ul className="trials-group-missing">
                  {outcome.names.map((name, index) => (
                    <li key={`${index}-${name}`}>{name}</li>
                  ))}
                  {outcome.missing > outcome.names.length ? <li>{t('trials.traitGroups.andMore', { count: translator.formatNumber(outcome.missing - outcome.names.length) })}</li> : null}
                </ul>
              </>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
