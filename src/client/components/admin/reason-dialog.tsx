import { useId, useState } from 'react';
import { limits } from '../../../shared/limits';
import { Modal } from '../modal';
import { ModalActions } from '../modal-actions';
import { fits, TextCounter } from '../text-counter';

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
          if (working || !fits(reason, limits.reasonMax)) return;
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
          aria-invalid={!fits(reason, limits.reasonMax) || undefined}
          aria-describedby={`${hintId} ${hintId}-counter`}
          onChange={(event) => setReason(event.target.value)}
        />
        <TextCounter id={`${hintId}-counter`} text={reason} max={limits.reasonMax} />
        <p id={hintId} className="hint">
          Written in the audit log, which moderators and admins can read.
        </p>
        <ModalActions
          onCancel={props.onClose}
          submitLabel={props.confirmLabel}
          disabled={working || !fits(reason, limits.reasonMax)}
          danger={props.danger}
        />
      </form>
    </Modal>
  );
}
