import { MLS_STATUS_MEANINGS, STORAGE_MEANINGS } from '../../../core/mcpd-status-codes.js';
import { useServices } from '../../../shell/pane-api.js';
import { Button } from '../../../shell/ui/index.js';
import type { BasketAccession, BasketInstitute, ExportFormat } from '../schema.js';

/** A code with its meaning in the reader's language; a code outside the MCPD list is shown as it is. */
function useCodeText() {
  const { t } = useServices();
  return (list: 'mls' | 'storage', code: number | string) => {
    const known = (list === 'mls' ? MLS_STATUS_MEANINGS : STORAGE_MEANINGS).has(Number(code));
    return known ? `${code} · ${t(`requestBasket.${list}.${code}`)}` : t('requestBasket.unknownCode', { code: String(code) });
  };
}

function AccessionRow({ accession, onRemove }: { accession: BasketAccession; onRemove(id: number): void }) {
  const { t } = useServices();
  const codeText = useCodeText();
  const label = `${accession.accessionNumber} ${accession.name}`;
  return (
    <tr>
      <th scope="row">{accession.accessionNumber}</th>
      <td>
        {accession.name}
        {accession.taxon ? <div className="ui-muted">{accession.taxon}</div> : null}
      </td>
      <td>{accession.mlsStatus === null ? <span className="ui-muted">{t('requestBasket.none')}</span> : codeText('mls', accession.mlsStatus)}</td>
      <td>
        {accession.storage.length === 0 ? (
          <span className="ui-muted">{t('requestBasket.none')}</span>
        ) : (
          accession.storage.map((code) => <div key={code}>{codeText('storage', code)}</div>)
        )}
      </td>
      <td>{accession.availability ?? <span className="ui-muted">{t('requestBasket.notInData')}</span>}</td>
      <td className="ui-wrap">
        {accession.notes.map((note) => (
          <div key={note} className="ui-text-warning">
            {t(`requestBasket.note.${note}`)}
          </div>
        ))}
        {accession.remarks ? <div className="ui-muted">{t('requestBasket.remarks', { remarks: accession.remarks })}</div> : null}
      </td>
      <td>
        <Button size="sm" variant="ghost" aria-label={t('requestBasket.removeOne', { name: label })} onClick={() => onRemove(accession.germplasmId)}>
          {t('requestBasket.remove')}
        </Button>
      </td>
    </tr>
  );
}

/** One holding institute: its name, code and country, its export buttons, and its accessions. */
export function InstituteSection(props: { institute: BasketInstitute; busy: boolean; onExport(format: ExportFormat): void; onRemove(id: number): void }) {
  const { t } = useServices();
  const { institute } = props;
  const headingId = `request-basket-${institute.key.replace(/[^\w-]/g, '_')}`;
  const title = institute.name ?? institute.code ?? t('requestBasket.noInstitute');
  const facts = [institute.name ? institute.code : null, institute.countryName, institute.email].filter((fact): fact is string => !!fact);
  return (
    <section aria-labelledby={headingId} className="request-basket-institute">
      <h3 id={headingId}>
        {title} <span className="ui-muted">({t('requestBasket.accessions', { count: institute.accessions.length })})</span>
      </h3>
      {facts.length > 0 ? <p className="ui-muted">{facts.join(' · ')}</p> : null}
      <div className="ui-actions" role="group" aria-label={t('requestBasket.exportOne', { institute: title })}>
        <Button size="sm" disabled={props.busy} onClick={() => props.onExport('xlsx')}>
          {t('requestBasket.instituteXlsx')}
        </Button>
        <Button size="sm" disabled={props.busy} onClick={() => props.onExport('csv')}>
          {t('requestBasket.instituteCsv')}
        </Button>
      </div>
      <table className="ui-table">
        <thead>
          <tr>
            <th scope="col">{t('requestBasket.column.number')}</th>
            <th scope="col">{t('requestBasket.column.name')}</th>
            <th scope="col">{t('requestBasket.column.mls')}</th>
            <th scope="col">{t('requestBasket.column.storage')}</th>
            <th scope="col">{t('requestBasket.column.availability')}</th>
            <th scope="col">{t('requestBasket.column.notes')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('requestBasket.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {institute.accessions.map((accession) => (
            <AccessionRow key={accession.germplasmId} accession={accession} onRemove={props.onRemove} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
