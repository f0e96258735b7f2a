import { useId, useState } from 'react';
import { limits } from '../../shared/limits';

/** "Add a comment..." that submits on Enter and then clears (spec section 2). */
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
        if (!value || sending) return;
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
        maxLength={limits.contentMax}
        onChange={(event) => setText(event.target.value)}
        disabled={sending}
        autoComplete="off"
      />
    </form>
  );
}
