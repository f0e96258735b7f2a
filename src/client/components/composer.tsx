import { useId, useState } from 'react';
import { limits } from '../../shared/limits';
import { useToast } from '../lib/toast';
import { errorMessage, trpc } from '../lib/trpc';
import { Avatar } from './avatar';
import { fits, TextCounter } from './text-counter';
import type { SessionUser } from '../lib/session';

/**
 * Spec section 2: "What's in your mind?" and a Post button, disabled while blank or too long, with the
 * character counter; "Posting..." while the post is on its way.
 */
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
  const blank = content.trim() === '';
  const tooLong = !fits(content, limits.contentMax);

  return (
    <form
      className="card composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank && !tooLong && !create.isPending) create.mutate({ content: content.trim() });
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
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-counter`}
          onChange={(event) => setContent(event.target.value)}
        />
        <div className="composer-footer">
          <TextCounter id={`${id}-counter`} text={content} max={limits.contentMax} />
          <button type="submit" className="button" disabled={blank || tooLong || create.isPending}>
            {create.isPending ? 'Posting...' : 'Post'}
          </button>
        </div>
      </div>
    </form>
  );
}
