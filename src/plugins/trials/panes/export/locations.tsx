import { lazy, Suspense, useMemo } from 'react';
import { useServices } from '../../../../shell/pane-api.js';
import { germplasmOf, plotsOf, plotsPerLocation } from './aggregate.js';
import { useDataRows, type PageContext } from './context.js';
import { ChoiceProblem, RowsState } from './notes.js';

// The map library is large: loaded only when this tab is shown.
const MapView = lazy(() => import('../../../../shell/widgets/MapView.js').then((m) => ({ default: m.MapView })));

/**
 * The locations tab (shown when plots have positions): the plots of the chosen germplasm (and traits, or
 * all when none are chosen) on the map, one point per plot, named by its germplasm, rep, row and column;
 * below it the number of plots at each location (a trial's plots lie close together on the map).
 */
export function LocationsTab({ context }: { context: PageContext }) {
  const { t } = useServices();
  const traitIds = context.chosen.length > 0 ? context.chosen.map((trait) => trait.traitId) : context.traits.map((trait) => trait.traitId);
  const rows = useDataRows(context, traitIds, true);
  const plots = useMemo(
    () =>
      rows.data
        ? plotsOf(rows.data.rows, (row) =>
            t('trials.export.plotLabel', { germplasm: germplasmOf(row), rep: row.rep ?? '–', row: row.trialRow ?? '–', column: row.trialColumn ?? '–' }),
          )
        : [],
    [rows.data, t],
  );
  if (!context.choice.ok) return <ChoiceProblem context={context} />;
  const label = t('trials.export.mapLabel', { count: plots.length });
  const places = plotsPerLocation(plots, t('trials.export.noValue'));
  return (
    <>
      <RowsState rows={rows} />
      {rows.data ? (
        plots.length === 0 ? (
          <p className="ui-hint">{t('trials.export.noPlots')}</p>
        ) : (
          <>
            <Suspense fallback={<p role="status">{t('trials.export.loading')}</p>}>
              <MapView points={plots} label={label} height={420} />
            </Suspense>
            <ul aria-label={t('trials.export.plotsPerLocation')}>
              {places.map((place) => (
                <li key={place.location}>{t('trials.export.locationPlots', { location: place.location, count: place.plots })}</li>
              ))}
            </ul>
          </>
        )
      ) : null}
    </>
  );
}
