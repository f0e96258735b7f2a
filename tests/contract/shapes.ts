import { expect } from 'vitest';
import type { Reply } from './client.js';

// The answer shapes of docs/api.md, "REST: /api" (spec section 3), and the messages of the spec's error
// catalogue (section 8) and of docs/differences-from-the-mock.md.

/** Spec section 3: year-month-day T hour:minute:second with the zone offset; the server answers in UTC. */
export const stamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
/** Spec section 9: ids are random version-4 UUIDs. */
export const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const missingId = '00000000-0000-4000-8000-000000000000';

export const messages = {
  invalidToken: 'The token is invalid. Unauthorized access error.',
  unknownUsername: 'The username you entered is not Registered. Not Found error',
  wrongPassword: 'The credentials you entered are invalid. Unauthorized access error.',
  taken: 'Unprocessable Entity. Username Already Exists.',
  editPost: "Cannot edit a Post doesn't belong to the logged in User.",
  deletePost: "Cannot delete a Post doesn't belong to the logged in User.",
  editComment: "Cannot edit a comment doesn't belong to the User.",
  deleteComment: "Cannot delete a comment doesn't belong to the User.",
  liked: 'Cannot like a post that is already liked.',
  belowZero: 'Cannot decrement like less than 0.',
  disliked: 'Cannot dislike a post that is already disliked.',
  upvoted: 'Cannot upvote a post that is already upvoted.',
  downvoted: 'Cannot downvote a post that is already downvoted.',
  bookmarked: 'This Post is already bookmarked',
  notBookmarked: 'Post not bookmarked yet',
  following: 'User Already following',
  notFollowing: 'User already not following',
  selfFollow: 'You cannot follow yourself',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  userNotFound: 'User not found',
} as const;

/** An error answer: exactly this status and `{ errors: [message] }`. */
export function expectError(res: Reply, status: number, message: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { errors: [message] } });
}

/** A success answer whose JSON body has exactly these keys. */
export function expectAnswer(res: Reply, status: number, keys: string[]) {
  expect({ status: res.status, keys: Object.keys(res.body ?? {}).sort() }, JSON.stringify(res.body)).toEqual({
    status,
    keys: [...keys].sort(),
  });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
}

const sorted = (value: object) => Object.keys(value).sort();

function expectTimes(entity: { createdAt: unknown; updatedAt: unknown }) {
  expect(entity.createdAt).toMatch(stamp);
  expect(entity.updatedAt).toMatch(stamp);
  expect(String(entity.updatedAt) >= String(entity.createdAt)).toBe(true);
}

/** A user nested in a list (likedBy, followers, votes...): at least these fields, never a password. */
export function expectRef(ref: Record<string, unknown>) {
  expect(ref).toEqual(
    expect.objectContaining({
      _id: expect.stringMatching(uuid),
      username: expect.any(String),
      firstName: expect.any(String),
      lastName: expect.any(String),
      profilePic: expect.any(String),
    }),
  );
  expect(JSON.stringify(ref)).not.toMatch(/password/i);
}

const userKeys = [
  ...['_id', 'username', 'firstName', 'lastName', 'bio', 'link', 'profilePic', 'profileBanner'],
  ...['followers', 'following', 'bookmarks', 'createdAt', 'updatedAt'],
];

/** A user object: the keys of docs/api.md plus the signup extras named, no password anywhere. */
export function expectUser(user: Record<string, unknown>, extras: string[] = []) {
  expect(sorted(user)).toEqual([...userKeys, ...extras].sort());
  for (const key of ['username', 'firstName', 'lastName', 'bio', 'link', 'profilePic', 'profileBanner'])
    expect(typeof user[key], key).toBe('string');
  expect(user._id).toMatch(uuid);
  for (const list of ['followers', 'following'] as const) (user[list] as []).forEach(expectRef);
  expect((user.bookmarks as unknown[]).every((id) => typeof id === 'string')).toBe(true);
  expectTimes(user as { createdAt: unknown; updatedAt: unknown });
  expect(JSON.stringify(user)).not.toMatch(/"password"/i);
}

type Ref = { _id: string };
type Stamped = { createdAt: string; updatedAt: string };

export type Comment = Stamped & { _id: string; username: string; text: string } & {
  votes: Record<'upvotedBy' | 'downvotedBy', Ref[]>;
};

export function expectComment(comment: Comment) {
  expect(sorted(comment)).toEqual(['_id', 'createdAt', 'text', 'updatedAt', 'username', 'votes']);
  expect(comment._id).toMatch(uuid);
  expect(typeof comment.username).toBe('string');
  expect(typeof comment.text).toBe('string');
  expect(sorted(comment.votes)).toEqual(['downvotedBy', 'upvotedBy']);
  [...comment.votes.upvotedBy, ...comment.votes.downvotedBy].forEach(expectRef);
  expectTimes(comment);
}

export type Post = Stamped & { _id: string; username: string; content: string } & {
  likes: { likeCount: number } & Record<'likedBy' | 'dislikedBy', Ref[]>;
  comments: Comment[];
  bookmarks: unknown[];
};

export function expectPost(post: Post) {
  expect(sorted(post)).toEqual(
    ['_id', 'bookmarks', 'comments', 'content', 'createdAt', 'likes', 'updatedAt', 'username'].sort(),
  );
  expect(post._id).toMatch(uuid);
  expect(typeof post.username).toBe('string');
  expect(typeof post.content).toBe('string');
  expect(sorted(post.likes)).toEqual(['dislikedBy', 'likeCount', 'likedBy']);
  expect(Number.isInteger(post.likes.likeCount)).toBe(true);
  expect(post.likes.likeCount).toBeGreaterThanOrEqual(0);
  [...post.likes.likedBy, ...post.likes.dislikedBy].forEach(expectRef);
  post.comments.forEach(expectComment);
  expect(post.bookmarks).toEqual([]);
  expectTimes(post);
}
