import { useState } from 'react';
import { CreateGroupDialog } from '../../../shell/groups/create-dialog.js';
import type { GroupItemKind } from '../../../shell/groups/kind.js';
import { useHasRole, usePaneDialog } from '../../../shell/pane-dialog.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { TableView } from '../../../shell/table/TableView.js';
import { Button } from '../../../shell/ui/Button.js';
import { GROUP_KINDS, groupsTable, PANE, typeKey } from '../kinds.js';
import { uploadPageName } from '../upload/limits.js';
import { UploadDialog } from './upload-dialog.js';

/**
 * The groups table (`/groups`): every group the caller sees (the server leaves out other users' private
 * ones); Enter opens a group. Signed-in users create a group (of the marked items of its type, or empty)
 * and upload a list of names to make one from.
 */
export default function GroupsTablePane(props: PaneProps) {
  const { t, workspace } = useServices();
  const isUser = useHasRole('AUTH_USER');
  const { dialog, open, close } = usePaneDialog(props);
  const [kind, setKind] = useState<GroupItemKind>(GROUP_KINDS[0]);
  const opened = (groupId: number) => workspace.open({ type: PANE.details, params: { groupId: String(groupId) } }, 'replace', props.paneKey);
  const toolbar = isUser ? (
    <>
      <Button onClick={() => open('create')}>{t('groups.command.create')}</Button>
      <Button onClick={() => open('upload')}>{t('groups.command.upload')}</Button>
    </>
  ) : null;
  return (
    <section className="groups-pane" aria-label={t('groups.pane.table')} style={{ height: '100%' }}>
      <TableView declaration={groupsTable} paneKey={props.paneKey} state={props.instance.state} setState={props.setState} label={t('groups.pane.table')} toolbar={toolbar} />
      {dialog === 'create' && isUser ? (
        <CreateGroupDialog
          kind={kind}
          allowEmpty
          kindChoice={{ kinds: GROUP_KINDS, label: t('groups.form.type'), optionLabel: (choice) => t(typeKey(choice.target)), onChange: setKind }}
          onClose={close}
          onCreated={opened}
        />
      ) : null}
      {dialog === 'upload' && isUser ? (
        <UploadDialog onClose={close} onUploaded={(file) => workspace.open({ type: PANE.upload, params: { file: uploadPageName(file) } }, 'replace', props.paneKey)} />
      ) : null}
    </section>
  );
}
