import { useId, useState } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { useServices } from '../../../../shell/pane-api.js';
import { Button, Checkbox, Field, Select } from '../../../../shell/ui/index.js';
import { addEntries, type Entry } from './draft.js';
import { germplasmGroups, groupMembers, lookUpNames, rowsById } from './germplasm-reads.js';
import { parseNames } from './name-lookup.js';
import { NameList } from './outcome-view.js';

/**
 * Step one: the germplasm of the trial, from the marked germplasm, a germplasm group or a pasted list of
 * names (the names that match nothing are listed), and which of them are checks.
 */
export function GermplasmStep(props: { entries: readonly Entry[]; onChange(entries: Entry[]): void }) {
  const { api, store, t } = useServices();
  const marked = useSnapshot(store.state).markedIds.germplasm;
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [lookup, setLookup] = useState<{ added: number; missing: string[]; ambiguous: string[] } | null>(null);
  const [markedAdded, setMarkedAdded] = useState<number | null>(null);
  const groups = useSWR('trials:creation:groups', () => germplasmGroups(api));
  const [groupId, setGroupId] = useState('');
  const [groupAdded, setGroupAdded] = useState<number | null>(null);
  const { entries, onChange } = props;
  const checks = entries.filter((e) => e.isCheck).length;

  const addMarked = async () => {
    setBusy(true);
    try {
      const rows = await rowsById(api, [...marked]);
      onChange(addEntries(entries, rows.map((r) => ({ id: r.germplasmId, name: r.germplasmName }))));
      setMarkedAdded(rows.length);
    } catch {
      // The api client has said what failed.
    } finally {
      setBusy(false);
    }
  };

  const addGroup = async () => {
    if (groupId === '') return;
    setBusy(true);
    try {
      const rows = await groupMembers(api, Number(groupId));
      onChange(addEntries(entries, rows.map((r) => ({ id: r.germplasmId, name: r.germplasmName }))));
      setGroupAdded(rows.length);
    } catch {
      // The api client has said what failed.
    } finally {
      setBusy(false);
    }
  };

  const addNames = async () => {
    const names = parseNames(text);
    if (names.length === 0) {
      setLookup({ added: 0, missing: [], ambiguous: [] });
      return;
    }
    setBusy(true);
    try {
      const found = await lookUpNames(api, names);
      onChange(addEntries(entries, [...found.found.values()]));
      setLookup({ added: found.found.size, missing: found.missing, ambiguous: found.ambiguous });
    } catch {
      // The api client has said what failed.
    } finally {
      setBusy(false);
    }
  };

  const setCheck = (entryId: number, isCheck: boolean) => onChange(entries.map((e) => (e.id === entryId ? { ...e, isCheck } : e)));

  return (
    <>
      <p>{t('trials.creation.germplasm.intro')}</p>
      <div className="trial-sources">
        <section aria-labelledby={`${id}-marked`}>
          <h4 id={`${id}-marked`}>{t('trials.creation.germplasm.marked')}</h4>
          <p>{t('trials.creation.germplasm.markedCount', { count: marked.length })}</p>
          <Button disabled={busy || marked.length === 0} onClick={() => void addMarked()}>
            {t('trials.creation.germplasm.addMarked')}
          </Button>
          {markedAdded !== null ? (
            <p role="status">{t('trials.creation.germplasm.markedAdded', { count: markedAdded })}</p>
          ) : null}
        </section>
        <section aria-labelledby={`${id}-group`}>
          <h4 id={`${id}-group`}>{t('trials.creation.germplasm.group')}</h4>
          <Field label={t('trials.creation.germplasm.groupLabel')}>
            <Select value={groupId} onChange={(e) => setGroupId(e.target.value)}>
              <option value="">
                {groups.data && groups.data.length === 0 ? t('trials.creation.germplasm.noGroups') : t('trials.creation.collect.choose')}
              </option>
              {(groups.data ?? []).map((g) => (
                <option key={g.groupId} value={String(g.groupId)}>
                  {t('trials.creation.germplasm.groupOption', { name: g.groupName, count: g.count ?? 0 })}
                </option>
              ))}
            </Select>
          </Field>
          <Button disabled={busy || groupId === ''} onClick={() => void addGroup()}>
            {t('trials.creation.germplasm.addGroup')}
          </Button>
          {groupAdded !== null ? <p role="status">{t('trials.creation.germplasm.groupAdded', { count: groupAdded })}</p> : null}
        </section>
        <section aria-labelledby={`${id}-list`}>
          <h4 id={`${id}-list`}>{t('trials.creation.germplasm.list')}</h4>
          <label htmlFor={`${id}-names`}>{t('trials.creation.germplasm.names')}</label>
          <textarea id={`${id}-names`} className="ui-input" rows={5} value={text} onChange={(e) => setText(e.target.value)} aria-describedby={`${id}-names-hint`} />
          <p id={`${id}-names-hint`} className="ui-hint">
            {t('trials.creation.germplasm.namesHint')}
          </p>
          <div className="ui-actions">
            <Button disabled={busy} onClick={() => void addNames()}>
              {t('trials.creation.germplasm.addNames')}
            </Button>
          </div>
          {lookup ? (
            <div role="status">
              <p>{t('trials.creation.germplasm.found', { found: lookup.added, missing: lookup.missing.length })}</p>
              <NameList title={t('trials.creation.germplasm.missing', { count: lookup.missing.length })} names={lookup.missing} />
              <NameList title={t('trials.creation.germplasm.ambiguous', { count: lookup.ambiguous.length })} names={lookup.ambiguous} />
            </div>
          ) : null}
        </section>
      </div>
      {entries.length === 0 ? (
        <p>{t('trials.creation.germplasm.none')}</p>
      ) : (
        <>
          <table className="ui-table trial-entries">
            <caption>{t('trials.creation.germplasm.chosen', { count: entries.length, checks })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('trials.creation.germplasm.name')}</th>
                <th scope="col">{t('trials.creation.germplasm.check')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('trials.creation.germplasm.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">{entry.name}</th>
                  <td>
                    <Checkbox
                      label={<span className="visually-hidden">{t('trials.creation.germplasm.isCheck', { name: entry.name })}</span>}
                      checked={entry.isCheck}
                      onChange={(on) => setCheck(entry.id, on)}
                    />
                  </td>
                  <td>
                    <Button size="sm" variant="ghost" onClick={() => onChange(entries.filter((e) => e.id !== entry.id))}>
                      {t('trials.creation.germplasm.remove')}
                      <span className="visually-hidden"> {entry.name}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button size="sm" onClick={() => onChange([])}>
            {t('trials.creation.germplasm.clear')}
          </Button>
        </>
      )}
    </>
  );
}
