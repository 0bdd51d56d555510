import { useEffect, useState } from 'react';
import { useServices } from '../../../../shell/pane-api.js';
import { Button } from '../../../../shell/ui/Button.js';
import { Field } from '../../../../shell/ui/Field.js';
import { Modal } from '../../../../shell/ui/Modal.js';
import { datasetCount, TRAIT_MARK_TYPE, type TraitRow } from './columns.js';
import { searchFilters } from './search.js';
import { unifyRequest, withoutTrait, withTrait } from './unify.js';

const FOUND_LIMIT = 10;
const SEARCH_DELAY_MS = 300;

/**
 * Trait unification (administrators): the traits to merge (the marked ones to start with, others found
 * by name), the one to keep, a confirmation, then `trait/unify`. The server moves the others' values,
 * attributes and images to the kept trait, makes their names its synonyms and deletes them.
 */
export function UnifyDialog(props: { onClose(): void; onUnified(): void }) {
  const services = useServices();
  const { api, t, store, translator } = services;
  const [chosen, setChosen] = useState<number[]>(() => (TRAIT_MARK_TYPE ? [...store.state.markedIds[TRAIT_MARK_TYPE]] : []));
  const [known, setKnown] = useState<ReadonlyMap<number, TraitRow>>(new Map());
  const [preferred, setPreferred] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<TraitRow[] | null>(null);
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const remember = (rows: readonly TraitRow[]) => setKnown((old) => new Map([...old, ...rows.map((row): [number, TraitRow] => [row.traitId, row])]));

  // The chosen traits not read yet (the marked ones) are read by id.
  const missing = chosen.filter((id) => !known.has(id)).join(',');
  useEffect(() => {
    if (missing === '') return;
    const ids = missing.split(',');
    const controller = new AbortController();
    api
      .table<TraitRow>('trait/table', { page: 1, limit: ids.length, filter: [{ column: 'traitId', comparator: 'inSet', values: ids }] }, { signal: controller.signal })
      .then((result) => remember(result.data))
      .catch(() => {});
    return () => controller.abort();
  }, [api, missing]);

  useEffect(() => {
    const filter = searchFilters(query);
    if (filter.length === 0) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .table<TraitRow>('trait/table', { page: 1, limit: FOUND_LIMIT, orderBy: 'traitName', ascending: 1, filter }, { signal: controller.signal })
        .then((result) => {
          remember(result.data);
          setFound(result.data);
        })
        .catch(() => {});
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, query]);

  const request = unifyRequest(chosen, preferred);
  const nameOf = (id: number) => known.get(id)?.traitName || String(id);
  const describe = (row: TraitRow | undefined) =>
    row ? t('trials.traits.unify.traitData', { values: translator.formatNumber(row.count ?? 0), datasets: datasetCount(row), id: row.traitId }) : '';
  const change = (next: number[]) => {
    setChosen(next);
    setConfirming(false);
  };

  const unify = () => {
    if (typeof request === 'string' || busy) return;
    setBusy(true);
    const values = request.otherTraitIds.reduce((sum, id) => sum + (known.get(id)?.count ?? 0), 0);
    api
      .post<boolean>('trait/unify', { body: request })
      .then(() => {
        services.toast({
          titleKey: 'trials.traits.unify.doneTitle',
          messageKey: 'trials.traits.unify.done',
          values: { count: String(request.otherTraitIds.length), preferred: nameOf(request.preferredTraitId), values: translator.formatNumber(values) },
          variant: 'success',
          autoHideMs: 5000,
          append: true,
        });
        if (TRAIT_MARK_TYPE) store.unmarkItems(TRAIT_MARK_TYPE, request.otherTraitIds);
        props.onUnified();
      })
      .catch(() => {
        // The api client has shown the server's message.
      })
      .finally(() => setBusy(false));
  };

  return (
    <Modal open wide title={t('trials.traits.unify.title')} onClose={props.onClose} closeLabel={t('trials.traits.unify.cancel')}>
      <p>{t('trials.traits.unify.intro')}</p>
      <Field label={t('trials.traits.unify.find')} hint={t('trials.traits.unify.findHint')}>
        <input className="ui-input" type="search" value={query} maxLength={1000} onChange={(event) => setQuery(event.target.value)} />
      </Field>
      {found === null ? null : found.length === 0 ? (
        <p role="status">{t('trials.traits.unify.noneFound')}</p>
      ) : (
        <ul className="trials-unify-found" aria-label={t('trials.traits.unify.found')}>
          {found.map((row) => (
            <li key={row.traitId} className="ui-choice">
              <Button size="sm" disabled={chosen.includes(row.traitId)} onClick={() => change(withTrait(chosen, row.traitId))}>
                {t('trials.traits.unify.add', { name: row.traitName })}
              </Button>
              <span className="ui-muted">{describe(row)}</span>
            </li>
          ))}
        </ul>
      )}
      <fieldset>
        <legend>{t('trials.traits.unify.chosen')}</legend>
        {chosen.length < 2 ? <p role="status">{t('trials.traits.unify.needTwo')}</p> : null}
        {chosen.map((id) => (
          <div key={id} className="ui-choice">
            <label className="ui-check">
              <input
                type="radio"
                name="trials-unify-preferred"
                checked={preferred === id}
                onChange={() => {
                  setPreferred(id);
                  setConfirming(false);
                }}
              />
              <span>
                {nameOf(id)} <span className="ui-muted">{describe(known.get(id))}</span>
              </span>
            </label>
            <Button size="sm" variant="ghost" onClick={() => change(withoutTrait(chosen, id))} aria-label={t('trials.traits.unify.remove', { name: nameOf(id) })}>
              {t('trials.traits.unify.removeShort')}
            </Button>
          </div>
        ))}
        {tried && request === 'needPreferred' ? (
          <p role="alert" className="ui-error">
            {t('trials.traits.unify.needPreferred')}
          </p>
        ) : null}
      </fieldset>
      {confirming && typeof request !== 'string' ? (
        <div role="alert" className="trials-unify-confirm">
          <p>
            {t('trials.traits.unify.confirm', {
              count: request.otherTraitIds.length,
              others: request.otherTraitIds.map(nameOf).join(', '),
              preferred: nameOf(request.preferredTraitId),
            })}
          </p>
          <div className="modal-actions">
            <Button autoFocus onClick={() => setConfirming(false)}>
              {t('trials.traits.unify.back')}
            </Button>
            <Button variant="danger" aria-disabled={busy} onClick={unify}>
              {t(busy ? 'trials.traits.unify.busy' : 'trials.traits.unify.confirmButton')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="modal-actions">
          <Button onClick={props.onClose}>{t('trials.traits.unify.cancel')}</Button>
          <Button
            variant="primary"
            aria-disabled={typeof request === 'string'}
            onClick={() => {
              setTried(true);
              if (typeof request !== 'string') setConfirming(true);
            }}
          >
            {t('trials.traits.command.unify')}
          </Button>
        </div>
      )}
    </Modal>
  );
}
