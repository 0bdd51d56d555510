import { Fragment, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import useSWR from 'swr';
import { defaultCellText } from '../../../../core/table-declaration.js';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { keepEnterOnControls } from '../../../../shell/table/control-keys.js';
import { ListTable, type Column } from '../../../../shell/table/ListTable.js';
import { runFromButton } from '../../../../shell/table/run-command.js';
import { Button } from '../../../../shell/ui/Button.js';
import { OTHER_PANE, PANE } from '../ids.js';
import { definitionsOf, mapPane, type MapDefinitionRow } from '../maps/columns.js';
import { Part, useGenotypeStyles } from '../parts.js';
import type { MarkerRow } from './columns.js';

/** A dataset holding the marker, as the dataset table shows it (ViewTableDatasets). */
type MarkerDataset = { datasetId: number; datasetName?: string | null; datasetDescription?: string | null; experimentName?: string | null; licenseName?: string | null } & Record<string, unknown>;
/** A marker group holding it (ViewTableGroups). */
type MarkerGroup = { groupId: number; groupName?: string | null; groupDescription?: string | null; count?: number | null } & Record<string, unknown>;

/**
 * A marker (`/data/genotypes/marker/:markerId`): its name, type and synonyms; the datasets holding it; the
 * maps it is on, with its chromosome and position on each; the marker groups it belongs to. Each dataset and
 * map opens beside. x marks it. An id that names no marker says so in Germinate's words.
 */
export default function MarkerDetailsPane(props: PaneProps) {
  useGenotypeStyles();
  const services = useServices();
  const { api, t, store, workspace } = services;
  const id = Number(props.instance.params.markerId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const marker = useSWR(valid ? ['genotypes:marker', id] : null, () =>
    api.table<MarkerRow>('marker/table', { page: 1, limit: 1, filter: [{ column: 'markerId', comparator: 'equals', operator: 'and', values: [String(id)] }] }).then((r) => r.data[0] ?? null),
  );
  const { markedIds } = useSnapshot(store.state);
  const row = marker.data;
  const titleId = `${props.paneKey}-marker-title`;
  useEffect(() => {
    if (row) store.pushRecent('markers', row.markerId);
  }, [row, store]);

  if (!valid || row === null) {
    return (
      <section className="ui-pane" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('genotypes.pane.marker')}</h2>
        <p role="status">{t('genotypes.marker.notFound', { markerId: props.instance.params.markerId ?? '' })}</p>
      </section>
    );
  }
  if (!row) {
    return (
      <section className="ui-pane" aria-busy="true" aria-label={t('genotypes.pane.marker')}>
        <p role="status">{marker.error ? t('genotypes.loadFailed') : t('genotypes.loading')}</p>
      </section>
    );
  }

  const marked = markedIds.markers.includes(row.markerId);
  const openBeside = (instance: { type: string; params: Record<string, string> }) => workspace.open(instance, 'right', props.paneKey);
  const name = row.markerName || String(row.markerId);
  const datasetColumns: Column<MarkerDataset>[] = [
    {
      key: 'datasetName',
      label: t('genotypes.marker.datasets.name'),
      render: (d) => (
        <Button size="sm" variant="ghost" onClick={() => openBeside({ type: OTHER_PANE.dataset, params: { datasetId: String(d.datasetId) } })}>
          {d.datasetName || String(d.datasetId)}
        </Button>
      ),
    },
    { key: 'datasetDescription', label: t('genotypes.marker.datasets.description') },
    { key: 'experimentName', label: t('genotypes.marker.datasets.experiment') },
    { key: 'licenseName', label: t('genotypes.marker.datasets.licence'), render: (d) => d.licenseName || t('genotypes.marker.datasets.noLicence') },
  ];
  const mapColumns: Column<MapDefinitionRow>[] = [
    {
      key: 'mapName',
      label: t('genotypes.mapDefinitions.column.mapName'),
      render: (d) => (
        <Button size="sm" variant="ghost" onClick={() => openBeside(mapPane(d.mapId))}>
          {d.mapName || String(d.mapId)}
        </Button>
      ),
    },
    { key: 'chromosome', label: t('genotypes.mapDefinitions.column.chromosome') },
    { key: 'position', label: t('genotypes.mapDefinitions.column.position'), render: (d) => (typeof d.position === 'number' ? services.translator.formatNumber(d.position) : '') },
    { key: 'mapFeatureType', label: t('genotypes.mapDefinitions.column.mapFeatureType') },
  ];
  const groupColumns: Column<MarkerGroup>[] = [
    { key: 'groupName', label: t('genotypes.marker.groups.name') },
    { key: 'groupDescription', label: t('genotypes.marker.groups.description') },
    { key: 'count', label: t('genotypes.marker.groups.count'), render: (g) => (typeof g.count === 'number' ? services.translator.formatNumber(g.count) : '') },
  ];

  return (
    <section className="ui-pane genotypes-marker" aria-labelledby={titleId} onKeyDown={keepEnterOnControls}>
      <div className="ui-pane-header">
        <h2 id={titleId}>
          {name}
          {row.markerType ? <span className="ui-badge">{row.markerType}</span> : null}
        </h2>
        <div className="ui-actions" role="toolbar" aria-label={t('genotypes.marker.actions')}>
          <Button aria-pressed={marked} aria-keyshortcuts="x" onClick={() => runFromButton(services, props.paneKey, PANE.marker, 'genotypes:toggle-mark-shown')}>
            {t('genotypes.marker.mark')}
          </Button>
        </div>
      </div>
      <Facts
        facts={[
          ['markerId', String(row.markerId)],
          ['markerType', row.markerType || '–'],
          ['markerSynonyms', row.markerSynonyms && row.markerSynonyms.length > 0 ? defaultCellText(row.markerSynonyms) : '–'],
        ]}
      />
      <Part id={`${props.paneKey}-datasets`} title={t('genotypes.marker.datasets.title')}>
        <ListTable<MarkerDataset>
          caption={t('genotypes.marker.datasets.caption', { marker: name })}
          captionHidden
          columns={datasetColumns}
          rowKey={(d) => d.datasetId}
          source={(request, signal) => api.table<MarkerDataset>(`marker/${id}/dataset`, request, { signal })}
          sourceKey={`datasets-${id}`}
          initialSort={{ orderBy: 'datasetName', ascending: true }}
          emptyText={t('genotypes.marker.datasets.none')}
        />
      </Part>
      <Part id={`${props.paneKey}-maps`} title={t('genotypes.marker.maps.title')}>
        <ListTable<MapDefinitionRow>
          caption={t('genotypes.marker.maps.caption', { marker: name })}
          captionHidden
          columns={mapColumns}
          rowKey={(d) => `${d.mapId}-${d.chromosome ?? ''}-${d.position ?? ''}`}
          source={(request, signal) => api.table<MapDefinitionRow>('map/mapdefinition/table', request, { signal })}
          filter={definitionsOf('markerId', id)}
          sourceKey={`maps-${id}`}
          initialSort={{ orderBy: 'mapName', ascending: true }}
          emptyText={t('genotypes.marker.maps.none')}
        />
      </Part>
      <Part id={`${props.paneKey}-groups`} title={t('genotypes.marker.groups.title')}>
        <ListTable<MarkerGroup>
          caption={t('genotypes.marker.groups.caption', { marker: name })}
          captionHidden
          columns={groupColumns}
          rowKey={(g) => g.groupId}
          source={(request, signal) => api.table<MarkerGroup>(`marker/${id}/group`, request, { signal })}
          sourceKey={`groups-${id}`}
          initialSort={{ orderBy: 'groupName', ascending: true }}
          emptyText={t('genotypes.marker.groups.none')}
        />
      </Part>
    </section>
  );
}

/** The marker's fields beside its name, under the marker table's column names. */
function Facts({ facts }: { facts: [string, string][] }) {
  const { t } = useServices();
  return (
    <dl className="ui-dl genotypes-facts">
      {facts.map(([key, value]) => (
        <Fragment key={key}>
          <dt>{t(`genotypes.markers.column.${key}`)}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
