import { useState } from 'react';
import { Modal } from './modal';

/** A question before something that cannot be undone; the dialog stays until the answer is known. */
export function ConfirmDialog(props: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [working, setWorking] = useState(false);
  return (
    <Modal title={props.title} onClose={props.onClose}>
      <p>{props.message}</p>
      <div className="modal-actions">
        <button type="button" className="button secondary" onClick={props.onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button danger"
          disabled={working}
          onClick={() => {
            setWorking(true);
            props.onConfirm().then(props.onClose, () => setWorking(false));
          }}
        >
          {props.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
