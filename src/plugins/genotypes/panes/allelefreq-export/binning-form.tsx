import { useState } from 'react';
import { ModeRadios } from '../../../../shell/export/choice-list.js';
import { useServices } from '../../../../shell/pane-api.js';
import { Field, Input } from '../../../../shell/ui/Field.js';
import { BINNING_METHODS, FIELD_LIMITS, METHOD_FIELDS, readTyped, type BinningChoice, type BinningField } from './binning-choice.js';

/**
 * Step 2's binning form: the method (equal widths, a split point, equal counts) with its note, and that
 * method's numbers, each kept within its limits: a number outside them is clamped, and while it is in the
 * field the field says so; once the field is left it shows the value used. Text that is no number keeps the
 * value before it. Below, the bins' edges as drawn over the histogram, for those who do not see it.
 */
export interface BinningFormProps {
  paneKey: string;
  choice: BinningChoice;
  update(patch: Partial<BinningChoice>): void;
  /** The interior edges of the chosen bins (binning-choice.ts binEdges). */
  edges: readonly number[];
}

function BinningNumber({ field, value, onValue }: { field: BinningField; value: number; onValue(value: number): void }) {
  const { t, translator } = useServices();
  // What is being typed; null shows the value in use.
  const [draft, setDraft] = useState<string | null>(null);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const limits = FIELD_LIMITS[field];
  const range = { min: translator.formatNumber(limits.min), max: translator.formatNumber(limits.max) };
  const kind = limits.whole ? 'whole' : 'decimal';
  const type = (text: string) => {
    setDraft(text);
    const typed = readTyped(field, text);
    if (typed) onValue(typed.value);
    if (typed?.valid) setMessage(undefined);
    else setMessage(t(`genotypes.allelefreqPage.invalid.${kind}`, { ...range, used: translator.formatNumber(typed?.value ?? value) }));
  };
  return (
    <Field label={t(`genotypes.allelefreqPage.field.${field}`)} hint={t(`genotypes.allelefreqPage.range.${kind}`, range)} error={message}>
      <Input
        type="number"
        inputMode={limits.whole ? 'numeric' : 'decimal'}
        min={limits.min}
        max={limits.max}
        step={limits.whole ? 1 : 0.01}
        value={draft ?? String(value)}
        onChange={(event) => type(event.target.value)}
        onBlur={() => {
          // The field now shows the value in use, which is valid: the message was about the text typed.
          setDraft(null);
          setMessage(undefined);
        }}
      />
    </Field>
  );
}

export function BinningForm({ paneKey, choice, update, edges }: BinningFormProps) {
  const { t, translator } = useServices();
  const labels = { equal: t('genotypes.allelefreqPage.method.equal'), split: t('genotypes.allelefreqPage.method.split'), auto: t('genotypes.allelefreqPage.method.auto') };
  const shownEdges = edges.map((edge) => translator.formatNumber(edge, { maximumFractionDigits: 4 })).join(', ');
  return (
    <fieldset className="allelefreq-binning" data-binning-of={paneKey}>
      <legend>{t('genotypes.allelefreqPage.binningLegend')}</legend>
      <ModeRadios options={BINNING_METHODS.map((method) => ({ mode: method, label: labels[method], disabled: false }))} value={choice.method} onChange={(method) => update({ method })} />
      <p className="ui-hint">{t(`genotypes.allelefreqPage.methodDoc.${choice.method}`)}</p>
      <div className="allelefreq-binning-fields">
        {METHOD_FIELDS[choice.method].map((field) => (
          // Keyed by method and field: a field shown again starts from the value in use.
          <BinningNumber key={`${choice.method}-${field}`} field={field} value={choice[field]} onValue={(value) => update({ [field]: value })} />
        ))}
      </div>
      <p role="status" aria-live="polite" data-testid="allelefreq-edges">
        {edges.length === 0
          ? t('genotypes.allelefreqPage.oneBin')
          : t(choice.method === 'auto' ? 'genotypes.allelefreqPage.edgesAbout' : 'genotypes.allelefreqPage.edges', { count: edges.length + 1, shown: translator.formatNumber(edges.length + 1), edges: shownEdges })}
      </p>
    </fieldset>
  );
}
