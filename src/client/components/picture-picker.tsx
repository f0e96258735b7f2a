import { useId, useRef } from 'react';
import { limits } from '../../shared/limits';
import type { PictureDraft } from '../lib/use-picture-drafts';
import { FormError } from './form-error';
import { TextCounter } from './text-counter';

/** The files a drop or a paste carries, if it carries any (text pasted into the box is left alone). */
export function filesOf(data: DataTransfer | null): File[] {
  return data ? [...data.files] : [];
}

/**
 * "Add pictures": a button that opens the system's picker for pictures (several at once), disabled once the
 * post has as many as it may carry.
 */
export function AddPicturesButton({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="button secondary add-pictures"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        Add pictures
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="picture-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // The same file may be chosen again after it was removed.
          event.target.value = '';
        }}
      />
    </>
  );
}

/**
 * The pictures of a post being written: each with its thumbnail ("Uploading..." until the server has it), a
 * field for its alt text with the counter, a gentle hint while that is empty (not a blocker: a photo posted
 * without one is still a post), and Remove. `problem` says why a file was not added.
 */
export function PictureDrafts(props: {
  drafts: readonly PictureDraft[];
  problem: string | null;
  onAlt: (key: string, alt: string) => void;
  onRemove: (key: string) => void;
}) {
  const id = useId();
  return (
    <>
      <FormError message={props.problem} />
      {props.drafts.length > 0 && (
        <ul className="picture-drafts" aria-label="Pictures in this post">
          {props.drafts.map((draft, index) => {
            const field = `${id}-${draft.key}`;
            const missing = draft.alt.trim() === '';
            const name = `picture ${index + 1} of ${props.drafts.length}`;
            return (
              <li
                key={draft.key}
                className="picture-draft"
                aria-label={`Picture ${index + 1} of ${props.drafts.length}`}
              >
                <div className="picture-draft-thumb">
                  {draft.src && <img src={draft.src} alt="" />}
                  {!draft.picture && (
                    <span className="picture-draft-status" role="status">
                      Uploading…
                    </span>
                  )}
                </div>
                <div className="picture-draft-fields">
                  <label htmlFor={field}>Describe this picture (alt text)</label>
                  <textarea
                    id={field}
                    rows={2}
                    value={draft.alt}
                    aria-describedby={missing ? `${field}-hint` : `${field}-counter`}
                    onChange={(event) => props.onAlt(draft.key, event.target.value)}
                  />
                  <div className="picture-draft-footer">
                    {missing ? (
                      <span id={`${field}-hint`} className="picture-hint">
                        Add a description so everyone can follow
                      </span>
                    ) : (
                      <TextCounter id={`${field}-counter`} text={draft.alt} max={limits.altMax} />
                    )}
                    <button
                      type="button"
                      className="button secondary small"
                      aria-label={`Remove ${name}`}
                      onClick={() => props.onRemove(draft.key)}
                    >
                      Remove
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
