import { useEffect, useId, useState } from 'react';
import { useServices } from '../../../shell/pane-api.js';
import { Button } from '../../../shell/ui/Button.js';
import { code128 } from '../passport/barcode.js';

/** Module width and bar height of a label's barcode, in SVG units (the label scales it). */
const MODULE = 2;
const BAR_HEIGHT = 56;
const MAX_LABELS = 100;
/** The body class under which only the label sheet prints (passport styles). */
const PRINTING = 'passport-printing-labels';

/** A Code 128 barcode of `value` as SVG with the value written below it. */
function BarcodeSvg({ value, label }: { value: string; label: string }) {
  const code = code128(value);
  if (!code) return null;
  const width = code.width * MODULE;
  return (
    <svg className="passport-barcode" role="img" aria-label={label} viewBox={`0 0 ${width} ${BAR_HEIGHT + 18}`} width={width} height={BAR_HEIGHT + 18}>
      <rect width={width} height={BAR_HEIGHT + 18} fill="#ffffff" />
      {code.bars.map(([x, w]) => (
        <rect key={x} x={x * MODULE} y={0} width={w * MODULE} height={BAR_HEIGHT} fill="#000000" />
      ))}
      <text x={width / 2} y={BAR_HEIGHT + 14} textAnchor="middle" fill="#000000" fontFamily="monospace" fontSize="13">
        {value}
      </text>
    </svg>
  );
}

/**
 * Barcode generation: a Code 128 barcode of the accession number or of the PUID (whichever the germplasm has),
 * and a sheet of labels (the barcode with the germplasm's name) printed on its own. Germinate links to the
 * Humbug web app instead; this works offline and keeps the label with the passport.
 */
export function PassportBarcode(props: { accessionNumber: string | null; puid: string | null; name: string }) {
  const { t } = useServices();
  const choices = [
    { key: 'number', value: props.accessionNumber, label: t('germplasm.barcode.number') },
    { key: 'puid', value: props.puid, label: t('germplasm.barcode.puid') },
  ].filter((c): c is { key: string; value: string; label: string } => !!c.value);
  const [chosen, setChosen] = useState(choices[0]?.key ?? 'number');
  const [count, setCount] = useState(6);
  const id = useId();
  useEffect(() => () => document.body.classList.remove(PRINTING), []);

  if (choices.length === 0) return <p className="passport-empty">{t('germplasm.barcode.nothing')}</p>;
  const choice = choices.find((c) => c.key === chosen) ?? choices[0];
  const label = t('germplasm.barcode.label', { value: choice.value });
  const printable = code128(choice.value) !== null;
  const labels = Math.min(Math.max(Number.isFinite(count) ? Math.trunc(count) : 1, 1), MAX_LABELS);

  const print = () => {
    document.body.classList.add(PRINTING);
    const done = () => {
      document.body.classList.remove(PRINTING);
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  };

  return (
    <div className="passport-barcode-section">
      <fieldset className="passport-barcode-choice">
        <legend>{t('germplasm.barcode.of')}</legend>
        {choices.map((c) => (
          <label key={c.key}>
            <input type="radio" name={`${id}-value`} checked={c.key === choice.key} onChange={() => setChosen(c.key)} /> {c.label}: <code className="ui-code">{c.value}</code>
          </label>
        ))}
      </fieldset>
      {printable ? (
        <>
          <BarcodeSvg value={choice.value} label={label} />
          <div className="ui-toolbar passport-barcode-print">
            <label htmlFor={`${id}-count`}>{t('germplasm.barcode.count')}</label>
            <input id={`${id}-count`} className="ui-input" type="number" min={1} max={MAX_LABELS} value={count} onChange={(e) => setCount(Number(e.target.value))} />
            <Button size="sm" onClick={print}>
              {t('germplasm.barcode.print')}
            </Button>
          </div>
          <div className="passport-label-sheet" aria-hidden="true" data-labels={labels}>
            {Array.from({ length: labels }, (_, index) => (
              <div key={index} className="passport-label">
                <strong>{props.name}</strong>
                <BarcodeSvg value={choice.value} label={label} />
              </div>
            ))}
          </div>
        </>
      ) : (
        <p>{t('germplasm.barcode.unprintable')}</p>
      )}
    </div>
  );
}
