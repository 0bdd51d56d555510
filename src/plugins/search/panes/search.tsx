import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { TableView } from '../../../shell/table/TableView.js';
import { Button, Field, Input, Select } from '../../../shell/ui/index.js';
import { ensureStyle } from '../../../shell/widgets/styles.js';
import { searchPane } from '../palette.js';
import { SEARCH_TYPES, SECTIONS, type SearchSection } from '../sections.js';
import { openSection, readPaneState, sectionFilters, storedTableState, tableStateOf } from '../state.js';
import { checkTerm, MAX_TERM_LENGTH, TERM_PROBLEM_KEYS } from '../term.js';
import { useSectionCounts, type SectionCount } from './counts.js';

const CSS = `
.search-pane form { display: flex; flex-wrap: wrap; align-items: flex-start; gap: var(--space-2) var(--space-3); margin-bottom: var(--space-3); }
.search-pane form > button { margin-top: calc(1rem * var(--leading) + var(--space-1)); }
.search-pane .search-term { flex: 1 1 20rem; }
.search-pane .search-term input { width: 100%; }
.search-section { border-top: 1px solid var(--border); }
.search-section h3 { margin: 0; font-size: var(--text-md); }
.search-section h3 button { all: unset; box-sizing: border-box; display: flex; gap: var(--space-2); width: 100%; padding: var(--space-2) var(--space-1); cursor: pointer; }
.search-section h3 button:focus-visible { outline: 2px solid var(--focus); outline-offset: -2px; }
.search-section h3 button:disabled { cursor: default; color: var(--muted); }
.search-section .search-count { margin-left: auto; font-variant-numeric: tabular-nums; }
.search-section-body { max-height: 32rem; display: flex; flex-direction: column; padding-bottom: var(--space-3); }
`;

/**
 * The search page (`/search`, `/search/:searchTerm`): a term ('%' the wildcard) and Germinate's search types
 * ("all data" or one), and a section per type with its count in the heading. One section is open at a time,
 * the first with results unless the user opened another: its table is the pane's, so the table keys (j, k, x,
 * Enter) act on the rows in view. Sections without results stay closed, listed with 0.
 */
export default function SearchPane(props: PaneProps) {
  ensureStyle('search-pane', CSS);
  const services = useServices();
  const { t, api, workspace } = services;
  const { paneKey, setState } = props;
  const rawState = props.instance.state;
  const pane = readPaneState(rawState);
  const routeTerm = props.instance.params.searchTerm ?? '';
  const [draft, setDraft] = useState(routeTerm);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setDraft(routeTerm);
    setProblem(null);
  }, [routeTerm]);

  const check = routeTerm === '' ? null : checkTerm(routeTerm);
  const term = check?.ok ? check.term : null;
  const shown = useMemo(() => SECTIONS.filter((s) => pane.type === 'all' || s.id === pane.type), [pane.type]);
  const counts = useSectionCounts(api, term, shown);
  const numbers = Object.fromEntries(Object.entries(counts).map(([id, n]) => [id, typeof n === 'number' ? n : undefined]));
  const open = openSection(pane.open, shown.map((s) => s.id), numbers);
  const routeProblem = check && !check.ok ? TERM_PROBLEM_KEYS[check.problem] : null;
  const shownProblem = problem ?? routeProblem;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = checkTerm(draft);
    if (!next.ok) {
      setProblem(TERM_PROBLEM_KEYS[next.problem]);
      return;
    }
    setProblem(null);
    // The term goes into the address; the type stays, the sections start again.
    workspace.open({ ...searchPane(next.term), state: pane.type === 'all' ? {} : { type: pane.type } }, 'replace', paneKey);
  };
  const update = (next: Partial<typeof pane>) => setState({ ...(rawState ?? {}), ...next });

  return (
    <section className="ui-pane search-pane" aria-label={t('search.title')}>
      <h2>{t('search.title')}</h2>
      <form role="search" onSubmit={submit} aria-label={t('search.title')}>
        <Field label={t('search.type')}>
          <Select value={pane.type} onChange={(e) => update({ type: SEARCH_TYPES.find((s) => s === e.target.value) ?? 'all', open: null, tables: {} })}>
            {SEARCH_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(type === 'all' ? 'search.section.all' : `search.section.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('search.term')} hint={t('search.wildcardHint')} error={shownProblem ? t(shownProblem, { max: MAX_TERM_LENGTH }) : undefined} className="search-term">
          <Input type="search" value={draft} autoFocus={routeTerm === ''} onChange={(e) => setDraft(e.target.value)} />
        </Field>
        <Button type="submit" variant="primary">
          {t('search.submit')}
        </Button>
      </form>
      {term === null ? (
        routeProblem ? null : <p>{t('search.intro')}</p>
      ) : (
        <>
          <h3>{t('search.resultsFor', { term })}</h3>
          {shown.map((section) => (
            <ResultSection
              key={section.id}
              section={section}
              term={term}
              count={counts[section.id] ?? null}
              open={open === section.id}
              paneKey={paneKey}
              stored={pane.tables[section.id]}
              onToggle={() => update({ open: open === section.id ? '' : section.id })}
              onTable={(next) => update({ open: section.id, tables: { ...pane.tables, [section.id]: next } })}
            />
          ))}
        </>
      )}
    </section>
  );
}

function ResultSection(props: {
  section: SearchSection;
  term: string;
  count: SectionCount;
  open: boolean;
  paneKey: string;
  stored: Record<string, unknown> | undefined;
  onToggle(): void;
  onTable(next: Record<string, unknown>): void;
}) {
  const { t, formatNumber } = useServices().translator;
  const { section, term, count, open, onTable } = props;
  const seeded = useMemo(() => sectionFilters(term, section), [term, section]);
  const state = useMemo(() => tableStateOf(props.stored, seeded), [props.stored, seeded]);
  const title = t(section.titleKey);
  const bodyId = `${props.paneKey}-search-${section.id}`;
  const countText = count === null ? '…' : count === 'missing' ? t('search.unavailable') : formatNumber(count);
  const empty = count === 0 || count === 'missing';
  return (
    <section className="search-section" data-section={section.id} aria-label={title}>
      <h3>
        <button type="button" aria-expanded={open && !empty} aria-controls={open ? bodyId : undefined} disabled={empty} onClick={props.onToggle}>
          <span>{title}</span>
          <span className="search-count">{countText}</span>
        </button>
      </h3>
      {open && !empty ? (
        <div id={bodyId} className="search-section-body">
          <TableView declaration={section.declaration} paneKey={props.paneKey} state={state} setState={(next) => onTable(storedTableState(next, seeded))} label={title} />
        </div>
      ) : null}
    </section>
  );
}
