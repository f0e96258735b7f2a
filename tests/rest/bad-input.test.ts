import { afterEach, describe, expect, it } from 'vitest';
import { call, get, post } from '../helpers/http.js';
import { snapshot } from '../helpers/snapshot.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// docs/differences-from-the-mock.md item 6: every limit is refused with 400 and a message naming it, and a
// refused request writes nothing. Text limits count characters after trimming.

let t: TestApp;
afterEach(() => t?.close());

type Fixture = { token: string; postId: string; commentId: string };

async function fixture(): Promise<Fixture> {
  t = await makeTestApp();
  const me = await t.member();
  await post(t.app, '/api/posts', me.token, { postData: 'a post' });
  const postId = (await t.sql<{ id: string }>('select id from posts'))[0]!.id;
  const added = await post(t.app, `/api/comments/add/${postId}`, me.token, { commentData: 'a comment' });
  return { token: me.token, postId, commentId: added.body.comments[0]._id };
}

/** Sends `body`, expects 400 with `message` (exact string or pattern), and checks that nothing changed. */
async function refused(f: Fixture, path: string, body: unknown, message: string | RegExp) {
  const before = await snapshot(t);
  const res = await call(t.app, 'POST', path, { token: f.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.errors).toHaveLength(1);
  if (typeof message === 'string') expect(res.body.errors[0]).toBe(message);
  else expect(res.body.errors[0]).toMatch(message);
  expect(await snapshot(t)).toEqual(before);
}

type TextRoute = {
  name: string;
  label: string;
  path: (f: Fixture) => string;
  wrap: (value: unknown) => unknown;
  stored: () => Promise<string[]>;
};

const texts = async () => (await t.sql<{ text: string }>('select text from comments')).map((row) => row.text);
const contents = async () =>
  (await t.sql<{ content: string }>('select content from posts')).map((row) => row.content);

const textRoutes: TextRoute[] = [
  {
    name: 'POST /api/posts',
    label: 'Post content',
    path: () => '/api/posts',
    wrap: (value) => ({ postData: value }),
    stored: () => contents(),
  },
  {
    name: 'POST /api/posts/edit',
    label: 'Post content',
    path: (f) => `/api/posts/edit/${f.postId}`,
    wrap: (value) => ({ postData: { content: value } }),
    stored: () => contents(),
  },
  {
    name: 'POST /api/comments/add',
    label: 'Comment text',
    path: (f) => `/api/comments/add/${f.postId}`,
    wrap: (value) => ({ commentData: value }),
    stored: () => texts(),
  },
  {
    name: 'POST /api/comments/edit',
    label: 'Comment text',
    path: (f) => `/api/comments/edit/${f.postId}/${f.commentId}`,
    wrap: (value) => ({ commentData: { text: value } }),
    stored: () => texts(),
  },
];

describe.each(textRoutes)('$name', (route) => {
  const range = `${route.label} must be 1 to 500 characters.`;

  it('refuses a missing field, with or without a body', async () => {
    const f = await fixture();
    await refused(f, route.path(f), {}, `${route.label} is required.`);
    await refused(f, route.path(f), undefined, `${route.label} is required.`);
    await refused(f, route.path(f), route.wrap(undefined), `${route.label} is required.`);
  });

  it.each([
    ['a number', 42],
    ['a boolean', true],
    ['null', null],
  ])('refuses %s as the text', async (_label, value) => {
    const f = await fixture();
    await refused(f, route.path(f), route.wrap(value), `${route.label} must be text.`);
  });

  it.each([
    ['an array', ['hello']],
    ['an object', { nested: 'hello' }],
  ])('refuses %s as the text', async (_label, value) => {
    const f = await fixture();
    await refused(
      f,
      route.path(f),
      route.wrap(value),
      new RegExp(`^${route.label} (is required|must be text)\\.$`),
    );
  });

  it.each([
    ['empty', ''],
    ['spaces', '     '],
    ['mixed whitespace', ' \n\t \r\n '],
    ['501 characters', 'x'.repeat(501)],
    ['501 characters inside spaces', `  ${'y'.repeat(501)}  `],
  ])('refuses %s', async (_label, value) => {
    const f = await fixture();
    await refused(f, route.path(f), route.wrap(value), range);
  });

  it('refuses text holding a NUL character, which PostgreSQL cannot store', async () => {
    const f = await fixture();
    const nul = `${route.label} must not contain the NUL character (U+0000).`;
    await refused(f, route.path(f), route.wrap('before\u0000after'), nul);
  });

  it('accepts 500 characters, and 500 inside whitespace, storing them trimmed', async () => {
    const f = await fixture();
    const exact = 'a'.repeat(500);
    const res = await post(t.app, route.path(f), f.token, route.wrap(exact));
    expect(res.status).toBe(201);
    expect(await route.stored()).toContain(exact);
    const padded = 'b'.repeat(500);
    const again = await post(t.app, route.path(f), f.token, route.wrap(`\n   ${padded}   \t`));
    expect(again.status).toBe(201);
    expect(await route.stored()).toContain(padded);
  });
});

describe('POST /api/users/edit', () => {
  const userRow = async () => (await t.sql('select * from users'))[0];

  it.each([
    ['no userData', {}],
    ['userData as text', { userData: 'bio' }],
    ['userData as a number', { userData: 7 }],
    ['userData as an array', { userData: [{ bio: 'x' }] }],
    ['userData as null', { userData: null }],
  ])('refuses %s', async (_label, body) => {
    const f = await fixture();
    await refused(f, '/api/users/edit', body, 'userData is required: an object with the fields to change.');
  });

  const urlMessage = (label: string) => `${label} must be an http(s) URL of at most 300 characters.`;
  const longUrl = (length: number) =>
    'https://example.com/' + 'p'.repeat(length - 'https://example.com/'.length);

  it.each([
    ['bio of 161', { bio: 'b'.repeat(161) }, 'Bio must be at most 160 characters.'],
    ['first name of 51', { firstName: 'f'.repeat(51) }, 'First name must be at most 50 characters.'],
    ['last name of 51', { lastName: 'l'.repeat(51) }, 'Last name must be at most 50 characters.'],
    ['bio as a number', { bio: 5 }, 'Bio must be text.'],
    ['first name as an array', { firstName: ['A'] }, 'First name must be text.'],
    ['last name as an object', { lastName: { a: 1 } }, 'Last name must be text.'],
    ['bio as null', { bio: null }, 'Bio must be text.'],
    ['a javascript: link', { link: 'javascript:alert(1)' }, urlMessage('Link')],
    ['an ftp link', { link: 'ftp://x' }, urlMessage('Link')],
    ['a link that is not a URL', { link: 'not a url' }, urlMessage('Link')],
    ['a link of 301 characters', { link: longUrl(301) }, urlMessage('Link')],
    ['a data: picture', { profilePic: 'data:image/svg+xml,<svg/>' }, urlMessage('Profile picture')],
    ['a javascript: banner', { profileBanner: 'javascript:alert(1)' }, urlMessage('Profile banner')],
    ['a banner of 301 characters', { profileBanner: longUrl(301) }, urlMessage('Profile banner')],
    ['a bio with NUL', { bio: 'a\u0000b' }, 'Bio must not contain the NUL character (U+0000).'],
    [
      'a link with NUL',
      { link: 'https://a.example/\u0000' },
      'Link must not contain the NUL character (U+0000).',
    ],
  ])('refuses %s', async (_label, userData, message) => {
    const f = await fixture();
    await refused(f, '/api/users/edit', { userData }, message);
  });

  it('refuses the whole edit when one field is bad, keeping the good ones unwritten', async () => {
    const f = await fixture();
    await refused(
      f,
      '/api/users/edit',
      { userData: { bio: 'fine', link: 'javascript:x' } },
      urlMessage('Link'),
    );
  });

  it('accepts the limits exactly: bio 160, names 50, https link and 300-character URLs, empty link', async () => {
    const f = await fixture();
    const userData = {
      bio: 'b'.repeat(160),
      firstName: 'f'.repeat(50),
      lastName: 'l'.repeat(50),
      link: longUrl(300),
      profilePic: 'https://example.com/me.png',
      profileBanner: 'http://example.com/banner.png',
    };
    const res = await post(t.app, '/api/users/edit', f.token, { userData });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject(userData);
    expect(await userRow()).toMatchObject({
      bio: userData.bio,
      link: userData.link,
      first_name: userData.firstName,
    });
    const cleared = await post(t.app, '/api/users/edit', f.token, { userData: { link: '' } });
    expect(cleared.status).toBe(201);
    expect(cleared.body.user.link).toBe('');
  });
});

describe('unknown ids', () => {
  const missing = '00000000-0000-4000-8000-000000000000';

  type Case = [string, 'GET' | 'POST' | 'DELETE', (f: Fixture) => string, string];
  const cases: Case[] = [
    ['GET a post', 'GET', () => `/api/posts/${missing}`, 'Post not found'],
    ["GET a post's comments", 'GET', () => `/api/comments/${missing}`, 'Post not found'],
    ['GET a user', 'GET', () => '/api/users/nobody-here', 'User not found'],
    ["GET a user's posts", 'GET', () => '/api/posts/user/nobody-here', 'User not found'],
    ['edit a post', 'POST', () => `/api/posts/edit/${missing}`, 'Post not found'],
    ['delete a post', 'DELETE', () => `/api/posts/${missing}`, 'Post not found'],
    ['like a post', 'POST', () => `/api/posts/like/${missing}`, 'Post not found'],
    ['dislike a post', 'POST', () => `/api/posts/dislike/${missing}`, 'Post not found'],
    ['comment on a post', 'POST', () => `/api/comments/add/${missing}`, 'Post not found'],
    [
      'edit a comment of a missing post',
      'POST',
      (f) => `/api/comments/edit/${missing}/${f.commentId}`,
      'Post not found',
    ],
    [
      'edit a missing comment',
      'POST',
      (f) => `/api/comments/edit/${f.postId}/${missing}`,
      'Comment not found',
    ],
    [
      'delete a missing comment',
      'POST',
      (f) => `/api/comments/delete/${f.postId}/${missing}`,
      'Comment not found',
    ],
    [
      'upvote a missing comment',
      'POST',
      (f) => `/api/comments/upvote/${f.postId}/${missing}`,
      'Comment not found',
    ],
    [
      'downvote on a missing post',
      'POST',
      (f) => `/api/comments/downvote/${missing}/${f.commentId}`,
      'Post not found',
    ],
    ['bookmark a post', 'POST', () => `/api/users/bookmark/${missing}`, 'Post not found'],
    ['remove a bookmark', 'POST', () => `/api/users/remove-bookmark/${missing}`, 'Post not found'],
    ['follow a user', 'POST', () => `/api/users/follow/${missing}`, 'User not found'],
    ['unfollow a user', 'POST', () => `/api/users/unfollow/${missing}`, 'User not found'],
  ];

  it.each(cases)('%s answers 404 and writes nothing', async (_label, method, path, message) => {
    const f = await fixture();
    const before = await snapshot(t);
    const body = /\/(edit|add)\//.test(path(f)) ? { postData: 'x', commentData: 'x' } : undefined;
    const res = await call(t.app, method, path(f), { token: f.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body).toEqual({ errors: [message] });
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers 404 for a comment id that belongs to another post', async () => {
    const f = await fixture();
    await post(t.app, '/api/posts', f.token, { postData: 'second post' });
    const other = (await get(t.app, '/api/posts')).body.posts[1]._id;
    const before = await snapshot(t);
    const res = await post(t.app, `/api/comments/edit/${other}/${f.commentId}`, f.token, {
      commentData: 'x',
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: ['Comment not found'] });
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('bodies over 64 KB', () => {
  const big = 'z'.repeat(65 * 1024);

  it.each([
    ['/api/posts', { postData: big }],
    ['/api/users/edit', { userData: { bio: big } }],
    ['/api/auth/signup', { username: 'big', password: 'long-enough', note: big }],
  ])('POST %s answers 413 and writes nothing', async (path, body) => {
    const f = await fixture();
    const before = await snapshot(t);
    const res = await call(t.app, 'POST', path, { token: f.token, body });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errors: ['The request body is larger than the 64 KB limit.'] });
    expect(await snapshot(t)).toEqual(before);
  });
});
