import { Modal } from '../../../shell/widgets/Modal.js';

/**
 * A yes/no question before a change that cannot be undone (delete, approve, reject). Cancel has the
 * focus, so Enter pressed by habit does not confirm.
 */
export function Confirm(props: { open: boolean; title: string; message: string; confirmLabel: string; cancelLabel: string; onConfirm(): void; onClose(): void }) {
  return (
    <Modal open={props.open} title={props.title} onClose={props.onClose}>
      <p>{props.message}</p>
      <div className="admin-actions">
        <button type="button" autoFocus onClick={props.onClose}>
          {props.cancelLabel}
        </button>
        <button
          type="button"
          onClick={() => {
            props.onConfirm();
            props.onClose();
          }}
        >
          {props.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
