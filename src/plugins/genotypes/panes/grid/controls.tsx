import type { ReactNode } from 'react';
import { useServices } from '../../../../shell/pane-api.js';
import { Button } from '../../../../shell/ui/Button.js';
import { Field, Select } from '../../../../shell/ui/Field.js';
import { GRID_FIELDS, type GridField, type GridOrderBy, type GridState } from './pane-state.js';
import { TraitChoice } from './trait-controls.js';
import type { DatasetMap, GridData } from './use-grid-data.js';
import type { TraitData } from './use-trait-data.js';

/**
 * The grid's choices: the map ordering the markers, the passport field or trait rows are sorted by (and
 * which way), the one they are grouped by, and the trials dataset and trait the trait option means.
 */
export function GridControls(props: {
  ids: { sort: string; group: string; map: string; trials: string; trait: string };
  state: GridState;
  maps: DatasetMap[];
  trait: TraitData;
  ordering: GridData['ordering'];
  onChange(patch: Partial<GridState>): void;
}) {
  const { t } = useServices();
  const { state, onChange } = props;
  // The trait option once a trait is chosen: its name when its dataset's traits have arrived.
  const traitOption =
    state.traitId === null ? null : <option value="trait">{props.trait.trait ? t('genotypes.grid.byTrait', { trait: props.trait.trait.traitName }) : t('genotypes.grid.trait')}</option>;
  return (
    <div className="genotypes-grid-controls">
      <Field label={t('genotypes.grid.map')}>
        <Select id={props.ids.map} value={state.mapId === null ? '' : String(state.mapId)} onChange={(event) => onChange({ mapId: event.target.value === '' ? null : Number(event.target.value), column: 0, left: 0 })} aria-keyshortcuts="Shift+M">
          <option value="">{t('genotypes.grid.noMap')}</option>
          {props.maps.map((map) => (
            <option key={map.mapId} value={String(map.mapId)}>
              {map.mapName}
            </option>
          ))}
        </Select>
      </Field>
      <OrderSelect label={t('genotypes.grid.sort')} id={props.ids.sort} value={state.sort} none={t('genotypes.grid.fileOrder')} keys="s" traitOption={traitOption} onChange={(sort) => onChange({ sort, row: 0, top: 0 })} />
      <Button size="sm" aria-pressed={state.descending} aria-keyshortcuts="r" disabled={state.sort === null} onClick={() => onChange({ descending: !state.descending })}>
        {t('genotypes.grid.command.reverse-sort')}
      </Button>
      <OrderSelect label={t('genotypes.grid.group')} id={props.ids.group} value={state.group} none={t('genotypes.grid.noGroups')} keys="Shift+G" traitOption={traitOption} onChange={(group) => onChange({ group, row: 0, top: 0 })} />
      <TraitChoice ids={props.ids} state={state} trait={props.trait} onChange={onChange} />
      {props.ordering === 'loading' ? <p role="status" className="ui-muted">{t('genotypes.grid.ordering')}</p> : null}
      {props.ordering === 'too-many' ? <p role="status" className="ui-muted">{t('genotypes.grid.tooManyToSort')}</p> : null}
    </div>
  );
}

const asField = (value: string): GridOrderBy | null => (value === 'trait' ? 'trait' : (GRID_FIELDS.find((f) => f === value) ?? null));

/** What rows are sorted or grouped by: nothing (`none`'s text), a passport field, or the chosen trait. */
function OrderSelect(props: { label: string; id: string; value: GridOrderBy | null; none: string; keys: string; traitOption: ReactNode; onChange(value: GridOrderBy | null): void }) {
  const { t } = useServices();
  return (
    <Field label={props.label}>
      <Select id={props.id} value={props.value ?? ''} onChange={(event) => props.onChange(asField(event.target.value))} aria-keyshortcuts={props.keys}>
        <option value="">{props.none}</option>
        {GRID_FIELDS.map((field: GridField) => (
          <option key={field} value={field}>
            {t(`genotypes.grid.field.${field}`)}
          </option>
        ))}
        {props.traitOption}
      </Select>
    </Field>
  );
}
