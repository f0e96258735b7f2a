import { useId, useState } from 'react';
import { limits } from '../../shared/limits';
import { useSuggestions } from '../lib/use-suggestions';
import { SuggestionList } from './suggestion-list';
import { countedLength, fits, TextCounter } from './text-counter';

/** A card's one-line box shows the counter only this near the limit. */
const counterFrom = 50;

/**
 * "Add a comment..." that submits on Enter and then clears (spec section 2); near the limit the counter shows,
 * and past it Enter does nothing until the text fits. `@` and `#` suggest people and tags as in the composer;
 * while the list is open, Enter picks from it instead of sending.
 */
export function CommentForm({ onSubmit }: { onSubmit: (text: string) => Promise<unknown> }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const id = useId();
  const suggestions = useSuggestions<HTMLInputElement>(text, setText);
  return (
    <form
      className="comment-form suggestions-anchor"
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
        ref={suggestions.ref}
        id={id}
        type="text"
        placeholder="Add a comment..."
        value={text}
        aria-invalid={!fits(text, limits.contentMax) || undefined}
        aria-describedby={
          limits.contentMax - countedLength(text) <= counterFrom ? `${id}-counter` : undefined
        }
        {...suggestions.boxProps}
        onChange={(event) => setText(event.target.value)}
        disabled={sending}
        autoComplete="off"
      />
      <SuggestionList suggestions={suggestions} />
      <TextCounter id={`${id}-counter`} text={text} max={limits.contentMax} from={counterFrom} />
    </form>
  );
}
