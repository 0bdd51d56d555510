import { useRef, useState, type DragEvent } from 'react';

/**
 * A file input (the keyboard way: Tab to it, Enter or Space opens the picker) inside a zone that also
 * takes a dropped file. Only the first file counts; the caller checks the type and says why a file
 * was refused. The drop hint is hidden from screen readers, which cannot drag.
 */
export function FileDrop(props: {
  id: string;
  label: string;
  dropHint: string;
  accept: readonly string[];
  disabled?: boolean;
  onFile(file: File): void;
  testId?: string;
}) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) props.onFile(file);
    // The same file picked again (after a change of template, say) must fire onChange again.
    if (input.current) input.current.value = '';
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!props.disabled) take(event.dataTransfer.files);
  };

  return (
    <div
      className={over ? 'ui-filedrop ui-filedrop-over' : 'ui-filedrop'}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label htmlFor={props.id}>{props.label}</label>
      <input
        ref={input}
        id={props.id}
        type="file"
        accept={props.accept.join(',')}
        disabled={props.disabled}
        onChange={(event) => take(event.target.files)}
        data-testid={props.testId}
      />
      <p className="ui-muted" aria-hidden="true">
        {props.dropHint}
      </p>
    </div>
  );
}
