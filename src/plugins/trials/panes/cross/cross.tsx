import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { Download } from '../../../../core/api-client.js';
import { Chart, type ChartColumn } from '../../../../shell/chart/Chart.js';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { keepEnterOnControls } from '../../../../shell/table/control-keys.js';
import { downloadFile } from '../../../../shell/table/download.js';
import { runFromButton } from '../../../../shell/table/run-command.js';
import { Button, Checkbox, CheckList } from '../../../../shell/ui/index.js';
import { PANE } from '../ids.js';
import { useTrialsDatasets } from '../trials-datasets.js';
import {
  allNumbers,
  chartRows,
  comparisonRequest,
  constantDomain,
  missingChoice,
  parseComparison,
  readCrossState,
  SCATTER_HEIGHT,
  scatterSpec,
  type ComparisonFile,
  type CrossState,
  type SideChoice,
} from './comparison.js';
import { registerCompare } from './controls.js';
import { SidePicker, type TraitOption } from './side-picker.js';

/** A plain Enter presses the focused control; Ctrl+Enter (compare) still reaches the shell's keys. */
function keepPlainEnterOnControls(event: KeyboardEvent<HTMLElement>): void {
  if (!event.ctrlKey && !event.metaKey) keepEnterOnControls(event);
}

interface GroupOption {
  groupId: number;
  groupName: string;
  count?: number;
}

interface Result {
  file: Download;
  parsed: ComparisonFile | null;
}

/**
 * The cross data-type comparison (`/data/export/cross`): two values per germplasm side by side — a trait
 * averaged over the chosen trials datasets, or a column of the germplasm's passport — for the marked
 * germplasm, some groups or all, drawn as a scatter plot with its table and downloads. The choices are the
 * pane's view state (so in its address); Ctrl+Enter or the button compares.
 */
export default function CrossComparisonPane(props: PaneProps) {
  const services = useServices();
  const { api, t, store, translator } = services;
  const { paneKey, instance, setState } = props;
  const state = useMemo(() => readCrossState(instance.state), [instance.state]);
  const marked = useSnapshot(store.state).markedIds.germplasm;
  const titleId = `${paneKey}-title`;
  const datasetKey = state.datasetIds.join(',');

  const datasets = useTrialsDatasets();
  const traits = useSWR(['trials:cross:traits', datasetKey], ([, key]: readonly [string, string]) =>
    api.post<TraitOption[]>('dataset/trait', { body: { datasetIds: key === '' ? [] : key.split(',').map(Number) } }),
  );
  const groups = useSWR(['trials:cross:groups', datasetKey], ([, key]: readonly [string, string]) =>
    api.post<GroupOption[]>('dataset/group', { body: { datasetIds: key === '' ? [] : key.split(',').map(Number), datasetType: 'trials', groupType: 'germinatebase' } }),
  );

  const update = (patch: Partial<CrossState>) => setState({ ...(instance.state ?? {}), ...state, ...patch });
  const toggle = (list: readonly number[], id: number, on: boolean) => (on ? [...list.filter((v) => v !== id), id] : list.filter((v) => v !== id));

  const [asked, setAsked] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const result = useSWR(
    asked === null ? null : (['trials:cross:compare', asked] as const),
    async ([, body]: readonly [string, string]): Promise<Result> => {
      const file = await api.post('dataset/crosscomparison', { body: JSON.parse(body) as unknown, raw: true });
      return { file, parsed: parseComparison(await file.blob.text()) };
    },
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );

  const compare = useCallback(() => {
    const missing = missingChoice(state, marked.length);
    setNotice(missing);
    if (missing !== null) return;
    const request = comparisonRequest(state, marked);
    if (!request) return;
    const body = JSON.stringify(request);
    if (body === asked) void result.mutate();
    else setAsked(body);
  }, [state, marked, asked, result]);
  const compareRef = useRef(compare);
  compareRef.current = compare;
  useEffect(() => registerCompare(paneKey, () => compareRef.current()), [paneKey]);

  const sideTitle = (side: SideChoice, heading: string) => (side.kind === 'column' && side.column ? t(`trials.cross.column.${side.column}`) : heading);
  const parsed = result.data?.parsed ?? null;
  const xTitle = parsed ? sideTitle(state.first, parsed.firstHeading) : '';
  const yTitle = parsed ? sideTitle(state.second, parsed.secondHeading) : '';
  const nameTitle = t('trials.cross.germplasm');
  const xNumeric = parsed ? allNumbers(parsed.rows, 'first') : true;
  const yNumeric = parsed ? allNumbers(parsed.rows, 'second') : true;
  const domains = useMemo(() => (parsed ? [constantDomain(parsed.rows, 'first'), constantDomain(parsed.rows, 'second')] : [null, null]), [parsed]);
  const spec = useMemo(
    () => scatterSpec({ xTitle, yTitle, nameTitle, xNumeric, yNumeric, xDomain: domains[0], yDomain: domains[1] }),
    [xTitle, yTitle, nameTitle, xNumeric, yNumeric, domains],
  );
  const rows = useMemo(() => (parsed ? chartRows(parsed.rows) : []), [parsed]);
  const columns: ChartColumn[] = useMemo(
    () => [
      { key: 'name', header: nameTitle },
      { key: 'generalIdentifier', header: t('trials.cross.identifier') },
      { key: 'first', header: xTitle, numeric: xNumeric },
      { key: 'second', header: yTitle, numeric: yNumeric },
    ],
    [nameTitle, t, xTitle, yTitle, xNumeric, yNumeric],
  );
  const download = result.data?.file;

  return (
    <section className="ui-pane cross-comparison" aria-labelledby={titleId} data-pane={instance.type} onKeyDown={keepPlainEnterOnControls}>
      <h2 id={titleId}>{t('trials.pane.cross')}</h2>
      <p>{t('trials.cross.intro')}</p>
      <CheckList
        legend={t('trials.cross.datasets')}
        hint={t('trials.cross.datasetsHint')}
        options={(datasets.data ?? []).map((d) => ({ value: String(d.datasetId), label: d.datasetName }))}
        selected={state.datasetIds.map(String)}
        onToggle={(value, on) => update({ datasetIds: toggle(state.datasetIds, Number(value), on) })}
      />
      <div className="ui-filters">
        <SidePicker legend={t('trials.cross.first')} side={state.first} traits={traits.data} onChange={(first) => update({ first })} />
        <SidePicker legend={t('trials.cross.second')} side={state.second} traits={traits.data} onChange={(second) => update({ second })} />
      </div>
      <fieldset>
        <legend>{t('trials.cross.restrict')}</legend>
        <p className="ui-hint">{t('trials.cross.restrictHint')}</p>
        <Checkbox label={t('trials.cross.marked', { count: marked.length })} checked={state.marked} disabled={marked.length === 0 && !state.marked} onChange={(on) => update({ marked: on })} />
        {groups.data && groups.data.length > 0 ? (
          <CheckList
            legend={t('trials.cross.groups')}
            options={groups.data.map((g) => ({ value: String(g.groupId), label: t('trials.cross.group', { name: g.groupName, count: g.count ?? 0 }) }))}
            selected={state.groupIds.map(String)}
            onToggle={(value, on) => update({ groupIds: toggle(state.groupIds, Number(value), on) })}
          />
        ) : null}
      </fieldset>
      <div className="ui-actions">
        <Button variant="primary" aria-keyshortcuts="Control+Enter" disabled={result.isValidating} onClick={() => runFromButton(services, paneKey, PANE.cross, 'trials:cross-compare')}>
          {t('trials.cross.compare')}
        </Button>
        <Button disabled={!download} onClick={() => download && downloadFile(download.blob, download.filename ?? 'comparison.txt')}>
          {t('trials.cross.download')}
        </Button>
      </div>
      {notice ? (
        <p role="alert" className="ui-text-error">
          {t(notice)}
        </p>
      ) : null}
      {result.isValidating ? <p aria-busy="true">{t('trials.cross.comparing')}</p> : null}
      {result.error ? (
        <p role="alert" className="form-error">
          {t('trials.cross.failed')}
        </p>
      ) : null}
      {result.data && !result.isValidating ? (
        parsed && parsed.rows.length > 0 ? (
          <Chart
            title={t('trials.cross.chartTitle', { x: xTitle, y: yTitle })}
            description={t('trials.cross.chartDescription', { count: translator.formatNumber(parsed.rows.length), x: xTitle, y: yTitle })}
            spec={spec}
            columns={columns}
            rows={rows}
            height={SCATTER_HEIGHT}
            showTable={state.table}
            onShowTableChange={(table) => update({ table })}
          />
        ) : (
          <p role="status">{t('trials.cross.empty')}</p>
        )
      ) : null}
    </section>
  );
}
