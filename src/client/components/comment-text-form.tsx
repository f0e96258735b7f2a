import { useId, useState } from 'react';
import { limits } from '../../shared/limits';
import { useSuggestions } from '../lib/use-suggestions';
import { SuggestionList } from './suggestion-list';
import { fits, TextCounter } from './text-counter';

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
 * while blank. Enter sends, as on a card; Shift+Enter starts a new line. `@` and `#` suggest people and tags
 * as in the composer; while the list is open, Enter and Escape are its own.
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
  const suggestions = useSuggestions<HTMLTextAreaElement>(text, setText);
  const blank = text.trim() === '';
  const tooLong = !fits(text, limits.contentMax);

  const send = () => {
    if (blank || tooLong || sending) return;
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
      <div className="suggestions-anchor">
        <textarea
          ref={suggestions.ref}
          id={id}
          rows={onCancel ? 3 : 2}
          value={text}
          placeholder={placeholder}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-counter`}
          autoFocus={!!onCancel}
          {...suggestions.boxProps}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            suggestions.boxProps.onKeyDown(event);
            if (event.defaultPrevented) return;
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            } else if (event.key === 'Escape' && onCancel) {
              event.preventDefault();
              onCancel();
            }
          }}
        />
        <SuggestionList suggestions={suggestions} />
      </div>
      <div className="comment-form-footer">
        <TextCounter id={`${id}-counter`} text={text} max={limits.contentMax} />
        {onCancel && (
          <button type="button" className="button secondary" onClick={onCancel} disabled={sending}>
            Cancel
          </button>
        )}
        <button type="submit" className="button" disabled={blank || tooLong || sending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
