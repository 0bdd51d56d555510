import { useServices } from '../../../../shell/pane-api.js';
import { GroupBoxes, ModeRadios } from '../../../../shell/export/choice-list.js';
import type { ChoiceGroup } from '../../../../shell/export/germplasm-choice.js';
import { Field, Select } from '../../../../shell/ui/Field.js';
import { chosenMap, type DatasetMap } from './request.js';
import { MARKER_MODES, type GenotypeSelection, type MapChoice } from './state.js';

/**
 * The markers to export: all of the datasets', the marked markers, or marker groups of the datasets; and
 * the map whose markers, chromosomes and positions the files carry (its markers restrict the export), by
 * name and number of markers, the one with most preselected, or no map.
 */
export interface MarkerPickerProps {
  state: Pick<GenotypeSelection, 'markers' | 'markerGroups' | 'map'>;
  update(patch: Partial<GenotypeSelection>): void;
  groups: readonly ChoiceGroup[];
  marked: number;
  /** The maps of the datasets; undefined while they load. */
  maps: readonly DatasetMap[] | undefined;
  mapSelectId: string;
}

const NONE = 'none';

export function MarkerPicker({ state, update, groups, marked, maps, mapSelectId }: MarkerPickerProps) {
  const { t, translator } = useServices();
  const disabled = { all: false, marked: marked === 0, groups: groups.length === 0 };
  const labels = {
    all: t('genotypes.exportPage.markers.all'),
    marked: t('genotypes.exportPage.markers.marked', { count: marked }),
    groups: t('genotypes.exportPage.markers.groups', { count: groups.length }),
  };
  const selected = maps ? chosenMap(state.map, maps) : null;
  const choose = (value: string): MapChoice => (value === NONE ? 'none' : Number(value));
  return (
    <fieldset>
      <legend>{t('genotypes.exportPage.markersLegend')}</legend>
      <ModeRadios options={MARKER_MODES.map((mode) => ({ mode, label: labels[mode], disabled: disabled[mode] }))} value={state.markers} onChange={(markers) => update({ markers })} />
      {state.markers === 'groups' ? <GroupBoxes label={t('genotypes.exportPage.markerGroupList')} groups={groups} chosen={state.markerGroups} onChange={(ids) => update({ markerGroups: ids })} /> : null}
      <Field className="genotype-export-map" label={t('genotypes.exportPage.map')} hint={t('genotypes.exportPage.mapHint')}>
        <Select id={mapSelectId} value={maps ? String(selected ?? NONE) : ''} disabled={!maps} onChange={(event) => update({ map: choose(event.target.value) })}>
          {maps ? null : <option value="">{t('genotypes.exportPage.mapsLoading')}</option>}
          {(maps ?? []).map((map) => (
            <option key={map.mapId} value={String(map.mapId)}>
              {t('genotypes.exportPage.mapOption', { name: map.mapName ?? String(map.mapId), count: map.markerCount, shown: translator.formatNumber(map.markerCount) })}
            </option>
          ))}
          {maps ? <option value={NONE}>{t('genotypes.exportPage.noMap')}</option> : null}
        </Select>
      </Field>
    </fieldset>
  );
}
