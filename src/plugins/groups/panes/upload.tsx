import { useId, useMemo } from 'react';
import useSWR from 'swr';
import { AddToGroupDialog } from '../../../shell/groups/add-dialog.js';
import { CreateGroupDialog } from '../../../shell/groups/create-dialog.js';
import { memberFilter } from '../../../shell/groups/requests.js';
import { useGroupStyles } from '../../../shell/groups/styles.js';
import { useHasRole, usePaneDialog } from '../../../shell/pane-dialog.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { TableView } from '../../../shell/table/TableView.js';
import { Button } from '../../../shell/ui/Button.js';
import { itemsTable, kindOf, PANE, typeKey } from '../kinds.js';
import type { StoredUpload } from '../upload/routes.js';
import { UPLOAD_FILE, uploadPageName } from '../upload/limits.js';
import { UploadDialog } from './upload-dialog.js';

/**
 * Group upload (`/groups/upload/:file`, Germinate's group-upload page): `:file` names what the server matched
 * from an uploaded list (`POST group/upload` answers it; Flapjack's "group preview" links carry it too). The
 * page shows the names that matched nothing or several items, and the matches as the table of their kind;
 * a signed-in user puts the matches into a new group or one of theirs, or uploads another list.
 */
export default function GroupUploadPane(props: PaneProps) {
  useGroupStyles();
  const { api, t, workspace } = useServices();
  const isUser = useHasRole('AUTH_USER');
  const { dialog, open, close } = usePaneDialog(props);
  const titleId = useId();
  const file = props.instance.params.file ?? '';
  const valid = UPLOAD_FILE.test(file);
  const upload = useSWR(valid ? ['groups:upload', file] : null, () => api.get<StoredUpload>(`group/upload/${file}`, { handlers: [{ codes: [404], callback: () => {} }] }), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const report = upload.data ?? null;
  const kind = kindOf(report?.target);
  const declaration = useMemo(() => (kind ? itemsTable(kind) : null), [kind]);
  const fixed = useMemo(() => (kind && report ? memberFilter(kind, report.ids) : null), [kind, report]);
  const openGroup = (groupId: number) => workspace.open({ type: PANE.details, params: { groupId: String(groupId) } }, 'replace', props.paneKey);
  const uploadDialog =
    dialog === 'upload' && isUser ? (
      <UploadDialog initial={kind ?? undefined} onClose={close} onUploaded={(next) => workspace.open({ type: PANE.upload, params: { file: uploadPageName(next) } }, 'replace', props.paneKey)} />
    ) : null;

  if (!valid || upload.error) {
    return (
      <section className="ui-pane" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('groups.pane.upload')}</h2>
        <p role="status">{t('groups.upload.expired')}</p>
        {isUser ? <Button onClick={() => open('upload')}>{t('groups.command.upload')}</Button> : null}
        {uploadDialog}
      </section>
    );
  }
  if (!report || !kind || !declaration) {
    return (
      <section className="ui-pane" aria-busy="true" aria-label={t('groups.pane.upload')}>
        <p role="status">{t('groups.upload.loading')}</p>
      </section>
    );
  }
  const count = report.ids.length;
  return (
    <section className="ui-pane groups-upload" aria-labelledby={titleId} style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div className="ui-pane-header">
        <h2 id={titleId}>{t('groups.pane.upload')}</h2>
        {isUser ? (
          <div className="ui-actions" role="toolbar" aria-label={t('groups.upload.actions')}>
            <Button variant="primary" onClick={() => open('createGroup')} aria-disabled={count === 0}>
              {t('groups.upload.create', { count })}
            </Button>
            <Button onClick={() => open('addToGroup')} aria-disabled={count === 0}>
              {t('groups.upload.add', { count })}
            </Button>
            <Button onClick={() => open('upload')}>{t('groups.command.upload')}</Button>
          </div>
        ) : null}
      </div>
      <p role="status">
        {t('groups.upload.summary', { names: report.names, matched: count, missing: report.missing.length, ambiguous: report.ambiguous.length, type: t(typeKey(report.target)) })}
      </p>
      {report.encoding === 'latin1' ? <p className="ui-muted">{t('groups.upload.latin1')}</p> : null}
      {!isUser ? <p className="ui-muted">{t('groups.upload.signIn')}</p> : null}
      {report.missing.length > 0 ? (
        <section aria-labelledby={`${titleId}-missing`}>
          <h3 id={`${titleId}-missing`}>{t('groups.upload.missing', { count: report.missing.length })}</h3>
          <ul className="groups-upload-names" data-testid="groups-upload-missing">
            {report.missing.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {report.ambiguous.length > 0 ? (
        <section aria-labelledby={`${titleId}-ambiguous`}>
          <h3 id={`${titleId}-ambiguous`}>{t('groups.upload.ambiguous', { count: report.ambiguous.length })}</h3>
          <ul className="groups-upload-names" data-testid="groups-upload-ambiguous">
            {report.ambiguous.map((entry) => (
              <li key={entry.name}>{t('groups.upload.ambiguousEntry', { name: entry.name, count: entry.count })}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <div style={{ flex: 1, minHeight: '16rem' }}>
        <TableView declaration={declaration} paneKey={props.paneKey} state={props.instance.state} setState={props.setState} fixed={fixed} label={t('groups.upload.matches', { count })} />
      </div>
      {dialog === 'createGroup' && isUser ? <CreateGroupDialog kind={kind} items={report.ids} introKey="groups.upload.createIntro" onClose={close} onCreated={openGroup} /> : null}
      {dialog === 'addToGroup' && isUser ? (
        <AddToGroupDialog kind={kind} items={report.ids} introKey="groups.upload.addIntro" onClose={close} onAdded={openGroup} onCreate={() => open('createGroup')} />
      ) : null}
      {uploadDialog}
    </section>
  );
}
