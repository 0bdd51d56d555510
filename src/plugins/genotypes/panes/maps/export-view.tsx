import useSWR from 'swr';
import { useServices } from '../../../../shell/pane-api.js';
import { runFromButton } from '../../../../shell/table/run-command.js';
import { Button } from '../../../../shell/ui/Button.js';
import { Field, Select } from '../../../../shell/ui/Field.js';
import { CheckList } from '../../../../shell/ui/fields.js';
import { PANE } from '../ids.js';
import { byChromosome } from './density.js';
import { EMPTY_REGION, MAP_FORMATS, mapExportRequest, SUBSET_METHODS, type MapExportForm, type RegionInput } from './export-form.js';
import { MarkerPicker } from './marker-picker.js';
import { exportFormatId } from './pane-state.js';

interface ExportProps {
  mapId: number;
  paneKey: string;
  form: MapExportForm;
  onChange(form: MapExportForm): void;
}

/** Format names are the viewers' own names, the same in every language. */
const FORMAT_NAMES: Record<(typeof MAP_FORMATS)[number], string> = { flapjack: 'Flapjack', mapchart: 'MapChart', strudel: 'Strudel' };

/**
 * The map export: a format for a map viewer, and the part of the map (whole, chromosomes, regions, between
 * two markers, around a marker). The download button runs the download command (d, Ctrl/⌘+Enter), which
 * sends nothing while the form is incomplete; what is missing shows below the form as it is filled in.
 */
export function ExportView(props: ExportProps) {
  const services = useServices();
  const { api, t } = services;
  const { form, onChange, mapId } = props;
  // In reading order (1, 2, …, 10), as the histogram shows them.
  const chromosomes = useSWR(['genotypes:map-chromosomes', mapId], () => api.get<string[]>(`map/${mapId}/chromosome`).then((list) => [...list].sort(byChromosome)));
  const set = (patch: Partial<MapExportForm>) => onChange({ ...form, ...patch });
  const outcome = mapExportRequest(form);
  const name = `${props.paneKey}-export-method`;

  return (
    <form
      className="genotypes-export"
      aria-label={t('genotypes.export.title')}
      onSubmit={(event) => {
        event.preventDefault();
        runFromButton(services, props.paneKey, PANE.map, 'genotypes:download-map-export');
      }}
    >
      <Field label={t('genotypes.export.format')}>
        <Select id={exportFormatId(props.paneKey)} value={form.format} onChange={(event) => set({ format: MAP_FORMATS.find((f) => f === event.target.value) ?? form.format })}>
          {MAP_FORMATS.map((format) => (
            <option key={format} value={format}>
              {FORMAT_NAMES[format]}
            </option>
          ))}
        </Select>
      </Field>
      <fieldset>
        <legend>{t('genotypes.export.subset')}</legend>
        <div className="genotypes-methods">
          {SUBSET_METHODS.map((method) => (
            <label key={method} className="ui-check">
              <input type="radio" name={name} value={method} checked={form.method === method} onChange={() => set({ method })} />
              {t(`genotypes.export.method.${method}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {form.method === 'chromosomes' ? (
        chromosomes.data === undefined ? (
          <p role="status">{chromosomes.error ? t('genotypes.loadFailed') : t('genotypes.loading')}</p>
        ) : (
          <CheckList
            legend={t('genotypes.export.chromosomes')}
            options={chromosomes.data.map((c) => ({ value: c, label: c }))}
            selected={form.chromosomes}
            onToggle={(value, on) => set({ chromosomes: on ? [...form.chromosomes.filter((c) => c !== value), value] : form.chromosomes.filter((c) => c !== value) })}
          />
        )
      ) : null}
      {form.method === 'regions' ? <Regions chromosomes={chromosomes.data ?? []} regions={form.regions} onChange={(regions) => set({ regions })} /> : null}
      {form.method === 'markerIdInterval' ? (
        <fieldset>
          <legend>{t('genotypes.export.method.markerIdInterval')}</legend>
          <p className="ui-hint">{t('genotypes.export.intervalRule')}</p>
          <div className="genotypes-export-row">
            <MarkerPicker mapId={mapId} label={t('genotypes.export.firstMarker')} value={form.interval[0]} onChange={(marker) => set({ interval: [marker, form.interval[1]] })} />
            <MarkerPicker mapId={mapId} label={t('genotypes.export.secondMarker')} value={form.interval[1]} onChange={(marker) => set({ interval: [form.interval[0], marker] })} />
          </div>
          {form.interval[0]?.chromosome !== undefined && form.interval[1]?.chromosome !== undefined && form.interval[0].chromosome !== form.interval[1].chromosome ? (
            <p className="ui-error">{t('genotypes.export.intervalApart')}</p>
          ) : null}
        </fieldset>
      ) : null}
      {form.method === 'radius' ? (
        <fieldset>
          <legend>{t('genotypes.export.method.radius')}</legend>
          <div className="genotypes-export-row">
            <MarkerPicker mapId={mapId} label={t('genotypes.export.radiusMarker')} value={form.radius.marker} onChange={(marker) => set({ radius: { ...form.radius, marker } })} />
            <Field label={t('genotypes.export.left')}>
              <input type="number" min={0} step="any" value={form.radius.left} onChange={(event) => set({ radius: { ...form.radius, left: event.target.value } })} />
            </Field>
            <Field label={t('genotypes.export.right')}>
              <input type="number" min={0} step="any" value={form.radius.right} onChange={(event) => set({ radius: { ...form.radius, right: event.target.value } })} />
            </Field>
          </div>
        </fieldset>
      ) : null}
      <p className="genotypes-problem" role="status">
        {outcome.problem ? t(outcome.problem) : ''}
      </p>
      <div className="ui-actions">
        <Button type="submit" variant="primary" aria-keyshortcuts="d Control+Enter Meta+Enter">
          {t('genotypes.command.downloadExport')}
        </Button>
      </div>
    </form>
  );
}

/** Regions, one row each: a chromosome of the map, a start and an end; rows are added and removed. */
function Regions(props: { chromosomes: readonly string[]; regions: readonly RegionInput[]; onChange(regions: RegionInput[]): void }) {
  const { t } = useServices();
  const { regions, onChange } = props;
  const change = (index: number, patch: Partial<RegionInput>) => onChange(regions.map((region, i) => (i === index ? { ...region, ...patch } : region)));
  return (
    <fieldset>
      <legend>{t('genotypes.export.method.regions')}</legend>
      {regions.map((region, index) => (
        <div key={index} className="genotypes-export-row" role="group" aria-label={t('genotypes.export.region', { n: index + 1 })}>
          <Field label={t('genotypes.export.chromosome')}>
            <Select value={region.chromosome} onChange={(event) => change(index, { chromosome: event.target.value })}>
              <option value="">{t('genotypes.export.chooseChromosome')}</option>
              {props.chromosomes.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('genotypes.export.start')}>
            <input type="number" step="any" value={region.start} onChange={(event) => change(index, { start: event.target.value })} />
          </Field>
          <Field label={t('genotypes.export.end')}>
            <input type="number" step="any" value={region.end} onChange={(event) => change(index, { end: event.target.value })} />
          </Field>
          {regions.length > 1 ? (
            <Button size="sm" onClick={() => onChange(regions.filter((_, i) => i !== index))}>
              {t('genotypes.export.removeRegion', { n: index + 1 })}
            </Button>
          ) : null}
        </div>
      ))}
      <Button size="sm" onClick={() => onChange([...regions, EMPTY_REGION])}>
        {t('genotypes.export.addRegion')}
      </Button>
    </fieldset>
  );
}
