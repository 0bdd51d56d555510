import { useEffect, useRef } from 'react';
import { useServices } from '../../../shell/pane-api.js';
import { Button } from '../../../shell/ui/Button.js';
import { Modal } from '../../../shell/ui/Modal.js';
import { imageSource } from '../columns.js';
import { exifFacts, type ImageRow } from '../schema.js';

/**
 * The full-size viewer: the original image with what is known of it (reference, tags, EXIF). The arrow keys
 * show the next and previous image (across pages), Escape closes; curators edit and delete from here too.
 */
export function Viewer(props: {
  row: ImageRow;
  position: string;
  imageToken: string | null;
  curator: boolean;
  onClose(): void;
  onStep(by: number): void;
  onAction(action: 'tags' | 'edit' | 'delete'): void;
}) {
  const { t } = useServices();
  const { row } = props;
  const name = row.imageDescription || row.imagePath;
  const container = useRef<HTMLDivElement>(null);
  const onStep = useRef(props.onStep);
  onStep.current = props.onStep;
  // On the document: the dialog's focus may be on its header's close button, outside this component.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      // Only while this viewer is the top dialog (not under the tag editor), and never in a text field.
      const box = container.current;
      if (!box || !target?.closest('dialog')?.contains(box) || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') return;
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      event.preventDefault();
      onStep.current(event.key === 'ArrowRight' ? 1 : -1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  const facts = exifFacts(row.imageExif);
  const kind = row.imageRefTable === 'phenotypes' ? t('images.type.traits') : row.imageRefTable === 'germinatebase' ? t('images.type.germplasm') : row.imageType;
  return (
    <Modal open title={name} onClose={props.onClose} closeLabel={t('images.viewer.close')} wide>
      <div ref={container} className="images-viewer" role="group" aria-roledescription={t('images.viewer.role')} aria-label={props.position}>
        <figure className="images-viewer-figure">
          <img key={row.imageId} src={imageSource(row.imageId, 'large', props.imageToken)} alt={name} />
          <figcaption>{props.position}</figcaption>
        </figure>
        <div className="images-viewer-facts">
          <dl>
            {row.referenceName ? (
              <>
                <dt>{kind}</dt>
                <dd>{row.referenceName}</dd>
              </>
            ) : null}
            <dt>{t('images.column.tags')}</dt>
            <dd>{row.tags && row.tags.length > 0 ? row.tags.map((tag) => tag.tagName).join(', ') : t('images.viewer.noTags')}</dd>
            {row.createdOn ? (
              <>
                <dt>{t('images.column.createdOn')}</dt>
                <dd>{String(row.createdOn).slice(0, 10)}</dd>
              </>
            ) : null}
          </dl>
          <h3>{t('images.exif.heading')}</h3>
          {facts.length === 0 ? (
            <p>{t('images.exif.none')}</p>
          ) : (
            <dl>
              {facts.map(([key, value]) => (
                <div key={key} className="images-fact">
                  <dt>{t(`images.exif.${key}`)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        <div className="modal-actions">
          <Button onClick={() => props.onStep(-1)} aria-keyshortcuts="ArrowLeft">
            {t('images.command.previous')}
          </Button>
          <Button onClick={() => props.onStep(1)} aria-keyshortcuts="ArrowRight" autoFocus>
            {t('images.command.next')}
          </Button>
          {props.curator ? (
            <>
              <Button onClick={() => props.onAction('tags')}>{t('images.command.editTags')}</Button>
              <Button onClick={() => props.onAction('edit')}>{t('images.command.edit')}</Button>
              <Button variant="danger" onClick={() => props.onAction('delete')}>
                {t('images.command.delete')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
