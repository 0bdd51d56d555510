import { useEffect, useMemo, useState } from 'react';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { germplasmRowsById } from '../rows-by-id.js';
import { keepEnterOnControls } from '../../../shell/table/control-keys.js';
import { columnKey, GERMPLASM_COLUMNS, germplasmTitle, type GermplasmRow } from '../columns.js';
import { compareRows, parseIds } from '../compare.js';

/** Fields compared: every table column except ids and image paths, which always differ or say little. */
const FIELDS = GERMPLASM_COLUMNS.filter(
  (c) => !['germplasmId', 'entityTypeId', 'biologicalStatusId', 'locationId', 'entityParentId', 'firstImagePath'].includes(c),
);

/** Two or more germplasm side by side; fields whose values differ are highlighted and announced. */
export default function ComparePane(props: PaneProps) {
  const { api, t, workspace } = useServices();
  const ids = useMemo(() => parseIds(props.instance.params.germplasmIds), [props.instance.params.germplasmIds]);
  const [rows, setRows] = useState<GermplasmRow[] | null>(null);

  useEffect(() => {
    if (ids.length === 0) return;
    const controller = new AbortController();
    // In the order of the ids (the link's, or the marking order), so the list does not jump.
    germplasmRowsById(api, ids, controller.signal)
      .then(setRows)
      .catch(() => {});
    return () => controller.abort();
  }, [api, ids]);

  if (ids.length < 2) return <p>{t('germplasm.compare.needTwo')}</p>;
  if (rows === null) return <p role="status">{t('germplasm.loading')}</p>;
  const lines = compareRows(FIELDS, rows);
  const differing = lines.filter((l) => l.differs).length;

  return (
    <section className="germplasm-compare" onKeyDown={keepEnterOnControls} aria-labelledby={`${props.paneKey}-title`} style={{ overflow: 'auto', height: '100%', padding: 8 }}>
      <h2 id={`${props.paneKey}-title`}>{t('germplasm.pane.compare')}</h2>
      <p>{t('germplasm.compare.summary', { count: differing })}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('germplasm.compare.field')}</th>
            {rows.map((row) => (
              <th scope="col" key={row.germplasmId}>
                <button
                  type="button"
                  onClick={() => workspace.open({ type: 'germplasm:passport', params: { germplasmId: String(row.germplasmId) } }, 'right', props.paneKey)}
                >
                  {germplasmTitle(row)}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.field} data-differs={line.differs} style={line.differs ? { background: '#fff3bf' } : undefined}>
              <th scope="row">
                {t(columnKey(line.field))}
                {line.differs ? (
                  <>
                    {' '}
                    <span aria-hidden="true">≠</span>
                    <span className="visually-hidden" style={HIDDEN}>
                      {` (${t('germplasm.compare.differs')})`}
                    </span>
                  </>
                ) : null}
              </th>
              {line.values.map((value, i) => (
                <td key={i}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

// Visually hidden but read by screen readers (the usual clip pattern).
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
