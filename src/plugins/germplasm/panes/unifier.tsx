import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { germplasmRowsById } from '../rows-by-id.js';
import { keepEnterOnControls } from '../../../shell/table/control-keys.js';
import { runFromButton } from '../../../shell/table/run-command.js';
import { germplasmTitle, type GermplasmRow } from '../columns.js';
import type { UnifyArgs } from '../unify-args.js';

/**
 * The germplasm unifier (`/data/germplasm-unifier`, curators): the marked germplasm, one chosen as the
 * preferred; a confirmed merge folds the others into it on the server.
 */
export default function UnifierPane(props: PaneProps) {
  const services = useServices();
  const { api, t, store } = services;
  const marked = useSnapshot(store.state).markedIds.germplasm;
  const idText = marked.join(',');
  const ids = useMemo(() => (idText === '' ? [] : idText.split(',').map(Number)), [idText]);
  // Read with swr, in the order of the ids (the link's, or the marking order), so the list does not jump.
  const { data } = useSWR(
    ids.length === 0 ? null : (['germplasm:unifier', idText] as const),
    ([, key]: readonly [string, string]) =>
      // swr never cancels a read; an answer for ids no longer marked is cached under its own key.
      germplasmRowsById(api, key.split(',').map(Number), new AbortController().signal),
    {
      // The rows only change by this pane's own merge (which unmarks the merged ids): no refetch on focus.
      revalidateOnFocus: false,
    },
  );
  const rows: GermplasmRow[] | null = ids.length === 0 ? [] : (data ?? null);
  const [preferred, setPreferred] = useState<number | null>(null);
  const [explanation, setExplanation] = useState('');
  const [confirming, setConfirming] = useState(false);
  // A new set of marked germplasm asks for a new confirmation.
  useEffect(() => setConfirming(false), [idText]);

  // A preferred id that is no longer listed (unmarked or merged away) is no choice.
  const chosen = rows?.some((r) => r.germplasmId === preferred) ? preferred : null;
  const others = rows ? rows.map((r) => r.germplasmId).filter((id) => id !== chosen) : [];
  const titleId = `${props.paneKey}-title`;

  const merge = () => {
    if (chosen === null || others.length === 0) return;
    const args: UnifyArgs = { preferredGermplasmId: chosen, otherGermplasmIds: others };
    if (explanation.trim() !== '') args.explanation = explanation.trim();
    setConfirming(false);
    runFromButton(services, props.paneKey, 'germplasm:unifier', 'germplasm:unify-marked', args);
  };

  return (
    <section className="germplasm-unifier" onKeyDown={keepEnterOnControls} aria-labelledby={titleId} style={{ overflow: 'auto', height: '100%', padding: 8 }}>
      <h2 id={titleId}>{t('germplasm.unifier.title')}</h2>
      <p>{t('germplasm.unifier.intro')}</p>
      {rows === null ? (
        <p role="status">{t('germplasm.loading')}</p>
      ) : rows.length < 2 ? (
        <p>{t('germplasm.unifier.needTwo')}</p>
      ) : (
        <>
          <fieldset>
            <legend>{t('germplasm.unifier.preferred')}</legend>
            {rows.map((row) => (
              <div key={row.germplasmId}>
                <label>
                  <input
                    type="radio"
                    name={`${props.paneKey}-preferred`}
                    value={row.germplasmId}
                    checked={chosen === row.germplasmId}
                    onChange={() => {
                      setPreferred(row.germplasmId);
                      setConfirming(false);
                    }}
                  />{' '}
                  {germplasmTitle(row)} ({String(row.germplasmGid ?? row.germplasmId)})
                </label>
              </div>
            ))}
          </fieldset>
          <p>
            <label>
              {t('germplasm.unifier.explanation')}
              <br />
              <textarea value={explanation} onChange={(e) => setExplanation(e.target.value)} rows={2} cols={50} />
            </label>
          </p>
          {confirming && chosen !== null ? (
            <div role="alert">
              <p>{t('germplasm.unifier.confirm', { count: others.length, preferred: germplasmTitle(rows.find((r) => r.germplasmId === chosen) ?? rows[0]) })}</p>
              <button type="button" onClick={merge}>
                {t('germplasm.unifier.confirmButton')}
              </button>{' '}
              <button type="button" onClick={() => setConfirming(false)}>
                {t('germplasm.unifier.cancel')}
              </button>
            </div>
          ) : (
            <button type="button" disabled={chosen === null} onClick={() => setConfirming(true)}>
              {t('germplasm.unifier.merge')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
