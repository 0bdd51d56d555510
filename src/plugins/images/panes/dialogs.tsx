import { useState, type FormEvent, type ReactNode } from 'react';
import { useServices } from '../../../shell/pane-api.js';
import { Button } from '../../../shell/ui/Button.js';
import { Checkbox, Field, Input } from '../../../shell/ui/Field.js';
import { Modal } from '../../../shell/ui/Modal.js';
import { normaliseTags, type ImageRow } from '../schema.js';

/**
 * A curator's image form: runs `send` on submit (the button waits meanwhile), then says `savedKey` and
 * calls onSaved; a failed call stays open (the API client has shown its error).
 */
function ImageFormDialog(props: { title: string; savedKey: string; send(): Promise<unknown>; onClose(): void; onSaved(): void; children: ReactNode }) {
  const { t, toast } = useServices();
  const [busy, setBusy] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await props.send();
      toast({ titleKey: 'images.toast.title', messageKey: props.savedKey, variant: 'success', autoHideMs: 5000, append: true });
      props.onSaved();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Modal open title={props.title} onClose={props.onClose} closeLabel={t('images.dialog.cancel')}>
      <form onSubmit={(event) => void save(event)}>
        {props.children}
        <div className="modal-actions">
          <Button onClick={props.onClose}>{t('images.dialog.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('images.dialog.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Curators' tag editor: the image's tags as one comma-separated list (`PUT image/{id}/tag`). */
export function TagsDialog(props: { row: ImageRow; onClose(): void; onSaved(): void }) {
  const { api, t } = useServices();
  const [text, setText] = useState((props.row.tags ?? []).map((tag) => tag.tagName).join(', '));
  return (
    <ImageFormDialog
      title={t('images.tags.title', { name: props.row.imageDescription || props.row.imagePath })}
      savedKey="images.tags.saved"
      send={() => api.put(`image/${props.row.imageId}/tag`, { body: normaliseTags(text.split(',')) })}
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <Field label={t('images.tags.label')} hint={t('images.tags.hint')}>
        <Input value={text} onChange={(event) => setText(event.target.value)} autoFocus />
      </Field>
    </ImageFormDialog>
  );
}

/** Curators' edit of an image: description and the reference flag (`PATCH image/{id}`). */
export function EditDialog(props: { row: ImageRow; onClose(): void; onSaved(): void }) {
  const { api, t } = useServices();
  const [description, setDescription] = useState(props.row.imageDescription ?? '');
  const [reference, setReference] = useState(props.row.imageIsReference === true);
  return (
    <ImageFormDialog
      title={t('images.edit.title')}
      savedKey="images.edit.saved"
      send={() => api.patch(`image/${props.row.imageId}`, { body: { imageId: props.row.imageId, imageDescription: description.trim(), imageIsReference: reference } })}
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <Field label={t('images.column.imageDescription')}>
        <Input value={description} onChange={(event) => setDescription(event.target.value)} autoFocus />
      </Field>
      <Checkbox label={t('images.column.imageIsReference')} checked={reference} onChange={setReference} />
    </ImageFormDialog>
  );
}
