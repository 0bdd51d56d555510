import { useRef, useState, type DragEvent } from 'react';
import { useServices } from '../../../shell/pane-api.js';

/**
 * Step 3: a file input (the keyboard way: Tab to it, Enter or Space opens the picker) inside a zone
 * that also takes a dropped file. Only the first file counts; the template's extensions are checked by
 * the caller, which says why a file was refused.
 */
export function FileDrop(props: { id: string; accept: readonly string[]; disabled?: boolean; onFile(file: File): void }) {
  const { t } = useServices();
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) props.onFile(file);
    // The same file picked again after a change of template must fire onChange again.
    if (input.current) input.current.value = '';
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!props.disabled) take(event.dataTransfer.files);
  };

  return (
    <div
      className={over ? 'import-drop import-drop-over' : 'import-drop'}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label htmlFor={props.id}>{t('import.file.pick', { extensions: props.accept.join(', ') })}</label>
      <input
        ref={input}
        id={props.id}
        type="file"
        accept={props.accept.join(',')}
        disabled={props.disabled}
        onChange={(event) => take(event.target.files)}
        data-testid="import-file-input"
      />
      <p className="import-muted" aria-hidden="true">
        {t('import.file.drop')}
      </p>
    </div>
  );
}
