import { useServices } from '../../../shell/pane-api.js';
import { Button } from '../../../shell/ui/Button.js';
import { displayValue } from '../compare.js';
import { codesOf, countryCode2, countryName, isCodedField, MCPD_FIELDS, mcpdDateText } from '../passport-data.js';
import { mainImageFirst, type Attribute, type EntityPair, type GroupRow, type ImageRow, type Institution, type LinkRow, type PublicationRow } from '../passport/use-passport.js';

/** The passport's simpler sections: each renders its data; the passport decides whether it has any. */

/** Opens another germplasm's passport beside this one. */
function useOpenPassport(paneKey: string) {
  const { workspace } = useServices();
  return (id: number) => workspace.open({ type: 'germplasm:passport', params: { germplasmId: String(id) } }, 'right', paneKey);
}

/** MCPD fields with a value: codes with their meaning, dates as dates, countries by name. */
export function McpdTable({ mcpd }: { mcpd: Record<string, unknown> }) {
  const { t, translator } = useServices();
  const value = (field: string, raw: unknown) => {
    if (isCodedField(field)) {
      return codesOf(field, raw).map(({ code, key }, index) => (
        <span key={code} className="passport-code">
          {index > 0 ? '; ' : null}
          <code className="ui-code">{code}</code> {key ? t(key) : null}
        </span>
      ));
    }
    if (field === 'acqdate' || field === 'colldate') return mcpdDateText(raw, translator.formatDate);
    if (field === 'origcty') {
      return (
        <>
          <code className="ui-code">{displayValue(raw)}</code> {countryName(countryCode2(displayValue(raw)), translator.intl.locale)}
        </>
      );
    }
    return displayValue(raw);
  };
  return (
    <table className="ui-table ui-table-kv">
      <tbody>
        {MCPD_FIELDS.filter((f) => displayValue(mcpd[f]) !== '').map((field) => (
          <tr key={field}>
            <th scope="row">
              {t(`germplasm.mcpd.${field}`)} <code className="ui-code">{field.toUpperCase()}</code>
            </th>
            <td>{value(field, mcpd[field])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function InstitutionTable({ institutions }: { institutions: readonly Institution[] }) {
  const { t, translator } = useServices();
  return (
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
            <td>{countryName(i.countryCode ?? countryCode2(i.institutionCode), translator.intl.locale) || i.countryName || ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AttributeTable({ attributes }: { attributes: readonly Attribute[] }) {
  return (
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
  );
}

/** The entity types every Germinate database has, by their stored names, with texts of their own. */
const ENTITY_TYPES: Readonly<Record<string, string>> = { Accession: 'accession', 'Plant/Plot': 'plantPlot', Sample: 'sample' };

/** An entity type's name in the reader's language; other types as stored. */
export function useEntityTypeText(): (name: string | undefined) => string {
  const { t } = useServices();
  return (name) => (name && Object.hasOwn(ENTITY_TYPES, name) ? t(`germplasm.entity.type.${ENTITY_TYPES[name]}`) : (name ?? ''));
}

/** Source and derived material: the legend of the levels, then each pair with this germplasm's side marked. */
export function EntitySection({ pairs, germplasmId, paneKey }: { pairs: readonly EntityPair[]; germplasmId: number; paneKey: string }) {
  const { t } = useServices();
  const open = useOpenPassport(paneKey);
  const typeText = useEntityTypeText();
  const cell = (id: number, name: string | undefined) =>
    id === germplasmId ? (
      <strong>{name}</strong>
    ) : (
      <Button size="sm" variant="ghost" onClick={() => open(id)}>
        {name ?? String(id)}
      </Button>
    );
  return (
    <>
      <p className="hint">{t('germplasm.entity.legend')}</p>
      <table className="ui-table">
        <thead>
          <tr>
            <th scope="col">{t('germplasm.entity.source')}</th>
            <th scope="col">{t('germplasm.entity.sourceType')}</th>
            <th scope="col">{t('germplasm.entity.derived')}</th>
            <th scope="col">{t('germplasm.entity.derivedType')}</th>
          </tr>
        </thead>
        <tbody>
          {pairs.map((p) => (
            <tr key={`${p.entityParentId}-${p.entityChildId}`}>
              <td>{cell(p.entityParentId, p.entityParentName)}</td>
              <td>{typeText(p.entityParentType)}</td>
              <td>{cell(p.entityChildId, p.entityChildName)}</td>
              <td>{typeText(p.entityChildType)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function GroupsSection({ groups, paneKey }: { groups: readonly GroupRow[]; paneKey: string }) {
  const { t, workspace, registry } = useServices();
  // The groups' details pane by its route: plugins meet through panes, never imports.
  const details = registry.paneTypes().find((p) => p.route === '/groups/:groupId');
  const count = (c: GroupRow['count']) => (typeof c === 'object' && c !== null ? c.value : c);
  return (
    <ul className="passport-list">
      {groups.map((g) => (
        <li key={g.groupId}>
          {details ? (
            <Button size="sm" variant="ghost" onClick={() => workspace.open({ type: details.id, params: { groupId: String(g.groupId) } }, 'right', paneKey)}>
              {g.groupName ?? String(g.groupId)}
            </Button>
          ) : (
            <strong>{g.groupName}</strong>
          )}{' '}
          <span className="ui-badge">{t(g.groupVisibility === false ? 'germplasm.groups.private' : 'germplasm.groups.public')}</span>{' '}
          {count(g.count) !== undefined ? t('germplasm.groups.count', { count: count(g.count) ?? 0 }) : null}
          {g.groupDescription ? <span className="hint"> — {g.groupDescription}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Thumbnails through the authorised image call (the image token of the session), the main image first and larger. */
export function ImagesSection({ images, name }: { images: readonly ImageRow[]; name: string }) {
  const { t, session } = useServices();
  const token = encodeURIComponent(session.current()?.imageToken ?? '');
  const src = (id: number, size: 'small' | 'large') => `./api/image/${id}/src?size=${size}&token=${token}`;
  return (
    <ul className="passport-images">
      {mainImageFirst(images).map((image, index) => (
        <li key={image.imageId} className={index === 0 ? 'is-main' : undefined}>
          <a href={src(image.imageId, 'large')} target="_blank" rel="noreferrer">
            <img src={src(image.imageId, 'small')} alt={image.imageDescription || t('germplasm.images.alt', { name, index: index + 1 })} loading="lazy" />
          </a>
          {index === 0 && image.imageIsReference ? <span className="ui-badge">{t('germplasm.images.main')}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The settings' external link and the server's links of this germplasm (`link/table`). */
export function LinksSection({ external, links }: { external: string | null; links: readonly LinkRow[] }) {
  const { t } = useServices();
  const safe = links.filter((l) => typeof l.hyperlink === 'string' && /^https?:\/\//i.test(l.hyperlink));
  return (
    <ul className="passport-list">
      {external ? (
        <li>
          <a href={external} target="_blank" rel="noreferrer">
            {t('germplasm.links.external')}
          </a>{' '}
          <span className="hint">{external}</span>
        </li>
      ) : null}
      {safe.map((l) => (
        <li key={l.linkId}>
          <a href={l.hyperlink} target="_blank" rel="noreferrer">
            {l.linkDescription || l.linktypeDescription || l.hyperlink}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A citation's title from the cached CSL-JSON, else the DOI. */
function citation(p: PublicationRow): string {
  try {
    const csl = JSON.parse(p.publicationFallbackCache ?? '') as { title?: unknown };
    if (typeof csl.title === 'string' && csl.title.trim() !== '') return csl.title;
  } catch {
    // Not JSON: the DOI is the citation.
  }
  return p.publicationDoi ?? String(p.publicationId);
}

export function PublicationsSection({ publications }: { publications: readonly PublicationRow[] }) {
  return (
    <ul className="passport-list">
      {publications.map((p) => (
        <li key={p.publicationId}>
          {p.publicationDoi ? (
            <a href={`https://doi.org/${encodeURI(p.publicationDoi)}`} target="_blank" rel="noreferrer">
              {citation(p)}
            </a>
          ) : (
            citation(p)
          )}
        </li>
      ))}
    </ul>
  );
}
