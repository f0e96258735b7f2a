import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ThreadComment as Comment } from '../lib/comment-thread';
import { profilePath } from '../lib/paths';
import { useSession } from '../lib/session';
import { useCommentActions } from '../lib/use-comment-actions';
import { Avatar } from './avatar';
import { CommentTextForm } from './comment-text-form';
import { ConfirmDialog } from './confirm-dialog';
import { EditedMark } from './edited-mark';
import { RelativeTime } from './relative-time';
import { LazyReportDialog } from './report-dialog-loader';
import { RichText } from './rich-text';
import { SignInLink } from './sign-in-link';

const fullName = (person: { firstName: string; lastName: string; username: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.username;

/**
 * One comment on a post's page: author, text, time, score with my vote, and Edit (its author) and Delete
 * (its author or the post's author, spec section 5): a button shows only to whom the server allows it.
 * Anyone but its author may report it.
 */
export const ThreadComment = memo(function ThreadComment(props: {
  comment: Comment;
  postAuthorId: string;
  justAdded: boolean;
  onDeleted: () => void;
}) {
  const { comment } = props;
  const me = useSession()?.user; // none for a visitor: each action is then a way to sign in
  const actions = useCommentActions(comment.postId, comment);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const mine = me !== undefined && comment.author.id === me.id;
  const mayDelete = me !== undefined && (mine || props.postAuthorId === me.id);
  const author = fullName(comment.author);

  useEffect(() => {
    if (props.justAdded) item.current?.scrollIntoView({ block: 'nearest' });
  }, [props.justAdded]);

  // Told once the comment has left the page, whichever of it and its dialog goes first.
  const deleted = useRef(false);
  const onDeleted = useRef(props.onDeleted);
  onDeleted.current = props.onDeleted;
  useEffect(
    () => () => {
      if (deleted.current) onDeleted.current();
    },
    [],
  );

  const stopEditing = () => {
    setEditing(false);
    // Back to where the keyboard was: the editor is gone.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <li
      className={`thread-comment${props.justAdded ? ' just-added' : ''}`}
      ref={item}
      aria-label={`Comment by ${comment.author.username}`}
    >
      <Link href={profilePath(comment.author.username)} className="thread-comment-author">
        <Avatar person={comment.author} size={32} />
        <span className="name" dir="auto">
          {author}
        </span>
        <span className="username">@{comment.author.username}</span>
      </Link>
      <span className="muted thread-comment-time">
        <RelativeTime iso={comment.createdAt} />
        {comment.editedAt && (
          <>
            {' '}
            <EditedMark
              iso={comment.editedAt}
              history={{ kind: 'comment', postId: comment.postId, commentId: comment.id }}
            />
          </>
        )}
      </span>
      {editing ? (
        <CommentTextForm
          label="Edit comment"
          submitLabel="Save"
          initial={comment.text}
          onSubmit={(text) => actions.edit(text).then(stopEditing)}
          onCancel={stopEditing}
        />
      ) : (
        <p className="thread-comment-text" dir="auto">
          <RichText text={comment.text} mentions={comment.mentions} />
        </p>
      )}
      <div className="thread-comment-actions">
        <span className="vote" role="group" aria-label="Vote">
          <VoteControl way="up" signedIn={!!me} pressed={comment.myVote === 'up'} onVote={actions.vote} />
          <Score score={comment.score} />
          <VoteControl way="down" signedIn={!!me} pressed={comment.myVote === 'down'} onVote={actions.vote} />
        </span>
        {mine && !editing && (
          <button type="button" className="text-button" ref={editButton} onClick={() => setEditing(true)}>
            Edit
          </button>
        )}
        {mayDelete && (
          <button type="button" className="text-button" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
        {!me && (
          <SignInLink
            className="text-button"
            label={`Sign in to report comment by @${comment.author.username}`}
          >
            Report
          </SignInLink>
        )}
        {me && !mine && (
          <button
            type="button"
            className="text-button"
            aria-label={`Report comment by @${comment.author.username}`}
            onClick={() => setReporting(true)}
          >
            Report
          </button>
        )}
      </div>
      {reporting && (
        <LazyReportDialog
          target={{ kind: 'comment', postId: comment.postId, commentId: comment.id }}
          subject={`You are reporting a comment by @${comment.author.username}`}
          onClose={() => setReporting(false)}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete comment?"
          message="The comment will be gone for everyone. This cannot be undone."
          confirmLabel="Delete"
          onConfirm={() => actions.delete().then(() => (deleted.current = true))}
          onClose={() => setConfirming(false)}
        />
      )}
    </li>
  );
});

/** A comment's score, read out as points; the same for a visitor and a member. */
function Score({ score }: { score: number }) {
  return (
    <span className="score" data-testid="comment-score">
      {score}
      <span className="visually-hidden"> points</span>
    </span>
  );
}

const voteWords = {
  up: { arrow: '▲', label: 'Upvote', visitor: 'Sign in to upvote this comment' },
  down: { arrow: '▼', label: 'Downvote', visitor: 'Sign in to downvote this comment' },
} as const;

/** An upvote or downvote: a member's toggle, or for a visitor a way to sign in that names what it would do. */
function VoteControl(props: {
  way: 'up' | 'down';
  signedIn: boolean;
  pressed: boolean;
  onVote: (way: 'up' | 'down') => void;
}) {
  const words = voteWords[props.way];
  const arrow = <span aria-hidden="true">{words.arrow}</span>;
  if (!props.signedIn) {
    return (
      <SignInLink className="action" label={words.visitor}>
        {arrow}
      </SignInLink>
    );
  }
  return (
    <button
      type="button"
      className="action"
      aria-label={words.label}
      aria-pressed={props.pressed}
      onClick={() => props.onVote(props.way)}
    >
      {arrow}
    </button>
  );
}
