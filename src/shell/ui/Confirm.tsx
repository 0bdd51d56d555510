import { Button } from './Button.js';
import { Modal } from './Modal.js';

/**
 * A yes/no question before a change that cannot be undone (delete, approve, reject). Cancel has the
 * focus, so Enter pressed by habit does not confirm; `danger` marks the confirming button as destructive.
 */
export function Confirm(props: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Modal open={props.open} title={props.title} onClose={props.onClose}>
      <p>{props.message}</p>
      <div className="modal-actions">
        <Button autoFocus onClick={props.onClose}>
          {props.cancelLabel}
        </Button>
        <Button
          variant={props.danger ? 'danger' : 'primary'}
          onClick={() => {
            props.onConfirm();
            props.onClose();
          }}
        >
          {props.confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
