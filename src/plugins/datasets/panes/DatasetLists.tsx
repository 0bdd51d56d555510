import { lazy, Suspense } from 'react';
import useSWR from 'swr';
import { useServices } from '../../../shell/pane-api.js';
import { ListTable, type Column } from '../../../shell/table/ListTable.js';
import type { DatasetRow } from '../columns.js';

// maplibre is large: its own chunk, loaded only when the map is asked for.
const MapView = lazy(() => import('../../../shell/widgets/MapView.js').then((m) => ({ default: m.MapView })));

interface Collaborator {
  collaboratorId: number;
  collaboratorFirstName?: string;
  collaboratorLastName?: string;
  collaboratorEmail?: string;
  collaboratorRoles?: string;
  institutionName?: string;
  countryName?: string;
}
interface Attribute {
  attributeValueId: number;
  attributeName?: string;
  attributeDescription?: string;
  attributeValue?: string;
}
interface Location {
  locationId: number;
  locationName?: string;
  locationLatitude?: number;
  locationLongitude?: number;
}

/** A dataset's collaborators (`dataset/{id}/collaborator`, paged by the server). */
export function Collaborators(props: { datasetId: number }) {
  const { api, t } = useServices();
  const columns: Column<Collaborator>[] = [
    { key: 'collaboratorLastName', label: t('datasets.collaborators.name'), render: (r) => [r.collaboratorFirstName, r.collaboratorLastName].filter(Boolean).join(' ') },
    { key: 'collaboratorEmail', label: t('datasets.collaborators.email') },
    { key: 'collaboratorRoles', label: t('datasets.collaborators.roles') },
    { key: 'institutionName', label: t('datasets.collaborators.institution') },
    { key: 'countryName', label: t('datasets.collaborators.country') },
  ];
  return (
    <ListTable<Collaborator>
      caption={t('datasets.details.collaborators')}
      captionHidden
      columns={columns}
      rowKey={(r) => `${r.collaboratorId}-${r.collaboratorRoles ?? ''}`}
      source={(request, signal) => api.table<Collaborator>(`dataset/${props.datasetId}/collaborator`, request, { signal })}
      sourceKey={String(props.datasetId)}
      emptyText={t('datasets.details.noCollaborators')}
    />
  );
}

/** A dataset's attributes (`dataset/{id}/attribute`, all at once). */
export function Attributes(props: { datasetId: number }) {
  const { api, t } = useServices();
  const rows = useSWR(['datasets:attributes', props.datasetId], () => api.post<{ data: Attribute[] }>(`dataset/${props.datasetId}/attribute`).then((r) => r.data));
  const columns: Column<Attribute>[] = [
    { key: 'attributeName', label: t('datasets.attributes.name') },
    { key: 'attributeDescription', label: t('datasets.attributes.description') },
    { key: 'attributeValue', label: t('datasets.attributes.value'), className: 'admin-wrap' },
  ];
  if (rows.error) return <p className="ui-error">{t('datasets.details.loadFailed')}</p>;
  if (!rows.data) return <p role="status">{t('datasets.details.loading')}</p>;
  return <ListTable<Attribute> caption={t('datasets.details.attributes')} captionHidden columns={columns} rowKey={(r) => r.attributeValueId} rows={rows.data} emptyText={t('datasets.details.noAttributes')} />;
}

/** The dataset's locations on the offline map, or a note when none has coordinates. */
export function LocationsMap(props: { row: DatasetRow }) {
  const { t } = useServices();
  const locations = (Array.isArray(props.row.locations) ? props.row.locations : []) as Location[];
  const points = locations
    .filter((l) => typeof l.locationLatitude === 'number' && typeof l.locationLongitude === 'number')
    .map((l) => ({ latitude: Number(l.locationLatitude), longitude: Number(l.locationLongitude), label: l.locationName ?? String(l.locationId) }));
  if (points.length === 0) return <p role="status">{t('datasets.details.noLocations')}</p>;
  return (
    <Suspense fallback={<p role="status">{t('datasets.details.loading')}</p>}>
      <MapView points={points} label={t('datasets.details.mapLabel', { count: String(points.length), names: points.map((p) => p.label).join(', ') })} />
    </Suspense>
  );
}
