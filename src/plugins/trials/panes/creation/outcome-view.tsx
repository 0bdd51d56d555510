import { useServices } from '../../../../shell/pane-api.js';
import type { SaveOutcome } from './save-plots.js';

/** Names listed under a heading, at most this many; the rest are counted. */
const LISTED = 50;

/** A list of names under its title, the first few dozen named and the rest counted. */
export function NameList(props: { title: string; names: readonly string[] }) {
  const { t } = useServices();
  if (props.names.length === 0) return null;
  const rest = props.names.length - LISTED;
  return (
    <>
      <p>{props.title}</p>
      <ul className="trial-names">
        {props.names.slice(0, LISTED).map((name) => (
          <li key={name}>{name}</li>
        ))}
        {rest > 0 ? <li>{t('trials.creation.save.more', { count: rest })}</li> : null}
      </ul>
    </>
  );
}

/**
 * Why a save was refused, in words: the germplasm that are unknown (found before sending), or the
 * server's reason with the cells it names. Nothing else of the wizard changes.
 */
export function RefusalView(props: { outcome: Exclude<SaveOutcome, { ok: true }> }) {
  const { t } = useServices();
  const { outcome } = props;
  if ('unknown' in outcome) {
    const { missing, ambiguous } = outcome.unknown;
    return (
      <div role="alert" className="trial-problems">
        <p>
          <strong>{t('trials.creation.save.notSaved')}</strong>
        </p>
        <NameList title={t('trials.creation.save.missing', { count: missing.length })} names={missing} />
        <NameList title={t('trials.creation.save.ambiguous', { count: ambiguous.length })} names={ambiguous} />
      </div>
    );
  }
  const { problem } = outcome;
  return (
    <div role="alert" className="trial-problems">
      <p>
        <strong>{t('trials.creation.save.notSaved')}</strong> {t(problem.key)}
      </p>
      {problem.cells.length > 0 ? (
        <ul className="trial-names">
          {problem.cells.map((cell) => (
            <li key={`${cell.row}:${cell.column}`}>{t('trials.creation.save.cell', { row: cell.row, column: cell.column })}</li>
          ))}
        </ul>
      ) : null}
      {problem.detail ? <p>{problem.detail}</p> : null}
    </div>
  );
}
