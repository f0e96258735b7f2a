import { useId, useState } from 'react';
import { limits } from '../../shared/limits';
import { Modal } from './modal';
import { fits, TextCounter } from './text-counter';

/** Spec section 2 "Edit post": a "Post" textarea with its counter, Cancel and Save (disabled until it fits). */
export function EditPostModal(props: {
  initial: string;
  onSave: (content: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [content, setContent] = useState(props.initial);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const blank = content.trim() === '';
  const tooLong = !fits(content, limits.contentMax);
  return (
    <Modal title="Edit post" onClose={props.onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (blank || tooLong) return;
          setSaving(true);
          props.onSave(content.trim()).then(props.onClose, () => setSaving(false));
        }}
      >
        <label htmlFor={id}>Post</label>
        <textarea
          id={id}
          rows={5}
          value={content}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-counter`}
          onChange={(event) => setContent(event.target.value)}
        />
        <TextCounter id={`${id}-counter`} text={content} max={limits.contentMax} />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={blank || tooLong || saving}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
