import { useEffect, useId, useRef, type ReactNode } from 'react';
import { IconButton } from './IconButton.js';

/**
 * A native <dialog> opened modally: the browser traps focus, Escape closes it and the page behind is
 * inert, which a hand-made overlay would have to imitate. With `closeLabel` it has a close button in
 * its header, for pointer users and for screen readers that don't announce Escape.
 */
export function Modal(props: { open: boolean; title: string; onClose(): void; children: ReactNode; closeLabel?: string; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} aria-labelledby={headingId} onClose={props.onClose} className={props.wide ? 'modal modal-wide' : 'modal'}>
      <div className="modal-header">
        <h2 id={headingId}>{props.title}</h2>
        {props.closeLabel ? (
          <IconButton className="modal-close" icon="✕" label={props.closeLabel} labelHidden onClick={() => ref.current?.close()} />
        ) : null}
      </div>
      {props.open ? props.children : null}
    </dialog>
  );
}
