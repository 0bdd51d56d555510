import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { removeMarked } from '../../../core/marked-items.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { Button, Field, Input, TextField } from '../../../shell/ui/index.js';
import { exportBasket, setRequester } from '../actions.js';
import { MAX_BASKET_IDS, type BasketAnswer, type ExportFormat } from '../schema.js';
import { InstituteSection } from './institute.js';

/**
 * The request basket (`/request-basket`): the marked germplasm grouped by holding institute, each accession
 * with MLS status, storage, availability and the notes that may stand in the way of sending it; the
 * requester's fields for the cover sheet; export of all or one institute as xlsx or CSV.
 */
export default function RequestBasketPane(_props: PaneProps) {
  const services = useServices();
  const { api, store, t, translator } = services;
  const marked = useSnapshot(store.state).markedIds.germplasm;
  const ids = marked.slice(0, MAX_BASKET_IDS);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [purpose, setPurpose] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => setRequester({ name, email, purpose }), [name, email, purpose]);
  useEffect(() => () => setRequester({}), []);

  const { data, error } = useSWR(ids.length > 0 ? ['request-basket/table', ids.join(',')] : null, ([path]) => api.post<BasketAnswer>(path, { body: { germplasmIds: ids } }), {
    keepPreviousData: true,
  });

  const download = (format: ExportFormat, institute?: string) => {
    setBusy(true);
    exportBasket(services, format, institute)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const remove = (germplasmId: number) => removeMarked(store.state.markedIds, 'germplasm', [germplasmId]);

  return (
    <div className="ui-pane request-basket">
      {/* The tile's title is the pane's heading; the count stands under it. */}
      {ids.length > 0 ? <p className="ui-muted">{t('requestBasket.count', { count: translator.formatNumber(ids.length) })}</p> : null}
      {ids.length === 0 ? (
        <p className="table-empty">{t('requestBasket.empty')}</p>
      ) : (
        <>
          <p className="ui-hint">{t('requestBasket.intro')}</p>
          {marked.length > MAX_BASKET_IDS ? <p className="ui-text-warning">{t('requestBasket.tooMany', { max: translator.formatNumber(MAX_BASKET_IDS) })}</p> : null}
          <section aria-labelledby="request-basket-requester">
            <h3 id="request-basket-requester">{t('requestBasket.requester.title')}</h3>
            <TextField label={t('requestBasket.requester.name')} value={name} onChange={setName} autoComplete="name" />
            <Field label={t('requestBasket.requester.email')}>
              <Input type="email" value={email} autoComplete="email" maxLength={200} onChange={(event) => setEmail(event.target.value)} />
            </Field>
            <Field label={t('requestBasket.requester.purpose')} hint={t('requestBasket.requester.hint')}>
              <textarea value={purpose} rows={3} maxLength={2000} onChange={(event) => setPurpose(event.target.value)} />
            </Field>
          </section>
          <div className="ui-actions" role="group" aria-label={t('requestBasket.exportAll')}>
            <Button variant="primary" disabled={busy} onClick={() => download('xlsx')}>
              {t('requestBasket.command.exportXlsx')}
            </Button>
            <Button disabled={busy} onClick={() => download('csv')}>
              {t('requestBasket.command.exportCsv')}
            </Button>
          </div>
          {error && !data ? (
            <p role="alert" className="ui-error">
              {t('requestBasket.failed')}
            </p>
          ) : !data ? (
            <p aria-busy="true">{t('shell.loading')}</p>
          ) : (
            <>
              {data.missingIds.length > 0 ? <p className="ui-muted">{t('requestBasket.missing', { count: translator.formatNumber(data.missingIds.length) })}</p> : null}
              {data.institutes.map((institute) => (
                <InstituteSection key={institute.key} institute={institute} busy={busy} onExport={(format) => download(format, institute.key)} onRemove={remove} />
              ))}
            </>
          )}
        </>
      )}
    </div>
  );
}
