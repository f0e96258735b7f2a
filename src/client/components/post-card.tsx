import { useState } from 'react';
import { Link } from 'wouter';
import { useMe } from '../lib/session';
import type { PostCard as Post } from '../lib/trpc-types';
import { usePostActions } from '../lib/use-post-actions';
import { Avatar } from './avatar';
import { CommentForm } from './comment-form';
import { EditPostModal } from './edit-post-modal';
import { BookmarkIcon, CommentIcon, HeartIcon } from './icons';
import { Menu } from './menu';
import { RelativeTime } from './relative-time';

/** Spec section 2 "Post card": author, options for the author, content, like, comments, bookmark. */
export function PostCard({ post }: { post: Post }) {
  const me = useMe();
  const actions = usePostActions();
  const [editing, setEditing] = useState(false);
  const isMine = post.author.id === me.id;
  const profile = `/profile/${encodeURIComponent(post.author.username)}`;

  return (
    <article className="card post" aria-label={`Post by ${post.author.username}`}>
      <header className="post-header">
        <Link href={profile} className="post-author">
          <Avatar person={post.author} />
          <span>
            <span className="name">
              {post.author.firstName} {post.author.lastName}
            </span>
            <span className="username">@{post.author.username}</span>
          </span>
        </Link>
        <span className="muted post-time">
          <RelativeTime iso={post.createdAt} />
        </span>
        {isMine && (
          <Menu
            label="Post options"
            items={[
              { label: 'Edit', onSelect: () => setEditing(true) },
              { label: 'Delete', onSelect: () => void actions.deletePost(post.id) },
            ]}
          >
            <span aria-hidden="true">⋯</span>
          </Menu>
        )}
      </header>
      <p className="post-content">{post.content}</p>
      <div className="post-actions">
        <span className={`action-group${post.likedByMe ? ' active' : ''}`}>
          <button
            type="button"
            className="action"
            aria-label={post.likedByMe ? 'Unlike' : 'Like'}
            aria-pressed={post.likedByMe}
            onClick={() => actions.toggleLike(post)}
          >
            <HeartIcon filled={post.likedByMe} />
          </button>
          <span className="count" data-testid="like-count">
            {post.likeCount}
            <span className="visually-hidden"> likes</span>
          </span>
        </span>
        <span className="action static">
          <CommentIcon />
          <span className="count" data-testid="comment-count">
            {post.commentCount}
            <span className="visually-hidden"> comments</span>
          </span>
        </span>
        <button
          type="button"
          className={`action${post.bookmarkedByMe ? ' active' : ''}`}
          aria-label={post.bookmarkedByMe ? 'Remove bookmark' : 'Bookmark'}
          aria-pressed={post.bookmarkedByMe}
          onClick={() => actions.toggleBookmark(post)}
        >
          <BookmarkIcon filled={post.bookmarkedByMe} />
        </button>
      </div>
      {post.latestComments.length > 0 && (
        <ul className="comments" aria-label="Latest comments">
          {post.latestComments.map((comment) => (
            <li key={comment.id}>
              <Link
                href={`/profile/${encodeURIComponent(comment.author.username)}`}
                className="comment-author"
              >
                {comment.author.username}
              </Link>{' '}
              <span className="comment-text">{comment.text}</span>
            </li>
          ))}
        </ul>
      )}
      <CommentForm onSubmit={(text) => actions.addComment(post.id, text)} />
      {editing && (
        <EditPostModal
          initial={post.content}
          onSave={(content) => actions.editPost(post.id, content)}
          onClose={() => setEditing(false)}
        />
      )}
    </article>
  );
}
