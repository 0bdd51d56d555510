import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { AccessRequests } from '../tabs/AccessRequests.js';
import { DatasetPermissions } from '../tabs/DatasetPermissions.js';
import { UserGroups } from '../tabs/UserGroups.js';
import { Users } from '../tabs/Users.js';
import { readPermissionsView, writePermissionsView, type PermissionTab, type PermissionsView } from '../view-state.js';
import { Tabs } from '../../../shell/ui/Tabs.js';

/**
 * user-permissions: tabs for dataset permissions and user groups (with group permissions,
 * user permissions and group members inside them), plus access requests and users. The open tab,
 * dataset and group live in the pane's view state, so a link or a reload comes back to them.
 */
export default function UserPermissionsPane(props: PaneProps) {
  const { t } = useServices();
  const view = readPermissionsView(props.instance.state);
  const setView = (patch: Partial<PermissionsView>) => props.setState(writePermissionsView({ ...view, ...patch }));
  const idPrefix = `${props.paneKey}-permissions`;
  const titleId = `${idPrefix}-title`;

  return (
    <section className="admin-pane ui-pane" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('admin.pane.permissions')}</h2>
      <Tabs
        idPrefix={idPrefix}
        label={t('admin.pane.permissions')}
        tabs={[
          { id: 'datasets', label: t('admin.tab.datasets') },
          { id: 'groups', label: t('admin.tab.groups') },
          { id: 'requests', label: t('admin.tab.requests') },
          { id: 'users', label: t('admin.tab.users') },
        ]}
        selected={view.tab}
        onSelect={(tab) => setView({ tab: tab as PermissionTab })}
      >
        {view.tab === 'datasets' ? (
          <DatasetPermissions idPrefix={idPrefix} view={view} setView={setView} />
        ) : view.tab === 'groups' ? (
          <UserGroups idPrefix={idPrefix} view={view} setView={setView} />
        ) : view.tab === 'requests' ? (
          <AccessRequests view={view} setView={setView} />
        ) : (
          <Users />
        )}
      </Tabs>
    </section>
  );
}
