import { useEffect, useId, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { IconButton } from './IconButton.js';

/**
 * A native <dialog> opened modally: the browser traps focus, Escape closes it and the page behind is
 * inert, which a hand-made overlay would have to imitate. With `closeLabel` it has a close button in
 * its header, for pointer users and for screen readers that don't announce Escape.
 */
export function Modal(props: { open: boolean; title: string; onClose(): void; children: ReactNode; closeLabel?: string; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  // Closes this component makes itself; the browser reports each later, as a task, by a close event that
  // must not answer a question asked again in between (the same modal, opened anew).
  const ours = useRef(0);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) {
      ours.current += 1;
      dialog.close();
    }
  }, [props.open]);
  // Escape closes at once (the browser hands the focus back to where it was) and tells the owner now.
  const cancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    const dialog = ref.current;
    if (dialog?.open) {
      ours.current += 1;
      dialog.close();
    }
    props.onClose();
  };
  // A close this component did not make (the header's close button) tells the owner.
  const closed = () => {
    if (ours.current > 0) ours.current -= 1;
    else props.onClose();
  };
  return (
    <dialog ref={ref} aria-labelledby={headingId} onCancel={cancel} onClose={closed} className={props.wide ? 'modal modal-wide' : 'modal'}>
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
