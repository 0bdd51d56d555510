import { useMemo } from 'react';
import useSWR from 'swr';
import { Chart, type ChartColumn, type ChartSpec } from '../../../../shell/chart/Chart.js';
import { useServices } from '../../../../shell/pane-api.js';
import { markerDensity, readFlapjackMap, SMALL_SHARE } from './density.js';

/** The drawing's height: the bars' height does not follow the number of rows. */
const HEIGHT = 280;

interface DensityTitles {
  chromosome: string;
  bin: string;
  from: string;
  to: string;
  markers: string;
}

/**
 * One histogram per chromosome, side by side: a band per chromosome (in the map's order), its bins as bars
 * along it, the bars' height the markers in each bin. One view, so it fits the tile's width.
 */
function densitySpec(titles: DensityTitles): ChartSpec {
  return {
    layer: [
      {
        mark: { type: 'bar' },
        encoding: {
          x: { field: 'chromosome', type: 'nominal', sort: null, title: titles.chromosome, scale: { paddingInner: 0.2 }, axis: { labelAngle: 0 } },
          xOffset: { field: 'bin', type: 'ordinal', scale: { paddingInner: 0.06 } },
          y: { field: 'markers', type: 'quantitative', title: titles.markers, axis: { format: ',d', tickMinStep: 1 } },
          color: { field: 'chromosome', type: 'nominal', legend: null, sort: null },
          tooltip: [
            { field: 'chromosome', type: 'nominal', title: titles.chromosome },
            { field: 'from', type: 'quantitative', title: titles.from, format: ',' },
            { field: 'to', type: 'quantitative', title: titles.to, format: ',' },
            { field: 'markers', type: 'quantitative', title: titles.markers, format: ',' },
          ],
        },
      },
    ],
  };
}

/**
 * The map's marker density per chromosome, with its table. The positions come from the map's Flapjack export
 * (one streamed file: lighter than pages of table rows); chromosomes under 1% of the markers are left out
 * and named.
 */
export function DensityChart(props: { mapId: number; mapName: string; showTable: boolean; onShowTable(show: boolean): void }) {
  const { api, t, translator } = useServices();
  const { data, error } = useSWR(['genotypes:map-density', props.mapId], async () => {
    const file = await api.post(`map/${props.mapId}/export`, { body: { format: 'flapjack' }, raw: true });
    return markerDensity(readFlapjackMap(await file.blob.text()));
  });
  const titles: DensityTitles = {
    chromosome: t('genotypes.density.chromosome'),
    bin: t('genotypes.density.bin'),
    from: t('genotypes.density.from'),
    to: t('genotypes.density.to'),
    markers: t('genotypes.density.markers'),
  };
  const key = JSON.stringify(titles);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the titles by their text
  const spec = useMemo(() => densitySpec(titles), [key]);
  const columns: ChartColumn[] = [
    { key: 'chromosome', header: titles.chromosome },
    { key: 'bin', header: titles.bin, numeric: true },
    { key: 'from', header: titles.from, numeric: true },
    { key: 'to', header: titles.to, numeric: true },
    { key: 'markers', header: titles.markers, numeric: true },
  ];
  const share = translator.formatNumber(SMALL_SHARE * 100);

  if (error) return <p className="ui-error">{t('genotypes.loadFailed')}</p>;
  if (data === undefined) return <p role="status">{t('genotypes.density.loading')}</p>;
  if (data.total === 0) return <p>{t('genotypes.density.noMarkers')}</p>;
  const leftOut = data.leftOut.map((c) => t('genotypes.density.leftOutOne', { chromosome: c.chromosome, markers: translator.formatNumber(c.markers) })).join(', ');
  const drawn = data.shown.reduce((sum, c) => sum + c.markers, 0);
  return (
    <>
      {data.leftOut.length > 0 ? (
        <p className="ui-hint" data-testid="density-left-out">
          {t('genotypes.density.leftOut', { share, count: data.leftOut.length, chromosomes: leftOut })}
        </p>
      ) : null}
      {data.shown.length === 0 ? (
        <p>{t('genotypes.density.allSmall', { share })}</p>
      ) : (
        <Chart
          title={t('genotypes.density.title', { map: props.mapName })}
          description={t('genotypes.density.description', {
            markers: translator.formatNumber(drawn),
            chromosomes: translator.formatNumber(data.shown.length),
            bins: translator.formatNumber(data.binsPerChromosome),
          })}
          spec={spec}
          columns={columns}
          rows={data.bins}
          height={HEIGHT}
          showTable={props.showTable}
          onShowTableChange={props.onShowTable}
        />
      )}
    </>
  );
}
