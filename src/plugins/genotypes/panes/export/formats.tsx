import { useServices } from '../../../../shell/pane-api.js';
import { Checkbox } from '../../../../shell/ui/Field.js';
import { FORMATS, type Format, type GenotypeExportState } from './state.js';

/**
 * The files to write, each with a short note of what it holds and which tools read it. Germinate also
 * offers a Flapjack project: it is shown, disabled, with the reason (Germinate builds it with Flapjack's own
 * program, which this server does not have), so that people who know Germinate see where it went and what
 * to open in Flapjack instead.
 */
export function FormatPicker({ state, update }: { state: GenotypeExportState; update(patch: Partial<GenotypeExportState>): void }) {
  const { t } = useServices();
  const toggle = (format: Format, on: boolean) => update({ formats: FORMATS.filter((f) => (f === format ? on : state.formats.includes(f))) });
  return (
    <fieldset>
      <legend>{t('genotypes.exportPage.formatsLegend')}</legend>
      <div className="genotype-export-formats">
        {FORMATS.map((format) => (
          <div key={format} className="genotype-export-format">
            <Checkbox label={t(`genotypes.exportPage.format.${format}`)} checked={state.formats.includes(format)} onChange={(on) => toggle(format, on)} />
            <p className="ui-hint">{t(`genotypes.exportPage.formatDoc.${format}`)}</p>
          </div>
        ))}
        <div className="genotype-export-format" data-unavailable="true">
          <Checkbox label={t('genotypes.exportPage.format.flapjackProject')} checked={false} disabled onChange={() => undefined} />
          <p className="ui-hint">{t('genotypes.exportPage.formatDoc.flapjackProject')}</p>
        </div>
      </div>
    </fieldset>
  );
}
