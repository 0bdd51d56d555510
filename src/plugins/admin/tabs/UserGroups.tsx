import { useEffect, useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import type { Filter } from '../../../core/table-request.js';
import { useServices } from '../../../shell/pane-api.js';
import { Modal } from '../../../shell/ui/Modal.js';
import type { UserGroupRow } from '../types.js';
import type { PermissionsView } from '../view-state.js';
import { Confirm } from '../../../shell/ui/Confirm.js';
import { done, shown } from '../widgets/format.js';
import { ListTable, type Column } from '../../../shell/table/ListTable.js';
import { TextField } from '../../../shell/ui/fields.js';
import { GroupMembers } from './GroupMembers.js';

interface Props {
  idPrefix: string;
  view: PermissionsView;
  setView(patch: Partial<PermissionsView>): void;
}

/** What the group form edits: a new group (no id) or an existing one. */
interface Editing {
  id: number | null;
  name: string;
  description: string;
}

/** User groups: list, create, edit, delete; the chosen group's members below. */
export function UserGroups(props: Props) {
  const services = useServices();
  const { api, t, translator } = services;
  const { view } = props;
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<UserGroupRow | null>(null);
  // The chosen group, read through swr (the api client has shown any error); a change reads it again.
  const group =
    useSWR(view.groupId === null ? null : ['admin:group', view.groupId, reload], async ([, groupId]: readonly [string, number, number]) => {
      const byId: Filter = { column: 'userGroupId', comparator: 'equals', operator: 'and', values: [groupId] };
      return (await api.table<UserGroupRow>('usergroup/table', { page: 1, limit: 1, filter: [byId] })).data[0] ?? null;
    }, { onError: shown }).data ?? null;

  const remove = (row: UserGroupRow) =>
    api
      .delete<boolean>(`usergroup/${row.userGroupId}`)
      .then(() => {
        done(services, 'admin.group.deleted', { name: row.userGroupName });
        if (view.groupId === row.userGroupId) props.setView({ groupId: null });
        setReload((n) => n + 1);
      })
      .catch(shown);

  const columns: Column<UserGroupRow>[] = [
    { key: 'userGroupName', label: t('admin.group.name') },
    { key: 'userGroupDescription', label: t('admin.group.description'), className: 'ui-wrap' },
    { key: 'createdOn', label: t('admin.group.createdOn'), render: (row) => translator.formatDate(row.createdOn) },
    { key: 'count', label: t('admin.group.count') },
    {
      key: 'actions',
      label: t('admin.actions'),
      sortable: false,
      render: (row) => (
        <div className="ui-actions">
          <button type="button" aria-pressed={row.userGroupId === view.groupId} onClick={() => props.setView({ groupId: row.userGroupId })}>
            {t('admin.group.members', { name: row.userGroupName })}
          </button>
          <button type="button" onClick={() => setEditing({ id: row.userGroupId, name: row.userGroupName, description: row.userGroupDescription ?? '' })}>
            {t('admin.group.edit', { name: row.userGroupName })}
          </button>
          <button type="button" className="ui-button ui-button-danger ui-button-sm" onClick={() => setDeleting(row)}>
            {t('admin.group.delete', { name: row.userGroupName })}
          </button>
        </div>
      ),
    },
  ];

  return (
    <div>
      <div className="ui-actions">
        <button type="button" onClick={() => setEditing({ id: null, name: '', description: '' })}>
          {t('admin.group.new')}
        </button>
      </div>
      <ListTable<UserGroupRow>
        caption={t('admin.group.caption')}
        columns={columns}
        rowKey={(row) => row.userGroupId}
        source={(request, signal) => api.table<UserGroupRow>('usergroup/table', request, { signal })}
        initialSort={{ orderBy: 'userGroupName', ascending: true }}
        reload={reload}
        emptyText={t('admin.group.none')}
      />
      {view.groupId !== null ? (
        <section aria-labelledby={`${props.idPrefix}-members-title`}>
          <h3 id={`${props.idPrefix}-members-title`}>{t('admin.group.membersOf', { name: group?.userGroupName ?? String(view.groupId) })}</h3>
          <GroupMembers groupId={view.groupId} onChanged={() => setReload((n) => n + 1)} />
        </section>
      ) : null}
      <GroupForm
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setReload((n) => n + 1);
        }}
      />
      <Confirm
        danger
        open={deleting !== null}
        title={t('admin.group.deleteTitle')}
        message={t('admin.group.deleteConfirm', { name: deleting?.userGroupName ?? '' })}
        confirmLabel={t('admin.delete')}
        cancelLabel={t('admin.cancel')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/** Create (PUT usergroup) or edit (PATCH usergroup/{id}) a group: a name is required. */
function GroupForm(props: { editing: Editing | null; onClose(): void; onSaved(): void }) {
  const services = useServices();
  const { api, t } = services;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const descriptionId = useId();
  const editing = props.editing;

  useEffect(() => {
    setName(editing?.name ?? '');
    setDescription(editing?.description ?? '');
    setSubmitted(false);
  }, [editing]);

  const nameError = submitted && name.trim() === '' ? t('admin.group.nameRequired') : undefined;
  const save = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!editing || name.trim() === '') return;
    const body = { name: name.trim(), description: description.trim() === '' ? null : description.trim() };
    const call =
      editing.id === null ? api.put<number>('usergroup', { body }) : api.patch<boolean>(`usergroup/${editing.id}`, { body: { id: editing.id, ...body } });
    call
      .then(() => {
        done(services, editing.id === null ? 'admin.group.created' : 'admin.group.updated', { name: body.name });
        props.onSaved();
      })
      .catch(shown);
  };

  return (
    <Modal open={editing !== null} title={t(editing?.id === null ? 'admin.group.new' : 'admin.group.editTitle')} onClose={props.onClose}>
      <form noValidate onSubmit={save}>
        <TextField label={t('admin.group.name')} value={name} error={nameError} onChange={setName} />
        <div className="ui-field">
          <label htmlFor={descriptionId}>{t('admin.group.description')}</label>
          <textarea id={descriptionId} rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <div className="ui-actions">
          <button type="submit" className="ui-button ui-button-primary">{t('admin.save')}</button>
          <button type="button" onClick={props.onClose}>
            {t('admin.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
