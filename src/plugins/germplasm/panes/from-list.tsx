import { useCallback, useMemo, useState } from 'react';
import type { Filter } from '../../../core/table-request.js';
import useSWR from 'swr';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { keepEnterOnControls } from '../../../shell/table/control-keys.js';
import { checkListFile, classify, parseEntries, requestFilters, type Classification, type MatchRow } from '../list-match.js';
import { TableView } from '../../../shell/table/TableView.js';
import { germplasmTable } from '../table-declaration.js';
import { runFromButton } from '../../../shell/table/run-command.js';

/** Candidates per batch request: an inSet of 200 entries over four columns rarely finds more. */
const BATCH_LIMIT = 5000;

/**
 * "Germplasm from a list" (also Germinate's germplasm match, `/data/germplasm-match`, for curators): names, accession numbers, synonyms or PUIDs, one per line (or a dropped .txt file), looked up
 * in batches; shows the matches plus the entries that matched nothing or more than one.
 */
export default function FromListPane(props: PaneProps) {
  const services = useServices();
  const { api, store, t, toast } = services;
  const [text, setText] = useState(typeof props.instance.state?.list === 'string' ? props.instance.state.list : '');
  // The entries of the last search; the lookup is a read through swr keyed by them.
  const [asked, setAsked] = useState<string | null>(null);
  const { data, isValidating: busy, mutate } = useSWR(
    asked === null ? null : (['germplasm:list', asked] as const),
    async ([, entryText]: readonly [string, string]): Promise<Classification<MatchRow>> => {
      const entries = entryText.split('\n');
      const candidates: MatchRow[] = [];
      for (const filter of requestFilters(entries)) {
        const page = await api.table<MatchRow>('germplasm/table', { page: 1, limit: BATCH_LIMIT, filter });
        candidates.push(...page.data);
      }
      return classify(entries, candidates);
    },
    // Batches of thousands of rows: asked for on a search only, never again on focus; a failure has
    // been shown by the api client and waits for the next search. The last result stays meanwhile.
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false, keepPreviousData: true },
  );
  const result = data ?? null;

  const note = useCallback(
    (messageKey: string) => toast({ titleKey: 'germplasm.pane.list', messageKey, variant: 'warning', autoHideMs: 5000, append: true }),
    [toast],
  );

  const search = () => {
    const entries = parseEntries(text);
    if (entries.length === 0) return;
    const entryText = entries.join('\n');
    // The same list searched again asks the server again.
    if (entryText === asked) void mutate();
    else setAsked(entryText);
  };

  const ids = result?.matches.map((r) => r.germplasmId) ?? [];
  const idText = ids.join(',');
  const fixed = useMemo<Filter[] | null>(
    () => (idText === '' ? null : [{ column: 'germplasmId', comparator: 'inSet', operator: 'and', values: idText.split(',').map(Number) }]),
    [idText],
  );
  const markAll = useCallback(() => {
    if (idText !== '') store.markItems('germplasm', idText.split(',').map(Number));
  }, [idText, store]);

  const readFile = async (file: File) => {
    const check = checkListFile(file.name, file.size);
    if (!check.ok) return note(check.reason === 'wrong-type' ? 'germplasm.list.wrongType' : 'germplasm.list.tooLarge');
    setText(await file.text());
  };

  return (
    <section className="germplasm-from-list" onKeyDown={keepEnterOnControls} aria-label={t('germplasm.pane.list')} style={{ display: 'flex', flexDirection: 'column', height: '100%', gap: 8 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          const file = e.dataTransfer.files[0];
          if (file) void readFile(file);
        }}
      >
        <label htmlFor={`${props.paneKey}-list`}>{t('germplasm.list.label')}</label>
        <textarea
          id={`${props.paneKey}-list`}
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${props.paneKey}-hint`}
        />
        <p id={`${props.paneKey}-hint`}>{t('germplasm.list.hint')}</p>
        <label>
          {t('germplasm.list.file')}
          <input
            type="file"
            accept=".txt,text/plain"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void readFile(file);
            }}
          />
        </label>
        <button type="submit" disabled={busy}>
          {t('germplasm.list.search')}
        </button>
      </form>
      {result ? (
        <div role="status">
          <p>{t('germplasm.list.summary', { matches: result.matches.length, missing: result.missing.length, ambiguous: result.ambiguous.length })}</p>
          {result.missing.length > 0 ? (
            <details open>
              <summary>{t('germplasm.list.missing')}</summary>
              <ul>
                {result.missing.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </details>
          ) : null}
          {result.ambiguous.length > 0 ? (
            <details open>
              <summary>{t('germplasm.list.ambiguous')}</summary>
              <ul>
                {result.ambiguous.map((a) => (
                  <li key={a.entry}>{t('germplasm.list.ambiguousEntry', { entry: a.entry, count: a.count })}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
      {fixed ? (
        <TableView
          declaration={germplasmTable}
          paneKey={props.paneKey}
          state={props.instance.state}
          setState={(state) => props.setState({ ...state })}
          fixed={fixed}
          label={t('germplasm.pane.list')}
          onMarkAll={markAll}
          toolbar={
            <button
              type="button"
              onClick={() => runFromButton(services, props.paneKey, props.instance.type, 'table:mark-all')}
              aria-keyshortcuts="Shift+A"
            >
              {t('germplasm.command.markAllMatches')}
            </button>
          }
        />
      ) : null}
    </section>
  );
}
