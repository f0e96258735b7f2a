/**
 * A modal form's last row: Cancel, which closes it, and the button that submits it. (The edit-post modal
 * writes its own: it is in the first bundle, which has no room for this one as well.)
 */
export function ModalActions(props: {
  onCancel: () => void;
  submitLabel: string;
  disabled: boolean;
  danger?: boolean;
}) {
  return (
    <div className="modal-actions">
      <button type="button" className="button secondary" onClick={props.onCancel}>
        Cancel
      </button>
      <button type="submit" className={props.danger ? 'button danger' : 'button'} disabled={props.disabled}>
        {props.submitLabel}
      </button>
    </div>
  );
}
