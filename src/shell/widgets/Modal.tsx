import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A native <dialog> opened modally: the browser traps focus, Escape closes it and the page behind is
 * inert, which a hand-made overlay would have to imitate.
 */
export function Modal(props: { open: boolean; title: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} aria-label={props.title} onClose={props.onClose} className="modal">
      <h2>{props.title}</h2>
      {props.open ? props.children : null}
    </dialog>
  );
}
