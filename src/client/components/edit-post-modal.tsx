import { useId, useState } from 'react';
import { limits } from '../../shared/limits';
import { Modal } from './modal';

/** Spec section 2 "Edit post": a "Post" textarea with Cancel and Save. */
export function EditPostModal(props: {
  initial: string;
  onSave: (content: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [content, setContent] = useState(props.initial);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const blank = content.trim() === '';
  return (
    <Modal title="Edit post" onClose={props.onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (blank) return;
          setSaving(true);
          props.onSave(content.trim()).then(props.onClose, () => setSaving(false));
        }}
      >
        <label htmlFor={id}>Post</label>
        <textarea
          id={id}
          rows={5}
          value={content}
          maxLength={limits.contentMax}
          onChange={(event) => setContent(event.target.value)}
        />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={blank || saving}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
