import { useId, useState } from 'react';
import { limits } from '../../../shared/limits';
import { Modal } from '../modal';
import { ModalActions } from '../modal-actions';

/**
 * A moderator's action, asked before it is done, with an optional reason for the audit log. The dialog stays
 * open until the action succeeds; a refusal is told by the caller (a toast) and the moderator may try again.
 */
export function ReasonDialog(props: {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [working, setWorking] = useState(false);
  const reasonId = useId();
  const hintId = useId();
  return (
    <Modal title={props.title} onClose={props.onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (working) return;
          setWorking(true);
          props.onConfirm(reason.trim()).then(props.onClose, () => setWorking(false));
        }}
      >
        <p>{props.message}</p>
        <label htmlFor={reasonId}>Reason (optional)</label>
        <textarea
          id={reasonId}
          rows={3}
          value={reason}
          maxLength={limits.reasonMax}
          aria-describedby={hintId}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={hintId} className="hint">
          Written in the audit log, which moderators and admins can read.
        </p>
        <ModalActions
          onCancel={props.onClose}
          submitLabel={props.confirmLabel}
          disabled={working}
          danger={props.danger}
        />
      </form>
    </Modal>
  );
}
