import { useId, useState } from 'react';
import { limits } from '../../shared/limits';

type Props = {
  label: string;
  submitLabel: string;
  initial?: string;
  placeholder?: string;
  /** Rejects when the server refused: the text stays for another try (the toast has said why). */
  onSubmit: (text: string) => Promise<unknown>;
  /** An editor's Cancel, also on Escape; the comment box has none and empties after sending. */
  onCancel?: () => void;
};

/**
 * A comment's text as the composer takes a post's: up to 500 characters with a counter, the button disabled
 * while blank. Enter sends, as on a card; Shift+Enter starts a new line.
 */
export function CommentTextForm({
  label,
  submitLabel,
  initial = '',
  placeholder,
  onSubmit,
  onCancel,
}: Props) {
  const [text, setText] = useState(initial);
  const [sending, setSending] = useState(false);
  const id = useId();
  const left = limits.contentMax - text.length;
  const blank = text.trim() === '';

  const send = () => {
    if (blank || sending) return;
    setSending(true);
    onSubmit(text.trim()).then(
      () => {
        setSending(false);
        if (!onCancel) setText('');
      },
      () => setSending(false),
    );
  };

  return (
    <form
      className={onCancel ? 'comment-editor' : 'comment-box'}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        rows={onCancel ? 3 : 2}
        value={text}
        placeholder={placeholder}
        maxLength={limits.contentMax}
        autoFocus={!!onCancel}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          } else if (event.key === 'Escape' && onCancel) {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <div className="comment-form-footer">
        <span className={`counter${left < 20 ? ' warn' : ''}`} aria-live="polite">
          {left} characters left
        </span>
        {onCancel && (
          <button type="button" className="button secondary" onClick={onCancel} disabled={sending}>
            Cancel
          </button>
        )}
        <button type="submit" className="button" disabled={blank || sending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
