import { generateScale } from '../../seed/scale.js';
import { runSeed } from '../../seed/seed.js';
import { openSqliteStore, type SqliteStore } from '../../src/server/store/sqlite/index.js';
import { legacyLimits } from '../../src/shared/limits.js';
import { epoch, insertRows, likesOf } from '../helpers/rows.js';
import { trickyText } from '../helpers/tricky-text.js';

// A SQLite instance with every shape the legacy objects can take, for comparing the two engines' JSON: the
// seed and a generated crowd, plus what neither makes: nested lists over `nestedMax`, a post whose comments
// pass `nestedCommentsBytes`, ties in time, signup extras of every kind, and tricky text everywhere.

const uuid = (n: number, kind: number) => `00000000-0000-4000-8${kind}00-${String(n).padStart(12, '0')}`;

export const big = {
  post: uuid(1, 2),
  author: uuid(0, 1),
  /** A member with signup extras of every kind, one named like a real field. */
  extras: uuid(1, 1),
  /** A member with more bookmarks than a small limit. */
  bookmarker: uuid(2, 1),
  /** A post with many comments, each with many votes: more than `nestedCommentsBytes` of them. */
  heavy: uuid(2, 2),
};

// As stored: `1.50` and `1e3` keep their text, the nested object and list and the null are never shown.
const storedExtras = JSON.stringify({ city: 'Köln', quote: trickyText }).replace(
  /}$/,
  ', "age": 42, "ratio": 1.50, "big": 1e3, "vip": true, "off": false, "form": {"password": "x"}, ' +
    '"list": [1], "nothing": null, "bio": "an extra named like a real field", "_id": "not my id"}',
);

export async function legacyInstance(): Promise<SqliteStore> {
  const store = openSqliteStore(':memory:');
  await generateScale(store.db, { users: 60, posts: 600, seed: 15 });
  await runSeed(store, epoch + 10_000_000);
  const crowd = Array.from({ length: 160 }, (_, i) => uuid(i + 10, 1));
  const member = (id: string, i: number, fields: Record<string, unknown> = {}) => ({
    id,
    username: `legacy-${i}`,
    username_key: `legacy-${i}`,
    password_hash: 'not a real hash',
    first_name: i % 7 === 0 ? trickyText : `First ${i}`,
    bio: '',
    extra: '{}',
    created_at: epoch + i,
    updated_at: epoch + i,
    ...fields,
  });
  await insertRows({ store }, 'users', [
    member(big.author, 1, { bio: trickyText }),
    member(big.extras, 2, { extra: storedExtras }),
    member(big.bookmarker, 3, { extra: '{"form": {"nested": true}}' }),
    ...crowd.map((id, i) => member(id, i + 10)),
  ]);
  const post = (id: string, i: number) => ({
    id,
    author_id: big.author,
    content: `${trickyText} ${i}`,
    created_at: epoch + 5_000 + i,
    updated_at: epoch + 6_000 + i,
  });
  await insertRows({ store }, 'posts', [post(big.post, 1), post(big.heavy, 2)]);
  // Likes over `nestedMax`, many in the same millisecond: ties show in the order the rows were added.
  const reactions = [
    ...likesOf(big.post, crowd.slice(0, 130)),
    ...likesOf(big.post, crowd.slice(130), 'dislike'),
  ];
  await insertRows(
    { store },
    'post_reactions',
    reactions.map((r, i) => ({ ...r, created_at: epoch + (i >> 4) })),
  );
  const comments = (postId: string, n: number, from: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: uuid(from + i, 3),
      post_id: postId,
      author_id: crowd[i % crowd.length],
      text: i % 3 === 0 ? trickyText : `comment ${i}`,
      created_at: epoch + 7_000 + (i >> 1),
      updated_at: epoch + 8_000 + i,
    }));
  const many = comments(big.post, legacyLimits.nestedMax + 20, 0);
  const heavy = comments(big.heavy, 110, 1000);
  await insertRows({ store }, 'comments', [...many, ...heavy]);
  const votes = (commentId: string, up: number, down: number) =>
    crowd.slice(0, up + down).map((userId, i) => ({
      comment_id: commentId,
      user_id: userId,
      kind: i < up ? 'up' : 'down',
      created_at: epoch + (i >> 3),
    }));
  await insertRows({ store }, 'comment_votes', [
    ...many.slice(-5).flatMap((c) => votes(c.id, 120, 30)),
    ...heavy.flatMap((c) => votes(c.id, 110, 40)),
  ]);
  store.db.$client
    .prepare('update posts set comment_count = (select count(*) from comments where post_id = posts.id)')
    .run();
  const postIds = store.db.$client
    .prepare('select id from posts order by rowid limit 40')
    .pluck()
    .all() as string[];
  await insertRows(
    { store },
    'bookmarks',
    postIds.map((postId, i) => ({ user_id: big.bookmarker, post_id: postId, created_at: epoch + (i >> 2) })),
  );
  await insertRows(
    { store },
    'follows',
    crowd.slice(0, 120).flatMap((id, i) => [
      { follower_id: id, followee_id: big.extras, created_at: epoch + (i >> 3) },
      { follower_id: big.extras, followee_id: id, created_at: epoch + (i >> 3) },
    ]),
  );
  return store;
}
