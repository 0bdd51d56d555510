import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { GroupFilter, useGroupFilter } from '../../../../shell/groups/group-filter.js';
import { GroupButtons, GroupDialogs } from '../../../../shell/groups/pane-parts.js';
import { readGroupDialog, readGroupFilter, withGroupFilter } from '../../../../shell/groups/pane-state.js';
import { useHasRole } from '../../../../shell/pane-dialog.js';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { runFromButton } from '../../../../shell/table/run-command.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { Button } from '../../../../shell/ui/Button.js';
import { PANE } from '../ids.js';
import { TRAIT_GROUP_COMMANDS, traitGroupKind } from '../trait-groups/kind.js';
import { traitCell, traitsTable, type TraitRow } from './columns.js';
import { readTraitsPaneState, searchFilters } from './search.js';
import { useTraitStyles } from './styles.js';
import { dataTypeName } from './texts.js';
import { UnifyDialog } from './unify-dialog.js';

/** How long typing may pause before the table searches (each search is a request). */
const SEARCH_DELAY_MS = 300;

/**
 * The traits table (`/data/trials/traits`): the spec's trait columns, a search box over names, short
 * names, synonyms and descriptions, a trait group to show the members of, Enter on a row opens the trait.
 * Logged-in users group the marked traits here; administrators unify traits.
 */
export default function TraitsTablePane(props: PaneProps) {
  useTraitStyles();
  const services = useServices();
  const { t } = services;
  const isAdmin = useHasRole('ADMIN');
  const { setState, paneKey } = props;
  const state = props.instance.state;
  const pane = readTraitsPaneState(state);
  const [typed, setTyped] = useState(pane.search);
  // Bumped after a unification: the table shows the merged traits again.
  const [version, setVersion] = useState(0);
  const latest = useRef(state);
  latest.current = state;

  // A search from elsewhere (a link, the back button) shows in the box.
  useEffect(() => setTyped(pane.search), [pane.search]);
  const setSearch = (search: string) => {
    const current = latest.current ?? {};
    if ((typeof current.search === 'string' ? current.search : '') === search) return;
    // A new search starts at the first page, on the first row.
    const table = { ...(typeof current.table === 'object' && current.table !== null ? current.table : {}), page: 1, cursor: 0 };
    setState({ ...current, search, table });
  };
  useEffect(() => {
    if (typed === pane.search) return;
    const timer = setTimeout(() => setSearch(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // Only the typed text restarts the wait; the state is read when it ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter searches at once and leaves the box, so that the next Enter opens the row under the cursor.
    event.preventDefault();
    setSearch(typed);
    event.currentTarget.blur();
  };

  const groupId = readGroupFilter(state, traitGroupKind);
  const group = useGroupFilter(traitGroupKind, groupId);
  // The group's members restrict after the search; nothing is shown while they are read.
  const fixed = useMemo(() => (group.filter === null ? null : [...searchFilters(pane.search), ...group.filter]), [pane.search, group.filter]);
  const declaration = useMemo(
    () => ({ ...traitsTable, cellText: (row: TraitRow, key: string) => traitCell(row, key, { dataType: (type) => dataTypeName(t, type) }) }),
    [t],
  );
  const tableState = useMemo(() => (typeof state?.table === 'object' && state.table !== null ? (state.table as Record<string, unknown>) : undefined), [state]);
  const setTableState = useCallback((table: Record<string, unknown>) => setState({ ...(latest.current ?? {}), table }), [setState]);
  const closeDialog = () => {
    const { dialog: _closed, ...rest } = latest.current ?? {};
    setState(rest);
  };
  const setGroup = (id: number | null) => setState(withGroupFilter(latest.current, traitGroupKind, id, 'table'));
  const button = (command: string, key: string, label: string) => (
    <Button onClick={() => runFromButton(services, paneKey, PANE.traits, command)} aria-keyshortcuts={key}>
      {label}
    </Button>
  );

  const toolbar = (
    <>
      <label className="trials-traits-search">
        <span>{t('trials.traits.search')}</span>{' '}
        <input
          className="ui-input"
          type="search"
          value={typed}
          maxLength={1000}
          aria-describedby={`${paneKey}-search-hint`}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onSearchKey}
        />
        <span id={`${paneKey}-search-hint`} className="visually-hidden">
          {t('trials.traits.searchHint')}
        </span>
      </label>
      <GroupFilter kind={traitGroupKind} paneKey={paneKey} groupId={groupId} failed={group.failed} onChange={setGroup} />
      <GroupButtons kind={traitGroupKind} paneKey={paneKey} paneType={PANE.traits} commands={TRAIT_GROUP_COMMANDS} />
      {isAdmin ? button('trials:unify-traits', 'Shift+U', t('trials.traits.command.unify')) : null}
    </>
  );

  return (
    <section className="trials-traits" aria-label={t('trials.pane.traits')} style={{ height: '100%' }}>
      <TableView
        key={version}
        declaration={declaration}
        paneKey={paneKey}
        state={tableState}
        setState={setTableState}
        fixed={fixed}
        label={t('trials.pane.traits')}
        toolbar={toolbar}
      />
      {pane.dialog === 'unify' && isAdmin ? (
        <UnifyDialog
          onClose={closeDialog}
          onUnified={() => {
            closeDialog();
            setVersion((n) => n + 1);
          }}
        />
      ) : null}
      <GroupDialogs kind={traitGroupKind} dialog={readGroupDialog(state)} onClose={closeDialog} onOpen={(dialog) => setState({ ...(latest.current ?? {}), dialog })} />
    </section>
  );
}
