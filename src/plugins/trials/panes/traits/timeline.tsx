import { useId, useMemo } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { Chart, type ChartColumn } from '../../../../shell/chart/Chart.js';
import { horizontalBars } from '../../../../shell/chart/chart-spec.js';
import { useChartTheme } from '../../../../shell/chart/chart-theme.js';
import { useServices } from '../../../../shell/pane-api.js';
import { chosenDataset, DatasetSelect } from './dataset-select.js';
import { chosenDay, dayMeans, dayMedians, medianRow, timeline, timelineSpec, timelineTable, type TimedValue } from './timeline-data.js';
import { trialRows, type TraitDataset } from './trait-reads.js';

/** Germplasm drawn at most: a timeline of more lines (or rows) than this is no longer read. */
export const MAX_TIMELINE_GERMPLASM = 20;
/** Values read for a timeline at most (20 germplasm, dozens of dates, a few plots each). */
const MAX_VALUES = 10_000;
/** The line chart's drawing height: enough for the trend of 20 lines, short enough to see the day's bars below. */
const CHART_HEIGHT = 320;

export interface TimelineProps {
  traitId: number;
  title: string;
  datasets: readonly TraitDataset[];
  /** The pane's choices: the dataset and the day the slider is on. */
  dataset: unknown;
  day: unknown;
  onChange(change: { dataset?: number; day?: string }): void;
}

/**
 * The values of a time-series trait over its recording dates, for the marked germplasm (else the first
 * germplasm of the dataset), up to 20: a line per germplasm through its means per date, the median of
 * those means bold on top (the trend), a slider over the dates whose day a rule marks on the chart, and
 * the means of that day as bars.
 */
export function Timeline(props: TimelineProps) {
  const { api, t, translator, store } = useServices();
  const theme = useChartTheme();
  const sliderId = useId();
  const dataset = chosenDataset(props.datasets, props.dataset);
  const datasetId = dataset?.datasetId ?? null;
  const marked = useSnapshot(store.state).markedIds.germplasm;
  const markedIds = marked.slice(0, MAX_TIMELINE_GERMPLASM).join(',');

  const { data, error } = useSWR(datasetId === null ? null : ['trials:trait-timeline', props.traitId, datasetId, markedIds], async () => {
    let germplasm = markedIds === '' ? [] : markedIds.split(',').map(Number);
    if (germplasm.length === 0) {
      const first = await api.table<{ germplasmId: number }>('dataset/data/trial/germplasm?isGermplasm=true', {
        page: 1,
        limit: MAX_TIMELINE_GERMPLASM,
        // Only the first germplasm are wanted: the server need not count them all.
        prevCount: 0,
        datasetIds: [datasetId],
      });
      germplasm = [...new Set(first.data.map((row) => row.germplasmId))];
    }
    if (germplasm.length === 0) return { rows: [] as TimedValue[], count: 0 };
    return trialRows<TimedValue>(api, { datasetIds: [datasetId], xIds: [props.traitId], yIds: germplasm, minimal: true }, MAX_VALUES);
  });
  const line = useMemo(() => timeline(data?.rows ?? [], translator.formatDate), [data, translator]);
  const days = line.days;
  const { index, day } = chosenDay(days, props.day);
  const date = day ? translator.formatDate(day) : '';

  const titles = {
    germplasm: t('trials.trait.timeline.germplasm'),
    date: t('trials.trait.timeline.date'),
    values: t('trials.trait.timeline.values'),
    median: t('trials.trait.timeline.median'),
  };
  const medians = useMemo(() => dayMedians(line), [line]);
  const spec = useMemo(
    () =>
      timelineSpec({
        line,
        medians,
        day,
        titles: { date: titles.date, germplasm: titles.germplasm, values: titles.values, median: titles.median, value: props.title },
        ink: { text: theme.text, background: theme.background },
      }),
    [line, medians, day, props.title, titles.date, titles.germplasm, titles.values, titles.median, theme.text, theme.background],
  );
  const gridColumns: ChartColumn[] = [{ key: 'germplasm', header: titles.germplasm }, ...days.map((d, i) => ({ key: `d${i}`, header: translator.formatDate(d), numeric: true }))];
  const gridRows = useMemo(() => [...timelineTable(line), medianRow(line, medians, titles.median)], [line, medians, titles.median]);
  const bars = useMemo(() => dayMeans(line, day), [line, day]);
  const barSpec = useMemo(() => horizontalBars({ category: 'germplasm', categoryTitle: titles.germplasm, value: 'mean', valueTitle: props.title }), [titles.germplasm, props.title]);

  if (!dataset) return <p>{t('trials.trait.noReadableData')}</p>;
  const select = <DatasetSelect datasets={props.datasets} value={dataset.datasetId} onChange={(id) => props.onChange({ dataset: id })} />;
  if (error) return <>{select}<p className="ui-error">{t('trials.trait.loadFailed')}</p></>;
  if (!data) return <>{select}<p role="status">{t('trials.trait.loading')}</p></>;
  const whose = markedIds === '' ? t('trials.trait.timeline.firstGermplasm', { max: MAX_TIMELINE_GERMPLASM }) : t('trials.trait.timeline.markedGermplasm', { max: MAX_TIMELINE_GERMPLASM });
  if (days.length === 0) return <>{select}<p>{whose}</p><p>{t('trials.trait.timeline.none')}</p></>;
  return (
    <>
      {select}
      <p className="ui-hint">{whose}</p>
      {data.count > data.rows.length ? <p className="ui-hint">{t('trials.trait.capped', { shown: translator.formatNumber(data.rows.length), count: translator.formatNumber(data.count) })}</p> : null}
      {/* Room for the date beside the slider: a field is otherwise narrower than slider and date together. */}
      <div className="ui-field trials-time-slider">
        <label htmlFor={sliderId}>{t('trials.trait.timeline.slider')}</label>
        <div className="ui-choice">
          <input
            id={sliderId}
            type="range"
            min={0}
            max={Math.max(0, days.length - 1)}
            step={1}
            value={index}
            aria-valuetext={date}
            onChange={(event) => props.onChange({ day: days[Number(event.target.value)] })}
          />
          <output htmlFor={sliderId} aria-live="polite">
            {t('trials.trait.timeline.position', { date, n: index + 1, count: days.length })}
          </output>
        </div>
      </div>
      <Chart
        title={t('trials.trait.timeline.title', { trait: props.title })}
        description={t('trials.trait.timeline.description', { trait: props.title, dataset: dataset.datasetName ?? '', germplasm: line.germplasm.length, days: days.length, date })}
        spec={spec}
        columns={gridColumns}
        rows={gridRows}
        height={CHART_HEIGHT}
      />
      {bars.length > 0 ? (
        <Chart
          title={t('trials.trait.timeline.dayTitle', { trait: props.title, date })}
          description={t('trials.trait.timeline.dayDescription', { trait: props.title, date, germplasm: bars.length })}
          spec={barSpec}
          columns={[{ key: 'germplasm', header: titles.germplasm }, { key: 'mean', header: props.title, numeric: true }]}
          rows={bars}
        />
      ) : null}
    </>
  );
}
