import { useState } from 'react';
import { addColour, chartColours, contrastText, FALLBACK_CHART_COLOUR, isHexColour } from '../../core/chart-colours.js';
import { Modal } from '../ui/Modal.js';
import { useServices } from '../pane-api.js';
import type { ShellModalProps } from './modal-request.js';

/**
 * Chart colours: the user's own palette as removable tags, a colour picker to
 * add one, "Reset to default" (back to the administrator's colours) and "Update". Edits a draft, so
 * closing without updating changes nothing.
 */
export default function ChartColoursModal({ onClose }: ShellModalProps) {
  const { t, store, settings } = useServices();
  const [draft, setDraft] = useState<string[]>(() => chartColours(store, settings));
  const [picked, setPicked] = useState(() => (isHexColour(settings.colorPrimary) && settings.colorPrimary.length === 7 ? settings.colorPrimary : FALLBACK_CHART_COLOUR));
  const [problem, setProblem] = useState<string | null>(null);

  function add() {
    const next = addColour(draft, picked);
    if (next === null) {
      setProblem(t('chartColours.duplicate'));
      return;
    }
    setProblem(null);
    setDraft(next);
  }

  function update() {
    store.state.customChartColors = draft.length > 0 ? draft : null;
    onClose();
  }

  function reset() {
    store.state.customChartColors = null;
    onClose();
  }

  return (
    <Modal open title={t('chartColours.title')} onClose={onClose} closeLabel={t('shell.close')}>
      <div className="modal-form">
        <p className="hint">{t('chartColours.intro')}</p>
        <ul className="colour-tags" aria-label={t('chartColours.current')}>
          {draft.map((colour) => (
            <li key={colour} className="colour-tag" style={{ background: colour, color: contrastText(colour) }}>
              {colour}
              <button
                type="button"
                aria-label={t('chartColours.remove', { colour })}
                onClick={() => setDraft(draft.filter((c) => c !== colour))}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
        {draft.length === 0 ? <p className="hint">{t('chartColours.empty')}</p> : null}
        <div className="colour-add">
          <label className="check">
            {t('chartColours.pick')}
            <input type="color" value={picked} onChange={(e) => setPicked(e.target.value)} />
          </label>
          <button type="button" onClick={add}>
            {t('chartColours.add')}
          </button>
        </div>
        {problem ? (
          <p role="alert" className="form-error">
            {problem}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" onClick={reset}>
            {t('chartColours.reset')}
          </button>
          <button type="button" className="button-primary" onClick={update}>
            {t('chartColours.update')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
