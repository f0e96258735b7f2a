import { useId, useState } from 'react';
import { limits } from '../../shared/limits';
import { countedLength, fits, TextCounter } from './text-counter';

/** A card's one-line box shows the counter only this near the limit. */
const counterFrom = 50;

/**
 * "Add a comment..." that submits on Enter and then clears (spec section 2); near the limit the counter shows,
 * and past it Enter does nothing until the text fits.
 */
export function CommentForm({ onSubmit }: { onSubmit: (text: string) => Promise<unknown> }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const id = useId();
  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        const value = text.trim();
        if (!value || sending || !fits(value, limits.contentMax)) return;
        setSending(true);
        onSubmit(value)
          .then(
            () => setText(''),
            () => undefined, // the toast has said why; the text stays for another try
          )
          .finally(() => setSending(false));
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Add a comment
      </label>
      <input
        id={id}
        type="text"
        placeholder="Add a comment..."
        value={text}
        aria-invalid={!fits(text, limits.contentMax) || undefined}
        aria-describedby={
          limits.contentMax - countedLength(text) <= counterFrom ? `${id}-counter` : undefined
        }
        onChange={(event) => setText(event.target.value)}
        disabled={sending}
        autoComplete="off"
      />
      <TextCounter id={`${id}-counter`} text={text} max={limits.contentMax} from={counterFrom} />
    </form>
  );
}
