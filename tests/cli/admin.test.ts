import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealm, type RealmServer } from '../helpers/realm-program.js';
import { api, login, query, realm, rowsOf, signup, tempFolder } from './cli-helpers.js';

// The admin commands work on a running instance's folder, as an administrator would use them.
let data: string;
let server: RealmServer;

beforeAll(async () => {
  data = tempFolder('admin');
  const seeded = await realm(['seed', '--demo', '--data', data]);
  expect(seeded.stdout).toContain('7 members and 5 posts added');
  server = await startRealm(['--data', data]);
}, 60_000);

afterAll(() => server?.stop());

const passwordIn = (stdout: string) => /^ {2}password: (\S+)$/m.exec(stdout)?.[1];

describe('realm admin', () => {
  it('create-user makes a member who can log in, with a printed or a given password, under signup rules', async () => {
    const [ann, bob, taken, short] = await Promise.all([
      realm(['admin', 'create-user', 'ann@example.org', '--data', data]),
      realm(['admin', 'create-user', 'bob', '--password-stdin', '--last-name', 'Builder', '--data', data], {
        input: 'bob-password-1\nsecond line is not read\n',
      }),
      realm(['admin', 'create-user', 'DEMO@realm.social', '--data', data]),
      realm(['admin', 'create-user', 'shorty', '--password-stdin', '--data', data], { input: 'short' }),
    ]);
    expect(ann).toMatchObject({ code: 0, stderr: '' });
    expect(ann.stdout).toContain('username: ann@example.org');
    expect(passwordIn(ann.stdout)).toMatch(/^[\w-]{24}$/);
    expect(bob).toMatchObject({ code: 0, stdout: 'Created member bob.\n', stderr: '' });
    expect(taken).toMatchObject({
      code: 1,
      stderr: 'realm: Unprocessable Entity. Username Already Exists.\n',
    });
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('Password must be 8 to 128 characters.');

    expect((await login(server.url, 'ann@example.org', passwordIn(ann.stdout)!)).status).toBe(200);
    const bobIn = await login(server.url, 'bob', 'bob-password-1');
    expect(bobIn.status).toBe(200);
    expect(bobIn.body.foundUser).toMatchObject({ firstName: 'bob', lastName: 'Builder' });
    expect(query(data, "select 1 from users where username = 'shorty'")).toHaveLength(0);
  });

  it("create-user refuses a look-alike of a member's username, and invisible or direction-changing characters", async () => {
    const [lookalike, override, lastName] = await Promise.all([
      realm(['admin', 'create-user', 'd\u0435mo', '--data', data]),
      realm(['admin', 'create-user', 'eve\u202egnp.exe', '--data', data]),
      realm(['admin', 'create-user', 'eve', '--last-name', 'Smith\u200b', '--data', data]),
    ]);
    expect(lookalike).toMatchObject({
      code: 1,
      stderr:
        'realm: Unprocessable Entity. This username looks like an existing one. Please choose another.\n',
    });
    expect(override).toMatchObject({
      code: 2,
      stderr:
        'realm: admin create-user: Usernames cannot contain invisible or direction-changing characters.\n',
    });
    expect(lastName.code).toBe(2);
    expect(lastName.stderr).toContain('Last name cannot contain invisible or direction-changing characters.');
    expect(
      query(data, "select 1 from users where username_key in ('eve', 'd\u0435mo@realm.social')"),
    ).toHaveLength(0);
  });

  it('reset-password: the old password and sessions stop working, the new one works; an unknown name is refused', async () => {
    const carol = await signup(server.url, 'carol');
    expect((await api(server.url, 'GET', '/api/users/bookmark', carol.token)).status).toBe(200);
    const [reset, unknown] = await Promise.all([
      realm(['admin', 'reset-password', 'CAROL', '--password-stdin', '--data', data], {
        input: 'carol-new-pass\n',
      }),
      realm(['admin', 'reset-password', 'nobody', '--data', data]),
    ]);
    expect(reset).toMatchObject({ code: 0, stdout: 'Set a new password for carol.\n' });
    expect(unknown).toMatchObject({ code: 1, stderr: 'realm: No member named nobody\n' });
    expect((await login(server.url, 'carol', 'carol-password')).status).toBe(401);
    expect((await login(server.url, 'carol', 'carol-new-pass')).status).toBe(200);
    // The session carol had before the reset is over.
    expect((await api(server.url, 'GET', '/api/users/bookmark', carol.token)).status).toBe(401);
  });

  it('reset-password ends the lockout of an account that failed too many logins', async () => {
    // A server of its own: its sign-in counters are apart from the other tests' logins.
    const own = tempFolder('lockout');
    const locked = await startRealm(['--data', own]);
    try {
      await signup(locked.url, 'dave');
      for (let i = 0; i < 10; i++) await login(locked.url, 'dave', 'not-his-password');
      expect((await login(locked.url, 'dave', 'dave-password')).status).toBe(429);
      const reset = await realm(['admin', 'reset-password', 'dave', '--password-stdin', '--data', own], {
        input: 'dave-new-pass\n',
      });
      expect(reset.code).toBe(0);
      expect((await login(locked.url, 'dave', 'dave-new-pass')).status).toBe(200);
    } finally {
      await locked.stop();
    }
  });

  it('list-users lists every member newest first, in columns or as JSON lines', async () => {
    const newest = {
      username: 'newest',
      password: 'newest-password',
      firstName: 'New\u001b[2J',
      lastName: 'Est',
    };
    expect((await api(server.url, 'POST', '/api/auth/signup', undefined, newest)).status).toBe(201);
    const [table, json] = await Promise.all([
      realm(['admin', 'list-users', '--data', data]),
      realm(['admin', 'list-users', '--json', '--data', data]),
    ]);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^USERNAME +NAME +POSTS +FOLLOWERS +JOINED$/);
    expect(lines[1]).toMatch(/^newest +New\uFFFD\[2J Est +0 +0 +\d{4}-\d\d-\d\d$/); // no escape reaches the terminal
    expect(lines.at(-1)).toMatch(/^\d+ members$/);
    const members = json.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(members).toHaveLength(lines.length - 2);
    expect(members[0]).toMatchObject({
      username: 'newest',
      firstName: 'New\u001b[2J',
      posts: 0,
      followers: 0,
    });
    expect(members.find((m) => m.username === 'demo')).toMatchObject({ posts: 1 });
    const joined = members.map((m) => String(m.joined));
    expect(joined).toEqual([...joined].sort().reverse());
  });

  it('delete-user --yes removes the member with their content and keeps the counts of what stays true', async () => {
    const victim = await signup(server.url, 'victim');
    const friend = await signup(server.url, 'friend');
    const seedPosts = query<{ id: string }>(data, 'select id from posts where like_count = 10 order by id');
    const [liked, disliked] = seedPosts.map((p) => p.id);
    const act = (who: { token: string }, path: string, body?: unknown) =>
      api(server.url, 'POST', path, who.token, body).then((res) =>
        expect(res.status, path).toBeLessThan(300),
      );

    await act(friend, '/api/posts', { postData: 'A post by a friend' });
    const [friendPost] = query<{ id: string }>(data, 'select id from posts where author_id = ?', friend.id);
    await act(victim, '/api/posts', { postData: 'A post by the victim' });
    const [victimPost] = query<{ id: string }>(data, 'select id from posts where author_id = ?', victim.id);
    await act(friend, `/api/comments/add/${friendPost!.id}`, { commentData: 'first' });
    const [friendComment] = query<{ id: string }>(
      data,
      'select id from comments where author_id = ?',
      friend.id,
    );
    for (const [path, body] of [
      [`/api/posts/like/${friendPost!.id}`],
      [`/api/comments/add/${friendPost!.id}`, { commentData: 'one' }],
      [`/api/comments/add/${friendPost!.id}`, { commentData: 'two' }],
      [`/api/comments/upvote/${friendPost!.id}/${friendComment!.id}`],
      [`/api/users/bookmark/${friendPost!.id}`],
      [`/api/users/follow/${friend.id}`],
      [`/api/posts/like/${liked}`],
      [`/api/posts/dislike/${disliked}`],
      [`/api/comments/add/${victimPost!.id}`, { commentData: 'on my own post' }],
    ] as const) {
      await act(victim, path, body);
    }
    await act(friend, `/api/comments/add/${victimPost!.id}`, { commentData: 'on the victim post' });
    await act(friend, `/api/posts/like/${victimPost!.id}`);
    await act(friend, `/api/users/bookmark/${victimPost!.id}`);
    await act(friend, `/api/users/follow/${victim.id}`);
    const likeCount = async (id: string) =>
      (await api(server.url, 'GET', `/api/posts/${id}`)).body.post.likes.likeCount;
    expect([await likeCount(friendPost!.id), await likeCount(liked!), await likeCount(disliked!)]).toEqual([
      1, 11, 9,
    ]);

    // Without --yes, and no terminal to ask on: refused, nothing changed.
    const before = rowsOf(data);
    const refused = await realm(['admin', 'delete-user', 'victim', '--data', data]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Pass --yes');
    expect(rowsOf(data)).toEqual(before);

    const deleted = await realm(['admin', 'delete-user', 'Victim', '--yes', '--data', data]);
    expect(deleted).toMatchObject({ code: 0, stdout: 'Deleted victim with 1 post and 3 comments.\n' });
    expect([await likeCount(friendPost!.id), await likeCount(liked!), await likeCount(disliked!)]).toEqual([
      0, 10, 10,
    ]);
    expect(query(data, 'select comment_count from posts where id = ?', friendPost!.id)).toEqual([
      { comment_count: 1 },
    ]);
    expect(query(data, 'select follower_count from users where id = ?', friend.id)).toEqual([
      { follower_count: 0 },
    ]);
    expect((await api(server.url, 'GET', `/api/posts/${victimPost!.id}`)).status).toBe(404);
    expect((await api(server.url, 'GET', '/api/users/bookmark', friend.token)).body.bookmarks).toEqual([]);
    // No row anywhere still names the victim or their post.
    const everything = JSON.stringify(rowsOf(data));
    expect(everything).not.toContain(victim.id);
    expect(everything).not.toContain(victimPost!.id);
    // Every stored counter agrees with the rows it counts (the seed's starting likes aside).
    expect(
      query(
        data,
        'select id from posts p where comment_count != (select count(*) from comments where post_id = p.id)',
      ),
    ).toEqual([]);
    expect(
      query(
        data,
        'select id from users u where follower_count != (select count(*) from follows where followee_id = u.id)',
      ),
    ).toEqual([]);
  }, 60_000);
});
