import { useEffect, useMemo, useState } from 'react';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { germplasmRowsById } from '../rows-by-id.js';
import { keepEnterOnControls } from '../../../shell/table/control-keys.js';
import { columnKey, GERMPLASM_COLUMNS, germplasmTitle, type GermplasmRow } from '../columns.js';
import { compareRows, parseIds } from '../compare.js';
import { codesOf, mcpdDateText } from '../passport-data.js';

/** Fields compared: every table column except ids and image paths, which always differ or say little. */
const FIELDS = GERMPLASM_COLUMNS.filter(
  (c) => !['germplasmId', 'entityTypeId', 'biologicalStatusId', 'locationId', 'entityParentId', 'firstImagePath'].includes(c),
);

/** Two or more germplasm side by side; fields whose values differ are highlighted and announced. */
export default function ComparePane(props: PaneProps) {
  const { api, t, translator, workspace } = useServices();
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
  // Compared as shown: the biological status as its code and meaning, the collecting date as DD/MM/YYYY.
  const shown = rows.map((row) => {
    const status = codesOf('sampstat', row.biologicalStatusId)[0];
    return {
      ...row,
      biologicalStatusName: status?.key ? t('germplasm.code.value', { code: status.code, meaning: t(status.key) }) : row.biologicalStatusName,
      collDate: mcpdDateText(row.collDate, translator.formatDate),
    };
  });
  const lines = compareRows(FIELDS, shown);
  const differing = lines.filter((l) => l.differs).length;

  return (
    <section className="germplasm-compare ui-pane" onKeyDown={keepEnterOnControls} aria-labelledby={`${props.paneKey}-title`}>
      <h2 id={`${props.paneKey}-title`}>{t('germplasm.pane.compare')}</h2>
      <p>{t('germplasm.compare.summary', { count: differing })}</p>
      <table className="ui-table">
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
            <tr key={line.field} data-differs={line.differs} className={line.differs ? 'ui-row-differs' : undefined}>
              <th scope="row">
                {t(columnKey(line.field))}
                {line.differs ? (
                  <>
                    {' '}
                    <span aria-hidden="true">≠</span>
                    <span className="visually-hidden">
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
