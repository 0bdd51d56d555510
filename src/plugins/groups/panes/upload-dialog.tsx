import { useId, useState } from 'react';
import type { GroupItemKind } from '../../../shell/groups/kind.js';
import { useServices } from '../../../shell/pane-api.js';
import { Button } from '../../../shell/ui/Button.js';
import { FileDrop } from '../../../shell/ui/FileDrop.js';
import { Field } from '../../../shell/ui/Field.js';
import { Modal } from '../../../shell/ui/Modal.js';
import { typeKey, UPLOAD_KINDS } from '../kinds.js';
import { isUploadName, MAX_UPLOAD_BYTES, UPLOAD_EXTENSION } from '../upload/limits.js';

/** Why a picked file is not sent, checked before it leaves the browser (the server checks again). */
export function fileProblem(file: { name: string; size: number }): 'wrongType' | 'tooLarge' | null {
  if (!isUploadName(file.name)) return 'wrongType';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  return null;
}

/**
 * Group upload's drop-file box: the kind of item the names are, then a .txt file (one name per line, `%` as
 * the wildcard) picked or dropped. The server matches it (`POST group/upload`) and names the result, which
 * `onUploaded` opens as `/groups/upload/<file>`.
 */
export function UploadDialog(props: { initial?: GroupItemKind; onClose(): void; onUploaded(file: string, kind: GroupItemKind): void }) {
  const { api, t } = useServices();
  const [kind, setKind] = useState<GroupItemKind>(props.initial ?? UPLOAD_KINDS[0]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const take = (file: File) => {
    const wrong = fileProblem(file);
    if (wrong) {
      setProblem(t(`groups.upload.${wrong}`, { max: Math.round(MAX_UPLOAD_BYTES / 1024 / 1024) }));
      return;
    }
    setProblem(null);
    setBusy(true);
    const form = new FormData();
    form.append('textfile', file, file.name);
    api
      .post<string>('group/upload', { body: form, query: { type: kind.target } })
      .then((name) => props.onUploaded(name, kind))
      .catch(() => {
        // The api client has shown the server's message.
      })
      .finally(() => setBusy(false));
  };

  return (
    <Modal open title={t('groups.upload.title')} onClose={props.onClose} closeLabel={t('groups.cancel')}>
      <div className="groups-form">
        <p>{t('groups.upload.intro')}</p>
        <Field label={t('groups.form.type')}>
          <select className="ui-select" value={kind.target} onChange={(event) => setKind(UPLOAD_KINDS.find((k) => k.target === event.target.value) ?? UPLOAD_KINDS[0])}>
            {UPLOAD_KINDS.map((choice) => (
              <option key={choice.target} value={choice.target}>
                {t(typeKey(choice.target))}
              </option>
            ))}
          </select>
        </Field>
        <FileDrop id={`${id}-file`} label={t('groups.upload.file')} dropHint={t('groups.upload.dropHint')} accept={[UPLOAD_EXTENSION, 'text/plain']} disabled={busy} onFile={take} testId="groups-upload-file" />
        {problem ? (
          <p role="alert" className="ui-error">
            {problem}
          </p>
        ) : null}
        {busy ? <p role="status">{t('groups.upload.busy')}</p> : null}
        <div className="modal-actions">
          <Button onClick={props.onClose}>{t('groups.cancel')}</Button>
        </div>
      </div>
    </Modal>
  );
}
