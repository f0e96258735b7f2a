import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { formatCount, wordFor } from '../lib/count-words';
import { displayName } from '../lib/notification-text';
import { postPath, profilePath } from '../lib/paths';
import { useSession } from '../lib/session';
import { useSignInFirst } from '../lib/visitor';
import type { PostCard as Post } from '../lib/trpc-types';
import { usePostActions } from '../lib/use-post-actions';
import { commentPolicyText, quotePolicyText } from '../lib/answer-words';
import { LazyAnswerDialog } from './answer-dialogs-loader';
import { Avatar } from './avatar';
import { BoostButton, BoostedBy } from './boost';
import { CommentForm } from './comment-form';
import { ConfirmDialog } from './confirm-dialog';
import { EditPostModal } from './edit-post-modal';
import { EditedMark } from './edited-mark';
import { BookmarkIcon, CommentIcon, HeartIcon } from './icons';
import { Menu } from './menu';
import { PostPictures } from './post-pictures';
import { QuotedPost } from './quoted-post';
import { LazyReportDialog } from './report-dialog-loader';
import { RelativeTime } from './relative-time';
import { RichText, useHighlight } from './rich-text';
import { SignInLink } from './sign-in-link';

/**
 * Spec section 2 "Post card": author, options for the author, content, like, comments, bookmark. Its time
 * and comment count lead to the post's own page; on that page (`onOwnPage`) the card leaves the
 * comments to the page and going home follows deleting it. Anyone else's options offer Report.
 */
export function PostCard({ post, onOwnPage = false }: { post: Post; onOwnPage?: boolean }) {
  // Signed out, a visitor reads the card, and each action asks them to sign in (lib/visitor.ts).
  const me = useSession()?.user;
  const signInFirst = useSignInFirst();
  const actions = usePostActions();
  const [, navigate] = useLocation();
  const highlight = useHighlight();
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [answering, setAnswering] = useState<'quote' | 'policy' | null>(null);
  const isMine = post.author.id === me?.id;
  const profile = profilePath(post.author.username);
  // Who may answer, in plain words (docs/web-app.md, "Quotes and who can answer").
  const commentRule = commentPolicyText(post.commentPolicy, post.author.username);
  const quoteRule = quotePolicyText(post.quotePolicy, post.author.username);
  const quoteItem = post.mayQuote ? [{ label: 'Quote', onSelect: () => setAnswering('quote') }] : [];
  // Asked first, as deleting a comment is; the dialog stays open (and says why) if the server refuses.
  const deletePost = async () => {
    if (!(await actions.deletePost(post.id))) throw new Error('not deleted');
    if (onOwnPage) navigate('/', { replace: true });
  };

  return (
    <article className="card post" aria-label={`Post by ${post.author.username}`}>
      <BoostedBy post={post} />
      <header className="post-header">
        <Link href={profile} className="post-author">
          <Avatar person={post.author} />
          <span>
            <span className="name" dir="auto">
              {post.author.firstName} {post.author.lastName}
            </span>
            <span className="username">@{post.author.username}</span>
          </span>
        </Link>
        <Link href={postPath(post.id)} className="muted post-time">
          <RelativeTime iso={post.createdAt} />
        </Link>
        {post.editedAt && (
          <EditedMark
            iso={post.editedAt}
            history={onOwnPage ? { kind: 'post', postId: post.id } : undefined}
          />
        )}
        <Menu
          label={isMine ? 'Post options' : 'More actions for this post'}
          items={
            !me
              ? [{ label: 'Sign in to report this post', onSelect: signInFirst }]
              : isMine
                ? [
                    { label: 'Edit', onSelect: () => setEditing(true) },
                    { label: 'Who can answer', onSelect: () => setAnswering('policy') },
                    ...quoteItem,
                    { label: 'Delete', onSelect: () => setDeleting(true) },
                  ]
                : [...quoteItem, { label: 'Report post', onSelect: () => setReporting(true) }]
          }
        >
          <span aria-hidden="true">⋯</span>
        </Menu>
      </header>
      {post.content !== '' && (
        <p className="post-content" dir="auto">
          <RichText text={post.content} mentions={post.mentions} highlight={highlight} />
        </p>
      )}
      <PostPictures pictures={post.media} />
      {post.quote && <QuotedPost quote={post.quote} />}
      {(commentRule || quoteRule) && (
        <p className="muted answer-policy">{[commentRule, quoteRule].filter(Boolean).join(' · ')}</p>
      )}
      <div className="post-actions">
        <span className={`action-group${post.likedByMe ? ' active' : ''}`}>
          {!me ? (
            <SignInLink className="action" label="Sign in to like this post">
              <HeartIcon filled={false} />
            </SignInLink>
          ) : (
            <button
              type="button"
              className="action"
              aria-label={post.likedByMe ? 'Unlike' : 'Like'}
              aria-pressed={post.likedByMe}
              onClick={() => actions.toggleLike(post)}
            >
              <HeartIcon filled={post.likedByMe} />
            </button>
          )}
          <span className="count" data-testid="like-count">
            {formatCount(post.likeCount)}
            <span className="visually-hidden"> {wordFor(post.likeCount, 'like', 'likes')}</span>
          </span>
        </span>
        <Link href={postPath(post.id)} className="action">
          <CommentIcon />
          <span className="count" data-testid="comment-count">
            {formatCount(post.commentCount)}
            <span className="visually-hidden"> {wordFor(post.commentCount, 'comment', 'comments')}</span>
          </span>
        </Link>
        <BoostButton post={post} signedIn={!!me} mine={isMine} />
        {!me ? (
          <SignInLink className="action" label="Sign in to bookmark this post">
            <BookmarkIcon filled={false} />
          </SignInLink>
        ) : (
          <button
            type="button"
            className={`action${post.bookmarkedByMe ? ' active' : ''}`}
            aria-label={post.bookmarkedByMe ? 'Remove bookmark' : 'Bookmark'}
            aria-pressed={post.bookmarkedByMe}
            onClick={() => actions.toggleBookmark(post)}
          >
            <BookmarkIcon filled={post.bookmarkedByMe} />
          </button>
        )}
      </div>
      {!onOwnPage && post.latestComments.length > 0 && (
        <ul className="comments" aria-label="Latest comments">
          {post.latestComments.map((comment) => (
            <li key={comment.id}>
              <Link href={profilePath(comment.author.username)} className="comment-author" dir="auto">
                {displayName(comment.author)}
              </Link>{' '}
              <span className="comment-text" dir="auto">
                <RichText text={comment.text} mentions={comment.mentions} />
              </span>
              {comment.editedAt && (
                <>
                  {' '}
                  <EditedMark iso={comment.editedAt} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {!onOwnPage &&
        (me ? (
          post.mayComment ? (
            <CommentForm onSubmit={(text) => actions.addComment(post.id, text)} />
          ) : (
            <p className="muted comment-closed">{commentRule}.</p>
          )
        ) : (
          <p className="visitor-prompt">
            <SignInLink>Sign in to comment</SignInLink>
          </p>
        ))}
      {reporting && (
        <LazyReportDialog
          target={{ kind: 'post', postId: post.id }}
          subject={`You are reporting a post by @${post.author.username}`}
          onClose={() => setReporting(false)}
        />
      )}
      {answering && <LazyAnswerDialog kind={answering} post={post} onClose={() => setAnswering(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete post?"
          message="The post and its comments will be gone for everyone. This cannot be undone."
          confirmLabel="Delete"
          onConfirm={deletePost}
          onClose={() => setDeleting(false)}
        />
      )}
      {editing && (
        <EditPostModal
          initial={post.content}
          pictures={post.media}
          onSave={(content, media) => actions.editPost(post.id, content, media)}
          onClose={() => setEditing(false)}
        />
      )}
    </article>
  );
}
