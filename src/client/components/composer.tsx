import { useId, useState } from 'react';
import { limits } from '../../shared/limits';
import { useToast } from '../lib/toast';
import { errorMessage, trpc } from '../lib/trpc';
import { Avatar } from './avatar';
import type { SessionUser } from '../lib/session';

/** Spec section 2: "What's in your mind?" and a Post button, disabled while blank, with a character counter. */
export function Composer({ me, onPosted }: { me: SessionUser; onPosted?: () => void }) {
  const [content, setContent] = useState('');
  const id = useId();
  const utils = trpc.useUtils();
  const toast = useToast();
  const create = trpc.posts.create.useMutation({
    onSuccess: () => {
      setContent('');
      void utils.posts.invalidate();
      void utils.users.invalidate();
      onPosted?.();
    },
    onError: (error) => toast.error(`Could not post: ${errorMessage(error)}`),
  });
  const left = limits.contentMax - content.length;
  const blank = content.trim() === '';

  return (
    <form
      className="card composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) create.mutate({ content: content.trim() });
      }}
    >
      <Avatar person={me} />
      <div className="composer-body">
        <label htmlFor={id} className="visually-hidden">
          New post
        </label>
        <textarea
          id={id}
          rows={3}
          placeholder="What's in your mind?"
          value={content}
          maxLength={limits.contentMax}
          onChange={(event) => setContent(event.target.value)}
        />
        <div className="composer-footer">
          <span className={`counter${left < 20 ? ' warn' : ''}`} aria-live="polite">
            {left} characters left
          </span>
          <button type="submit" className="button" disabled={blank || create.isPending}>
            Post
          </button>
        </div>
      </div>
    </form>
  );
}
