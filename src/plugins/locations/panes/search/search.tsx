import { useRef } from 'react';
import { geoSearchRequest } from '../../../../core/geo-search.js';
import { GEO_RESULTS_SLOT, SectionView, useSections, type GeoResultsProps } from '../../../../shell/sections.js';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { runFromButton } from '../../../../shell/table/run-command.js';
import { Button, Field, Input, Tabs } from '../../../../shell/ui/index.js';
import { PlaceMap } from '../../../../shell/widgets/map/PlaceMap.js';
import { useMapPlaces } from '../../../../shell/widgets/map/use-map-places.js';
import { useLocationStyles } from '../styles.js';
import { PANE, SEARCH_COMMANDS } from '../ids.js';
import { locationPlace, type LocationRow } from '../locations/columns.js';
import { readSearchState, withDrawing } from './state.js';

/**
 * Geographic search (`/data/geography/geographic-search`): a point with a radius, or a polygon, drawn on the
 * map by mouse or keyboard (arrow keys move the map, v puts a vertex or the point at its centre); Search
 * shows the germplasm and locations found, each in its domain's table (marking, groups), the locations
 * also on the map.
 */
export default function GeographicSearchPane(props: PaneProps) {
  useLocationStyles();
  const services = useServices();
  const { t } = services;
  const { paneKey, setState } = props;
  const state = props.instance.state ?? {};
  const latest = useRef(state);
  latest.current = state;
  const pane = readSearchState(state);
  const { drawing } = pane;
  const problem = typeof state.problem === 'string' ? state.problem : null;
  const run = (id: string) => runFromButton(services, paneKey, PANE.search, id);
  const found = pane.search ? geoSearchRequest('location', pane.search) : null;
  const { places } = useMapPlaces<LocationRow>(found?.path ?? null, found?.body, found?.fixed ?? [], locationPlace);
  const resultProps: GeoResultsProps | null = pane.search ? { search: pane.search, paneKey, state, setState: (next) => setState(next) } : null;
  const kindName = `${paneKey}-kind`;
  // One result table at a time, so that the table keys (j, k, x, Enter) act on the one in view.
  const sections = useSections(GEO_RESULTS_SLOT);
  const shown = sections.find((spec) => spec.id === state.results) ?? sections[0];

  return (
    <section className="ui-pane geo-search" aria-label={t('locations.pane.search')}>
      <div className="geo-search-controls">
        <div role="radiogroup" aria-label={t('locations.search.kind')} className="geo-search-kind">
          {(['point', 'polygon'] as const).map((kind) => (
            <label key={kind}>
              <input type="radio" name={kindName} checked={drawing.kind === kind} onChange={() => setState(withDrawing(latest.current, { ...drawing, kind }))} />
              {t(`locations.search.kind.${kind}`)}
            </label>
          ))}
        </div>
        {drawing.kind === 'point' ? (
          <Field label={t('locations.search.radius')} className="geo-search-radius">
            <Input type="number" min={1} max={20000} step="any" value={pane.radius} onChange={(e) => setState({ ...latest.current, radius: e.target.value })} />
          </Field>
        ) : null}
        <p className="ui-hint" aria-live="polite">
          {drawing.kind === 'point'
            ? drawing.point
              ? t('locations.search.pointAt', { lat: drawing.point.lat.toFixed(4), lng: drawing.point.lng.toFixed(4) })
              : t('locations.search.noPointYet')
            : t(drawing.closed ? 'locations.search.polygonClosed' : 'locations.search.polygonOpen', {
                count: String(drawing.vertices.length),
                vertices: drawing.vertices.map((v) => `(${v.lat.toFixed(4)}, ${v.lng.toFixed(4)})`).join(' '),
              })}
        </p>
        <div className="ui-toolbar">
          <Button onClick={() => run(SEARCH_COMMANDS.add)}>{t(drawing.kind === 'point' ? 'locations.search.setPoint' : 'locations.search.addVertex')}</Button>
          {drawing.kind === 'polygon' ? (
            <>
              <Button onClick={() => run(SEARCH_COMMANDS.remove)} disabled={drawing.vertices.length === 0}>
                {t('locations.search.removeVertex')}
              </Button>
              <Button onClick={() => run(SEARCH_COMMANDS.close)} disabled={drawing.closed || drawing.vertices.length < 3}>
                {t('locations.search.closePolygon')}
              </Button>
            </>
          ) : null}
          <Button onClick={() => run(SEARCH_COMMANDS.clear)}>{t('locations.search.clear')}</Button>
          <Button variant="primary" onClick={() => run(SEARCH_COMMANDS.run)}>
            {t('locations.search.run')}
          </Button>
        </div>
        {problem ? (
          <p role="alert" className="ui-error">
            {t(problem)}
          </p>
        ) : null}
      </div>
      <PlaceMap
        paneKey={paneKey}
        paneType={PANE.search}
        places={places}
        mode="points"
        label={t('locations.search.mapLabel', { count: String(places.length) })}
        drawing={drawing}
        onDraw={(next) => setState(withDrawing(latest.current, next))}
        height={360}
      />
      {resultProps && shown ? (
        <Tabs
          idPrefix={`${paneKey}-results`}
          label={t('locations.search.results')}
          tabs={sections.map((spec) => ({ id: spec.id, label: t(spec.titleKey) }))}
          selected={shown.id}
          onSelect={(id) => setState({ ...latest.current, results: id })}
        >
          <SectionView<GeoResultsProps> spec={shown} props={resultProps} />
        </Tabs>
      ) : (
        <p>{t('locations.search.intro')}</p>
      )}
    </section>
  );
}
