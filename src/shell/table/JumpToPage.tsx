import { useId, useState } from 'react';
import { validPage } from '../../core/table-view-state.js';
import { Modal } from '../widgets/Modal.js';

/** The page to jump to must be between 1 and the last page. */
export function JumpToPage(props: {
  open: boolean;
  maxPage: number;
  t(key: string, values?: Record<string, string | number>): string;
  onJump(page: number): void;
  onClose(): void;
}) {
  const { t } = props;
  const [text, setText] = useState('');
  // Two tables side by side each have this dialog: ids must differ.
  const errorId = useId();
  const page = validPage(text, props.maxPage);
  const invalid = text !== '' && page === null;
  return (
    <Modal open={props.open} title={t('table.jumpToPage')} onClose={props.onClose}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (page !== null) {
            props.onJump(page);
            setText('');
          }
        }}
      >
        <label>
          {t('table.pageNumber', { max: props.maxPage })}
          <input
            type="number"
            min={1}
            max={props.maxPage}
            value={text}
            autoFocus
            aria-invalid={invalid}
            aria-describedby={errorId}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <p id={errorId} role="alert">
          {invalid ? t('table.pageOutOfRange', { max: props.maxPage }) : ''}
        </p>
        <button type="submit" disabled={page === null}>
          {t('table.jump')}
        </button>
        <button type="button" onClick={props.onClose}>
          {t('table.cancel')}
        </button>
      </form>
    </Modal>
  );
}
