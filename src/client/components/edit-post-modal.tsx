import { useId, useState } from 'react';
import { limits } from '../../shared/limits';
import type { Picture } from '../lib/upload-picture';
import { usePictureDrafts } from '../lib/use-picture-drafts';
import { Modal } from './modal';
import { PictureDrafts } from './picture-picker';
import { fits, TextCounter } from './text-counter';

/**
 * Spec section 2 "Edit post": a "Post" textarea with its counter, Cancel and Save (disabled until it fits).
 * The post's pictures are listed too: their alt text can change and a picture can be removed; Save then sends
 * those kept, in order (a post with pictures may have no text). Pictures are added in the composer only, so
 * the dialog of a post without pictures is the spec's, field for field.
 */
export function EditPostModal(props: {
  initial: string;
  pictures?: readonly Picture[];
  onSave: (content: string, media?: { id: string; alt: string }[]) => Promise<unknown>;
  onClose: () => void;
}) {
  const [content, setContent] = useState(props.initial);
  const [saving, setSaving] = useState(false);
  const had = props.pictures ?? [];
  const pictures = usePictureDrafts(had);
  const id = useId();
  const blank = content.trim() === '' && pictures.drafts.length === 0;
  const tooLong = !fits(content, limits.contentMax);
  const disabled = blank || tooLong || saving || pictures.uploading || pictures.altTooLong;
  return (
    <Modal title="Edit post" onClose={props.onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (disabled) return;
          setSaving(true);
          // Pictures are sent only when the post had some: an edit without `media` keeps them as they are.
          const media = had.length > 0 ? pictures.media() : undefined;
          props.onSave(content.trim(), media).then(props.onClose, () => setSaving(false));
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
        <PictureDrafts
          drafts={pictures.drafts}
          problem={pictures.problem}
          onAlt={pictures.setAlt}
          onRemove={pictures.remove}
        />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={disabled}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
