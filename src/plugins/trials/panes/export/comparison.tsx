import { useId } from 'react';
import { Chart, type ChartColumn } from '../../../../shell/chart/Chart.js';
import { useServices } from '../../../../shell/pane-api.js';
import { comparisonRows } from './aggregate.js';
import { useDataRows, type PageContext } from './context.js';
import { LEGEND_MAX } from './matrix.js';
import { ChoiceProblem, RowsState } from './notes.js';
import { comparisonSpec } from './specs.js';
import { COMPARE_BY } from './state.js';
import { traitLabel } from './traits.js';

/** A group larger than this may take long to load and crowd the charts (Germinate's warning). */
export const LARGE_GROUP = 10;

/**
 * The comparison tab: each chosen numeric trait per germplasm across the datasets or the treatments, a
 * line per germplasm through its means. Choosing a group of more than ten members shows Germinate's
 * warning first.
 */
export function ComparisonTab({ context }: { context: PageContext }) {
  const { t } = useServices();
  const name = useId();
  const { chosen, state, groups, update } = context;
  // One dataset has nothing to compare across: its treatments then.
  const compareBy = state.compareBy ?? (context.datasetIds.length > 1 ? 'dataset' : 'treatment');
  const numeric = chosen.filter((trait) => trait.dataType === 'numeric');
  const rows = useDataRows(
    context,
    numeric.map((trait) => trait.traitId),
    false,
  );
  const chosenGroups = new Set(state.groups);
  const largeGroup = state.germplasm === 'groups' && groups.some((group) => chosenGroups.has(group.groupId) && group.count > LARGE_GROUP);
  const categoryTitle = t(`trials.export.compareBy.${compareBy}`);
  const germplasmTitle = t('trials.export.germplasmColumn');
  const countTitle = t('trials.export.valueCount');

  return (
    <>
      {largeGroup ? (
        <p role="alert" className="trials-export-warning">
          {t('trials.export.largeGroup')}
        </p>
      ) : null}
      <fieldset>
        <legend>{t('trials.export.compareAcross')}</legend>
        <div className="trials-export-radios trials-export-inline">
          {COMPARE_BY.map((by) => (
            <label key={by}>
              <input type="radio" name={name} value={by} checked={compareBy === by} onChange={() => update({ compareBy: by })} />
              {t(`trials.export.compareBy.${by}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {numeric.length === 0 ? (
        <p role="alert" className="trials-export-warning">
          {t('trials.export.atLeastNumeric')}
        </p>
      ) : !context.choice.ok ? (
        <ChoiceProblem context={context} />
      ) : (
        <>
          <RowsState rows={rows} />
          {rows.data
            ? numeric.map((trait) => {
                const data = comparisonRows(rows.data?.rows ?? [], { traitId: trait.traitId, kind: 'number' }, compareBy, t('trials.export.noTreatment'));
                const germplasm = new Set(data.map((row) => row.germplasm)).size;
                const title = traitLabel(trait);
                const columns: ChartColumn[] = [
                  { key: 'germplasm', header: germplasmTitle },
                  { key: 'category', header: categoryTitle },
                  { key: 'value', header: t('trials.export.mean'), numeric: true },
                  { key: 'count', header: countTitle, numeric: true },
                ];
                return (
                  <Chart
                    key={trait.traitId}
                    title={title}
                    description={t('trials.export.comparisonDescription', { trait: title, germplasm, by: categoryTitle })}
                    spec={comparisonSpec({ category: categoryTitle, value: title, germplasm: germplasmTitle, count: countTitle }, germplasm <= LEGEND_MAX, context.chartWidth)}
                    columns={columns}
                    rows={data}
                  />
                );
              })
            : null}
        </>
      )}
    </>
  );
}
