import { useCallback, useMemo, type ReactNode } from 'react';
import useSWR from 'swr';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { keepEnterOnControls } from '../../../../shell/table/control-keys.js';
import { runFromButton } from '../../../../shell/table/run-command.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { Button } from '../../../../shell/ui/Button.js';
import { Tabs, type TabSpec } from '../../../../shell/ui/Tabs.js';
import { PANE } from '../ids.js';
import { useGenotypeStyles } from '../parts.js';
import { definitionsOf, mapDefinitionsTable } from './columns.js';
import { DensityChart } from './density-chart.js';
import type { MapExportForm } from './export-form.js';
import { ExportView } from './export-view.js';
import { readMapPaneState, type MapTab } from './pane-state.js';

/** Germinate's Maps row of `GET map/{id}`. */
interface MapPojo {
  id: number;
  name: string;
  description?: string | null;
  visibility?: boolean;
  userId?: number;
}

/**
 * A genetic map (`/data/genotypes/maps/:mapId`): its name and description, then one tab each for its markers
 * (the shared table of its definitions: marker, chromosome, position; x marks, Enter opens the marker), the
 * marker density per chromosome (a histogram with its table) and the export for map viewers (e).
 */
export default function MapDetailsPane(props: PaneProps) {
  useGenotypeStyles();
  const services = useServices();
  const { api, t } = services;
  const { setState, paneKey } = props;
  const state = props.instance.state;
  const id = Number(props.instance.params.mapId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const map = useSWR(valid ? ['genotypes:map', id] : null, () => api.get<{ data: MapPojo[] }>(`map/${id}`).then((r) => r.data[0] ?? null));
  const pane = readMapPaneState(state);
  const change = useCallback((patch: Record<string, unknown>) => setState({ ...(state ?? {}), ...patch }), [state, setState]);
  const setTableState = useCallback((table: Record<string, unknown>) => change({ table }), [change]);
  const fixed = useMemo(() => definitionsOf('mapId', id), [id]);
  const titleId = `${paneKey}-map-title`;
  const row = map.data;

  if (!valid || row === null) {
    return (
      <section className="ui-pane" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('genotypes.pane.map')}</h2>
        <p role="status">{t('genotypes.map.notFound', { mapId: props.instance.params.mapId ?? '' })}</p>
      </section>
    );
  }
  if (!row) {
    return (
      <section className="ui-pane" aria-busy="true" aria-label={t('genotypes.pane.map')}>
        <p role="status">{map.error ? t('genotypes.loadFailed') : t('genotypes.loading')}</p>
      </section>
    );
  }

  const name = row.name || String(row.id);
  const tabs: (TabSpec & { id: MapTab })[] = [
    { id: 'markers', label: t('genotypes.map.tab.markers') },
    { id: 'density', label: t('genotypes.map.tab.density') },
    { id: 'export', label: t('genotypes.map.tab.export') },
  ];
  let content: ReactNode;
  if (pane.tab === 'markers') {
    content = (
      <div className="genotypes-map-markers">
        <TableView
          declaration={mapDefinitionsTable}
          paneKey={paneKey}
          state={pane.table}
          setState={setTableState}
          fixed={fixed}
          label={t('genotypes.map.markersOf', { map: name })}
        />
      </div>
    );
  } else if (pane.tab === 'density') {
    content = <DensityChart mapId={id} mapName={name} showTable={pane.densityTable} onShowTable={(show) => change({ densityTable: show })} />;
  } else {
    content = <ExportView mapId={id} paneKey={paneKey} form={pane.export} onChange={(form: MapExportForm) => change({ export: form })} />;
  }

  return (
    <section className="ui-pane genotypes-map" aria-labelledby={titleId} onKeyDown={keepEnterOnControls}>
      <div className="ui-pane-header">
        <h2 id={titleId}>{name}</h2>
        <div className="ui-actions" role="toolbar" aria-label={t('genotypes.map.actions')}>
          <Button onClick={() => runFromButton(services, paneKey, PANE.map, 'genotypes:show-map-export')} aria-keyshortcuts="e">
            {t('genotypes.command.showExport')}
          </Button>
        </div>
      </div>
      {row.description ? <p className="genotypes-map-description">{row.description}</p> : null}
      <Tabs idPrefix={`${paneKey}-map`} label={t('genotypes.map.tabs')} tabs={tabs} selected={pane.tab} onSelect={(tab) => change({ tab })}>
        {content}
      </Tabs>
    </section>
  );
}
