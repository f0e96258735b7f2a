import { useId, useState } from 'react';
import { limits } from '../../shared/limits';
import { useToast } from '../lib/toast';
import { errorMessage, trpc } from '../lib/trpc';
import { usePictureDrafts } from '../lib/use-picture-drafts';
import { useSuggestions } from '../lib/use-suggestions';
import { Avatar } from './avatar';
import { AddPicturesButton, filesOf, PictureDrafts } from './picture-picker';
import { SuggestionList } from './suggestion-list';
import { fits, TextCounter } from './text-counter';
import type { SessionUser } from '../lib/session';
import type { PostCard } from '../lib/trpc-types';
import { AnswerPolicyFields, defaultPolicies } from './answer-policy-fields';
import { QuotedPost } from './quoted-post';

/**
 * Spec section 2: "What's in your mind?" and a Post button, disabled while blank or too long, with the
 * character counter; "Posting..." while the post is on its way. Pictures come by "Add pictures", by a drop
 * onto the composer or by a paste, upload at once, and make a post without text possible (docs/pictures.md).
 * Who can comment and quote is chosen here (everyone unless changed); `quoting` shows the post quoted under
 * the text box (docs/web-app.md, "Quotes and who can answer").
 * Typing `@` or `#` and a few letters suggests people or tags (docs/web-app.md).
 */
export function Composer({
  me,
  onPosted,
  quoting,
}: {
  me: SessionUser;
  onPosted?: () => void;
  quoting?: PostCard;
}) {
  const [content, setContent] = useState('');
  const [policies, setPolicies] = useState(defaultPolicies);
  const [dropping, setDropping] = useState(false);
  const id = useId();
  const utils = trpc.useUtils();
  const toast = useToast();
  const pictures = usePictureDrafts();
  const suggestions = useSuggestions<HTMLTextAreaElement>(content, setContent);
  const create = trpc.posts.create.useMutation({
    onSuccess: () => {
      setContent('');
      setPolicies(defaultPolicies);
      pictures.reset();
      void utils.posts.invalidate();
      void utils.users.invalidate();
      onPosted?.();
    },
    onError: (error) => toast.error(`Could not post: ${errorMessage(error)}`),
  });
  const blank = content.trim() === '' && pictures.drafts.length === 0;
  const tooLong = !fits(content, limits.contentMax);
  const disabled = blank || tooLong || pictures.uploading || pictures.altTooLong || create.isPending;

  return (
    <form
      className={`card composer${dropping ? ' dropping' : ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (disabled) return;
        const media = pictures.media();
        create.mutate({
          content: content.trim(),
          ...(media.length > 0 && { media }),
          ...(policies.commentPolicy !== 'everyone' && { commentPolicy: policies.commentPolicy }),
          ...(policies.quotePolicy !== 'everyone' && { quotePolicy: policies.quotePolicy }),
          ...(quoting && { quoteOf: quoting.id }),
        });
      }}
      onDragOver={(event) => {
        // Only files are taken: text dragged within the page drops into the box as usual.
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDropping(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={(event) => {
        const files = filesOf(event.dataTransfer);
        setDropping(false);
        if (files.length === 0) return;
        event.preventDefault();
        pictures.add(files);
      }}
    >
      <Avatar person={me} />
      <div className="composer-body">
        <label htmlFor={id} className="visually-hidden">
          New post
        </label>
        <div className="suggestions-anchor">
          <textarea
            ref={suggestions.ref}
            id={id}
            rows={3}
            placeholder="What's in your mind?"
            value={content}
            aria-invalid={tooLong || undefined}
            aria-describedby={`${id}-counter`}
            {...suggestions.boxProps}
            onChange={(event) => setContent(event.target.value)}
            onPaste={(event) => {
              const files = filesOf(event.clipboardData);
              if (files.length === 0) return;
              event.preventDefault();
              pictures.add(files);
            }}
          />
          <SuggestionList suggestions={suggestions} />
        </div>
        {quoting && (
          <QuotedPost
            quote={{
              ...quoting,
              unavailable: false,
              picture: quoting.media[0] ?? null,
              quotesAPost: quoting.quote !== null,
            }}
          />
        )}
        <PictureDrafts
          drafts={pictures.drafts}
          problem={pictures.problem}
          onAlt={pictures.setAlt}
          onRemove={pictures.remove}
        />
        <AnswerPolicyFields value={policies} onChange={setPolicies} disabled={create.isPending} />
        <div className="composer-footer">
          <TextCounter id={`${id}-counter`} text={content} max={limits.contentMax} />
          <span className="composer-buttons">
            <AddPicturesButton onFiles={pictures.add} disabled={pictures.full || create.isPending} />
            <button type="submit" className="button" disabled={disabled}>
              {create.isPending ? 'Posting...' : quoting ? 'Quote' : 'Post'}
            </button>
          </span>
        </div>
      </div>
    </form>
  );
}
