import { Fragment, type ReactNode } from 'react';
import useSWR from 'swr';
import type { Filter } from '../../../../core/table-request.js';
import { useHasRole, usePaneDialog } from '../../../../shell/pane-dialog.js';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { runFromButton } from '../../../../shell/table/run-command.js';
import { keepEnterOnControls } from '../../../../shell/table/control-keys.js';
import { Button } from '../../../../shell/ui/Button.js';
import { Tabs, type TabSpec } from '../../../../shell/ui/Tabs.js';
import { PANE } from '../ids.js';
import { Attributes, useTraitAttributes } from './attributes.js';
import { datasetCount, traitTitle, type TraitRow } from './columns.js';
import { DataTab } from './data-tab.js';
import { EditDialog } from './edit-dialog.js';
import { LayoutMap } from './layout-map.js';
import { restrictionsText } from './restrictions.js';
import { StatsTab } from './stats-tab.js';
import { dataTypeName } from './texts.js';
import { Timeline } from './timeline.js';
import { useTraitStyles } from './styles.js';
import { useTrait, useTraitDatasets, type TraitDataset } from './trait-reads.js';

/** The datasets table (the datasets plugin's pane: plugins meet through pane ids). */
const DATASETS_TABLE = 'datasets:table';

type Tab = 'data' | 'stats' | 'timeline' | 'map' | 'attributes';

/**
 * A trait (`/data/trials/traits/:traitId`): its name and unit, description, data type, category,
 * synonyms and restrictions, then its data across datasets, statistics per dataset, a timeline (time
 * series), the trial layout map and its attributes, one tab each. Data of datasets whose licence the
 * reader has not accepted is left out by the server; a note says so and leads to those datasets.
 */
export default function TraitDetailsPane(props: PaneProps) {
  useTraitStyles();
  const services = useServices();
  const { api, t, workspace } = services;
  const id = Number(props.instance.params.traitId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const trait = useTrait(valid ? id : null);
  const datasets = useTraitDatasets(valid ? id : null);
  const attributes = useTraitAttributes(valid ? id : null);
  const isAdmin = useHasRole('ADMIN');
  const { dialog, close: closeDialog } = usePaneDialog(props);
  const row = trait.data;
  const readable = datasets.data?.readable ?? [];
  const readableIds = readable.map((d) => d.datasetId);
  const timeseries = row?.traitIsTimeseries === true && readableIds.length > 0;
  const timepoints = useSWR(timeseries ? ['trials:trait-timepoints', id, readableIds.join(',')] : null, () =>
    api.post<string[]>('dataset/data/trial/timepoint', { body: { datasetIds: readableIds, traitIds: [id] } }),
  );
  const state = props.instance.state ?? {};
  const change = (patch: Record<string, unknown>) => props.setState({ ...(props.instance.state ?? {}), ...patch });
  const titleId = `${props.paneKey}-trait-title`;

  if (!valid || row === null) {
    return (
      <section className="ui-pane" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('trials.pane.trait')}</h2>
        <p role="status">{t('trials.trait.notFound', { id: props.instance.params.traitId ?? '' })}</p>
      </section>
    );
  }
  if (!row) {
    return (
      <section className="ui-pane" aria-busy="true" aria-label={t('trials.pane.trait')}>
        <p role="status">{trait.error ? t('trials.trait.loadFailed') : t('trials.trait.loading')}</p>
      </section>
    );
  }

  const title = traitTitle(row);
  const tabs: (TabSpec & { id: Tab })[] = [
    { id: 'data', label: t('trials.trait.tab.data') },
    { id: 'stats', label: t('trials.trait.tab.stats') },
    ...((timepoints.data?.length ?? 0) > 1 ? [{ id: 'timeline' as const, label: t('trials.trait.tab.timeline') }] : []),
    { id: 'map', label: t('trials.trait.tab.map') },
    ...((attributes.data?.length ?? 0) > 0 ? [{ id: 'attributes' as const, label: t('trials.trait.tab.attributes') }] : []),
  ];
  const tab: Tab = tabs.find((spec) => spec.id === state.tab)?.id ?? 'data';

  let content: ReactNode;
  if (datasets.error) content = <p className="ui-error">{t('trials.trait.loadFailed')}</p>;
  else if (!datasets.data) content = <p role="status">{t('trials.trait.loading')}</p>;
  else if (tab === 'data') content = <DataTab traitId={id} traitName={title} datasets={datasets.data.all} pane={props} />;
  else if (tab === 'stats') {
    content = (
      <StatsTab
        traitId={id}
        title={title}
        dataType={row.dataType}
        restrictions={row.traitRestrictions}
        datasetIds={readableIds}
        showTable={state.statsTable === true}
        onShowTable={(show) => change({ statsTable: show })}
      />
    );
  } else if (tab === 'timeline') {
    content = <Timeline traitId={id} title={title} datasets={readable} dataset={state.dataset} day={state.day} onChange={change} />;
  } else if (tab === 'map') {
    content = <LayoutMap traitId={id} title={title} dataType={row.dataType} datasets={readable} dataset={state.dataset} onDataset={(dataset) => change({ dataset })} />;
  } else content = <Attributes rows={attributes.data ?? []} caption={t('trials.trait.tab.attributes')} />;

  return (
    <section className="ui-pane trials-trait" aria-labelledby={titleId} onKeyDown={keepEnterOnControls}>
      <div className="ui-pane-header">
        <h2 id={titleId}>{title}</h2>
        {isAdmin ? (
          <div className="ui-actions" role="toolbar" aria-label={t('trials.trait.actions')}>
            <Button onClick={() => runFromButton(services, props.paneKey, PANE.trait, 'trials:edit-trait')} aria-keyshortcuts="e">
              {t('trials.trait.command.edit')}
            </Button>
          </div>
        ) : null}
      </div>
      <TraitFacts row={row} />
      {datasets.data && datasets.data.unaccepted.length > 0 ? (
        <UnacceptedNote datasets={datasets.data.unaccepted} onOpen={(filters) => workspace.open({ type: DATASETS_TABLE, params: {}, state: { filters } }, 'right', props.paneKey)} />
      ) : null}
      <Tabs idPrefix={`${props.paneKey}-trait`} label={t('trials.trait.tabs')} tabs={tabs} selected={tab} onSelect={(next) => change({ tab: next })}>
        {content}
      </Tabs>
      {dialog === 'edit' && isAdmin ? (
        <EditDialog
          row={row}
          onClose={closeDialog}
          onSaved={() => {
            void trait.mutate();
            void datasets.mutate();
          }}
        />
      ) : null}
    </section>
  );
}

/** What the trait is: the spec's trait fields other than its name. */
function TraitFacts({ row }: { row: TraitRow }) {
  const { t, translator } = useServices();
  const none = '–';
  const unit = [row.unitName, row.unitAbbreviation ? `(${row.unitAbbreviation})` : ''].filter(Boolean).join(' ');
  const facts: [string, ReactNode][] = [
    ['traitDescription', row.traitDescription || none],
    ['traitNameShort', row.traitNameShort || none],
    ['dataType', row.dataType ? dataTypeName(t, row.dataType) : none],
    ['categoryName', row.categoryName || none],
    ['unitName', unit ? `${unit}${row.unitDescription && row.unitDescription !== row.unitName ? ` – ${row.unitDescription}` : ''}` : none],
    ['synonyms', row.synonyms && row.synonyms.length > 0 ? row.synonyms.join(', ') : none],
    ['traitRestrictions', restrictionsText(row.traitRestrictions, (n) => translator.formatNumber(n)) || none],
    ['traitIsTimeseries', t(row.traitIsTimeseries ? 'trials.trait.yes' : 'trials.trait.no')],
    ['traitSetSize', row.traitSetSize === null || row.traitSetSize === undefined ? none : translator.formatNumber(row.traitSetSize)],
    ['datasetIds', translator.formatNumber(datasetCount(row))],
    ['count', translator.formatNumber(row.count ?? 0)],
  ];
  return (
    <dl className="ui-dl trials-trait-facts">
      {facts.map(([key, value]) => (
        <Fragment key={key}>
          <dt>{t(`trials.traits.column.${key}`)}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The note on datasets whose licence the reader has not accepted: their data is not shown until they do. */
function UnacceptedNote({ datasets, onOpen }: { datasets: readonly TraitDataset[]; onOpen(filters: Filter[]): void }) {
  const { t } = useServices();
  const ids = datasets.map((d) => d.datasetId).join(',');
  return (
    <div className="ui-card trials-licence-note" role="note">
      <p>{t('trials.trait.unaccepted', { count: datasets.length })}</p>
      <Button size="sm" onClick={() => onOpen([{ column: 'datasetId', comparator: 'inSet', operator: 'and', values: [ids] }])}>
        {t('trials.trait.openDatasets')}
      </Button>
    </div>
  );
}
