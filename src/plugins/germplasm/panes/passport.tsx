import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { Comments } from '../../../shell/widgets/Comments.js';
import { keepEnterOnControls } from '../../../shell/table/control-keys.js';
import { PASSPORT_SLOT, SectionView, useSections, type PassportSectionProps } from '../../../shell/sections.js';
import { Button } from '../../../shell/ui/Button.js';
import { Checkbox } from '../../../shell/ui/Field.js';
import { germplasmTitle } from '../columns.js';
import { displayValue } from '../compare.js';
import { pdciText } from '../passport-data.js';
import { externalLink } from '../passport/links.js';
import { usePassportStyles } from '../passport/styles.js';
import { usePassport } from '../passport/use-passport.js';
import { PassportBarcode } from './passport-barcode.js';
import { PassportDatasets } from './passport-datasets.js';
import { PassportPedigree } from './passport-pedigree.js';
import { AttributeTable, EntitySection, useEntityTypeText, GroupsSection, ImagesSection, InstitutionTable, LinksSection, McpdTable, PublicationsSection } from './passport-sections.js';

// maplibre is large: its own chunk, loaded only when a passport has coordinates.
const MapView = lazy(() => import('../../../shell/widgets/MapView.js').then((m) => ({ default: m.MapView })));

/** One section of the page: its heading and body; `empty` shows the one-line "No data." instead of the body. */
interface Section {
  key: string;
  title: string;
  body: ReactNode;
  empty?: boolean;
}

/**
 * The passport of one germplasm (`/data/germplasm/:germplasmId`, the id or a name / PUID): every section of
 * Germinate's passport, in the order Germinate's documentation gives its sections, under a jump list. Each section is a keyboard stop (its
 * heading). Sections that Germinate shows only with data (PDCI, synonyms, location map, publications) and
 * those whose call this server lacks (images, links) are left out without it; the others say "No data."
 */
export default function PassportPane(props: PaneProps) {
  usePassportStyles();
  const { api, store, t, settings } = useServices();
  const param = props.instance.params.germplasmId ?? '';
  const onFound = useCallback((id: number) => store.pushRecent('germplasm', id), [store]);
  const data = usePassport(api, param, onFound);
  const { row, mcpd } = data;
  const marked = useSnapshot(store.state).markedIds.germplasm;
  const slotSections = useSections(PASSPORT_SLOT);
  const [pedigreeData, setPedigreeData] = useState<boolean | null>(null);
  const paneKey = props.paneKey;
  const entityType = useEntityTypeText();

  const point = useMemo(() => {
    if (!row || typeof row.latitude !== 'number' || typeof row.longitude !== 'number') return null;
    return [{ latitude: row.latitude, longitude: row.longitude, label: displayValue(row.location) || germplasmTitle(row) }];
  }, [row]);

  if (row === undefined) return <p role="status">{t('germplasm.loading')}</p>;
  if (row === null) return <h2>{t('germplasm.passport.noData')}</h2>;

  const id = row.germplasmId;
  const title = germplasmTitle(row);
  const synonyms = Array.isArray(row.synonyms) ? row.synonyms.map(String) : [];
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const link = externalLink(text(settings.externalLinkTemplate), text(settings.externalLinkIdentifier), row as unknown as Record<string, unknown>);
  const links = data.links ?? [];
  const accessionNumber = displayValue(mcpd?.accenumb) || displayValue(row.germplasmNumber) || null;
  const puid = displayValue(row.germplasmPuid) || displayValue(mcpd?.puid) || null;
  const sectionProps: PassportSectionProps = { germplasmId: id, paneKey };

  const sections: (Section | null)[] = [
    { key: 'attributes', title: t('germplasm.passport.attributes'), body: <AttributeTable attributes={data.attributes} />, empty: data.attributes.length === 0 },
    settings.commentsEnabled !== false
      ? // Comment type 1 = annotations of a germinatebase row, as Germinate's passport uses.
        { key: 'comments', title: t('comments.title'), body: <Comments commentTypeId={1} referenceId={id} /> }
      : null,
    { key: 'datasets', title: t('germplasm.passport.datasets'), body: <PassportDatasets germplasmId={id} paneKey={paneKey} /> },
    {
      key: 'entity',
      title: t('germplasm.passport.entity'),
      body: <EntitySection pairs={data.entities} germplasmId={id} paneKey={paneKey} />,
      empty: data.entities.length === 0,
    },
    { key: 'groups', title: t('germplasm.passport.groups'), body: <GroupsSection groups={data.groups} paneKey={paneKey} />, empty: data.groups.length === 0 },
    data.images && data.images.length > 0 ? { key: 'images', title: t('germplasm.passport.images'), body: <ImagesSection images={data.images} name={title} /> } : null,
    { key: 'institution', title: t('germplasm.passport.institutions'), body: <InstitutionTable institutions={data.institutions} />, empty: data.institutions.length === 0 },
    { key: 'links', title: t('germplasm.passport.links'), body: <LinksSection external={link} links={links} />, empty: !link && links.length === 0 },
    point
      ? {
          key: 'location',
          title: t('germplasm.passport.location'),
          body: (
            <Suspense fallback={<p role="status">{t('germplasm.loading')}</p>}>
              <MapView points={point} label={t('germplasm.passport.mapLabel', { site: point[0].label })} />
            </Suspense>
          ),
        }
      : null,
    { key: 'mcpd', title: t('germplasm.passport.mcpd'), body: mcpd ? <McpdTable mcpd={mcpd} /> : null, empty: !mcpd },
    typeof row.pdci === 'number'
      ? {
          key: 'pdci',
          title: t('germplasm.pdci.title'),
          body: (
            <>
              <p>{t('germplasm.pdci.score', { pdci: pdciText(row.pdci) })}</p>
              <p className="hint">{t('germplasm.pdci.explanation')}</p>
            </>
          ),
        }
      : null,
    { key: 'pedigree', title: t('germplasm.passport.pedigree'), body: <PassportPedigree germplasmId={id} paneKey={paneKey} onData={setPedigreeData} /> },
    data.publications && data.publications.length > 0 ? { key: 'publications', title: t('germplasm.passport.publications'), body: <PublicationsSection publications={data.publications} /> } : null,
    synonyms.length > 0
      ? {
          key: 'synonyms',
          title: t('germplasm.passport.synonyms'),
          body: (
            <ul className="passport-list">
              {synonyms.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          ),
        }
      : null,
    // Other domains' sections (trait performance from the trials domain), in their order.
    ...slotSections.map((spec) => ({ key: spec.id.replace(':', '-'), title: t(spec.titleKey), body: <SectionView<PassportSectionProps> spec={spec} props={sectionProps} /> })),
    { key: 'barcode', title: t('germplasm.passport.barcode'), body: <PassportBarcode accessionNumber={accessionNumber} puid={puid} name={title} /> },
  ];
  const shown = sections.filter((s): s is Section => s !== null);
  const headingId = (key: string) => `${paneKey}-passport-${key}`;
  const jump = (key: string) => {
    const heading = document.getElementById(headingId(key));
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus();
  };

  return (
    <article className="germplasm-passport ui-pane" onKeyDown={keepEnterOnControls} aria-labelledby={`${paneKey}-title`} data-pedigree={pedigreeData === null ? undefined : String(pedigreeData)}>
      <header className="ui-pane-header">
        <h2 id={`${paneKey}-title`}>
          {title} {row.entityTypeName ? <span className="ui-badge">{entityType(displayValue(row.entityTypeName))}</span> : null}
        </h2>
        <Checkbox label={t('germplasm.passport.marked')} checked={marked.includes(id)} onChange={() => store.toggleMark('germplasm', id)} />
      </header>
      <nav className="passport-jump" aria-label={t('germplasm.passport.jump')}>
        <ul>
          {shown.map((s) => (
            <li key={s.key}>
              <Button size="sm" variant="ghost" onClick={() => jump(s.key)}>
                {s.title}
              </Button>
            </li>
          ))}
        </ul>
      </nav>
      {shown.map((s) => (
        <section key={s.key} className="passport-section" aria-labelledby={headingId(s.key)} data-section={s.key}>
          <h3 id={headingId(s.key)} tabIndex={0}>
            {s.title}
          </h3>
          {s.empty ? <p className="passport-empty">{t('germplasm.passport.sectionEmpty')}</p> : s.body}
        </section>
      ))}
    </article>
  );
}
