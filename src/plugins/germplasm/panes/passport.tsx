import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Filter } from '../../../core/table-request.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { Comments } from '../../../shell/widgets/Comments.js';
import { keepEnterOnControls } from '../../../shell/table/control-keys.js';
import { germplasmTitle, type GermplasmRow } from '../columns.js';
import { PassportDatasets } from './passport-datasets.js';
import { PASSPORT_SLOT, SlotSections, type PassportSectionProps } from '../../../shell/sections.js';
import { displayValue } from '../compare.js';
import { Checkbox } from '../../../shell/ui/Field.js';
import { codesOf, countryCode2, countryName, isCodedField, MCPD_FIELDS, mcpdDateText, pdciText, resolveFilters } from '../passport-data.js';

// maplibre is large: its own chunk, loaded only when a passport has coordinates.
const MapView = lazy(() => import('../../../shell/widgets/MapView.js').then((m) => ({ default: m.MapView })));

interface Institution {
  institutionId: number;
  institutionName?: string;
  institutionCode?: string;
  institutionType?: string;
  countryName?: string;
}
interface Attribute {
  attributeValueId: number;
  attributeName?: string;
  attributeDescription?: string;
  attributeValue?: string;
}

/** The passport of one germplasm (`/data/germplasm/:germplasmId`): MCPD record, institutions, site, attributes, comments. */
export default function PassportPane(props: PaneProps) {
  const { api, store, t, settings, translator } = useServices();
  const param = props.instance.params.germplasmId ?? '';
  const [row, setRow] = useState<GermplasmRow | null | undefined>(undefined);
  const [mcpd, setMcpd] = useState<Record<string, unknown> | null>(null);
  const [institutions, setInstitutions] = useState<Institution[]>([]);
  const [attributes, setAttributes] = useState<Attribute[]>([]);
  const marked = useSnapshot(store.state).markedIds.germplasm;

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    setRow(undefined);
    api
      .table<GermplasmRow>('germplasm/table', { page: 1, limit: 1, filter: resolveFilters(param) }, { signal })
      .then((result) => {
        const found = result.data[0] ?? null;
        setRow(found);
        if (!found) return;
        const id = found.germplasmId;
        store.pushRecent('germplasm', id);
        const byId: Filter[] = [{ column: 'germplasmId', comparator: 'equals', values: [id] }];
        api.get<Record<string, unknown> | null>(`germplasm/${id}/mcpd`, { signal }).then((m) => setMcpd(m ?? null), () => {});
        api
          .table<Institution>(`germplasm/${id}/institution/table`, { page: 1, limit: 100 }, { signal })
          .then((r) => setInstitutions(r.data), () => {});
        api
          .table<Attribute>('germplasm/attribute', { page: 1, limit: 200, filter: byId }, { signal })
          .then((r) => setAttributes(r.data), () => {});
      })
      .catch(() => {});
    return () => controller.abort();
  }, [api, store, param]);

  const point = useMemo(() => {
    if (!row || typeof row.latitude !== 'number' || typeof row.longitude !== 'number') return null;
    return [{ latitude: row.latitude, longitude: row.longitude, label: displayValue(row.location) || germplasmTitle(row) }];
  }, [row]);

  if (row === undefined) return <p role="status">{t('germplasm.loading')}</p>;
  if (row === null) return <h2>{t('germplasm.passport.noData')}</h2>;

  const id = row.germplasmId;
  const title = germplasmTitle(row);
  const isMarked = marked.includes(id);
  const synonyms = Array.isArray(row.synonyms) ? row.synonyms.map(String) : [];
  const languageTag = translator.intl.locale;

  /** A value as a reader understands it: codes with their meaning, dates as DD/MM/YYYY, countries by name. */
  const mcpdValue = (field: string, value: unknown) => {
    if (isCodedField(field)) {
      return (
        <>
          {codesOf(field, value).map(({ code, key }, index) => (
            <span key={code} className="passport-code">
              {index > 0 ? '; ' : null}
              <code className="ui-code">{code}</code> {key ? t(key) : null}
            </span>
          ))}
        </>
      );
    }
    if (field === 'acqdate' || field === 'colldate') return <>{mcpdDateText(value, translator.formatDate)}</>;
    if (field === 'origcty') {
      const name = countryName(countryCode2(displayValue(value)), languageTag);
      return (
        <>
          <code className="ui-code">{displayValue(value)}</code> {name}
        </>
      );
    }
    return <>{displayValue(value)}</>;
  };

  return (
    <article className="germplasm-passport ui-pane" onKeyDown={keepEnterOnControls} aria-labelledby={`${props.paneKey}-title`}>
      <header className="ui-pane-header">
        <h2 id={`${props.paneKey}-title`}>
          {title} {row.entityTypeName ? <span className="ui-badge">{displayValue(row.entityTypeName)}</span> : null}
        </h2>
        <Checkbox label={t('germplasm.passport.marked')} checked={isMarked} onChange={() => store.toggleMark('germplasm', id)} />
      </header>

      {typeof row.pdci === 'number' ? (
        <section aria-labelledby={`${props.paneKey}-pdci`}>
          <h3 id={`${props.paneKey}-pdci`}>{t('germplasm.pdci.title')}</h3>
          <p>{t('germplasm.pdci.score', { pdci: pdciText(row.pdci) })}</p>
          <p>{t('germplasm.pdci.explanation')}</p>
        </section>
      ) : null}

      {synonyms.length > 0 ? (
        <section aria-labelledby={`${props.paneKey}-syn`}>
          <h3 id={`${props.paneKey}-syn`}>{t('germplasm.passport.synonyms')}</h3>
          <ul>
            {synonyms.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby={`${props.paneKey}-mcpd`}>
        <h3 id={`${props.paneKey}-mcpd`}>{t('germplasm.passport.mcpd')}</h3>
        {mcpd ? (
          <table className="ui-table ui-table-kv">
            <tbody>
              {MCPD_FIELDS.filter((f) => displayValue(mcpd[f]) !== '').map((field) => (
                <tr key={field}>
                  <th scope="row">
                    {t(`germplasm.mcpd.${field}`)} <code className="ui-code">{field.toUpperCase()}</code>
                  </th>
                  <td>
                    {mcpdValue(field, mcpd[field])}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>{t('germplasm.passport.noMcpd')}</p>
        )}
      </section>

      <section aria-labelledby={`${props.paneKey}-inst`}>
        <h3 id={`${props.paneKey}-inst`}>{t('germplasm.passport.institutions')}</h3>
        {institutions.length > 0 ? (
          <table className="ui-table">
            <thead>
              <tr>
                <th scope="col">{t('germplasm.institution.name')}</th>
                <th scope="col">{t('germplasm.institution.code')}</th>
                <th scope="col">{t('germplasm.institution.type')}</th>
                <th scope="col">{t('germplasm.column.countryName')}</th>
              </tr>
            </thead>
            <tbody>
              {institutions.map((i) => (
                <tr key={`${i.institutionId}-${i.institutionType ?? ''}`}>
                  <td>{i.institutionName}</td>
                  <td>{i.institutionCode}</td>
                  <td>{i.institutionType ? t(`germplasm.institution.type.${i.institutionType}`) : ''}</td>
                  <td>{i.countryName || countryName(countryCode2(i.institutionCode), languageTag) || ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>{t('germplasm.passport.none')}</p>
        )}
      </section>

      <PassportDatasets germplasmId={id} paneKey={props.paneKey} />

      <SlotSections<PassportSectionProps> slot={PASSPORT_SLOT} props={{ germplasmId: id, paneKey: props.paneKey }} />

      {point ? (
        <section aria-labelledby={`${props.paneKey}-loc`}>
          <h3 id={`${props.paneKey}-loc`}>{t('germplasm.passport.location')}</h3>
          <Suspense fallback={<p role="status">{t('germplasm.loading')}</p>}>
            <MapView points={point} label={t('germplasm.passport.mapLabel', { site: point[0].label })} />
          </Suspense>
        </section>
      ) : null}

      <section aria-labelledby={`${props.paneKey}-attr`}>
        <h3 id={`${props.paneKey}-attr`}>{t('germplasm.passport.attributes')}</h3>
        {attributes.length > 0 ? (
          <table className="ui-table ui-table-kv">
            <tbody>
              {attributes.map((a) => (
                <tr key={a.attributeValueId}>
                  <th scope="row" title={a.attributeDescription}>
                    {a.attributeName}
                  </th>
                  <td>{a.attributeValue}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>{t('germplasm.passport.none')}</p>
        )}
      </section>

      {settings.commentsEnabled !== false ? (
        <section aria-labelledby={`${props.paneKey}-comments`}>
          <h3 id={`${props.paneKey}-comments`}>{t('comments.title')}</h3>
          {/* Comment type 1 = annotations of a germinatebase row, as Germinate's passport uses. */}
          <Comments commentTypeId={1} referenceId={id} />
        </section>
      ) : null}
    </article>
  );
}
