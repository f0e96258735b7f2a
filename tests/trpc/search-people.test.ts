import { afterEach, describe, expect, it } from 'vitest';
import { expectInvalid } from '../helpers/expect.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// search.people: members by the start of their username or display name, accents and case aside,
// most-followed first, without those the viewer cannot see. Both engines (tests/pg runs this file too).

let t: TestApp;
afterEach(() => t?.close());

type Caller = ReturnType<TestApp['caller']>;
const usernames = async (caller: Caller, q: string) =>
  (await caller.search.people({ q })).items.map((person) => person.username);

/** `followers` members follow `member`, so the most-followed order is known. */
async function giveFollowers(member: { id: string }, followers: number) {
  for (let i = 0; i < followers; i++) {
    const fan = await t.member();
    await t.caller(fan.token).follow.follow({ userId: member.id });
  }
}

describe('search.people', () => {
  it('finds by the start of the username, first name, last name or "first last", in any case and accent', async () => {
    t = await makeTestApp();
    const viewer = await t.member({ username: 'viewer', firstName: 'Vee', lastName: 'Ewer' });
    await t.member({ username: 'emile_z', firstName: 'Émile', lastName: 'Zola' });
    await t.member({ username: 'strasse', firstName: 'Grete', lastName: 'Weiß' });
    await t.member({ username: 'Ørjan', firstName: 'Ola', lastName: 'Nordmann' });
    await t.member({ username: 'someone', firstName: 'Anna', lastName: 'Émilienne' });
    const api = t.caller(viewer.token);

    expect(await usernames(api, 'emi')).toEqual(['emile_z', 'someone']); // username, name; last name
    expect(await usernames(api, 'ÉMI')).toEqual(['emile_z', 'someone']);
    expect(await usernames(api, 'ÉMILE')).toEqual(['emile_z']);
    expect(await usernames(api, 'émile z')).toEqual(['emile_z']); // "first last"
    expect(await usernames(api, 'zol')).toEqual(['emile_z']);
    expect(await usernames(api, 'weiss')).toEqual(['strasse']); // ß typed as ss
    expect(await usernames(api, 'orj')).toEqual(['Ørjan']);
    expect(await usernames(api, '@EmIlE_')).toEqual(['emile_z']); // a leading @ is dropped
    // The start only: a name's middle does not match.
    expect(await usernames(api, 'mile')).toEqual([]);
    expect(await usernames(api, 'ola x')).toEqual([]);
    const [emile] = (await api.search.people({ q: 'zola' })).items;
    expect(emile).toEqual({
      id: expect.any(String),
      username: 'emile_z',
      firstName: 'Émile',
      lastName: 'Zola',
      profilePic: '',
      followerCount: 0,
      followedByMe: false,
    });
  });

  it('orders most-followed first, ties by username, and pages with a cursor', async () => {
    t = await makeTestApp();
    const viewer = await t.member({ username: 'viewer', firstName: 'V', lastName: 'V' });
    const names = ['pat_c', 'pat_a', 'pat_b', 'pat_d'];
    const members = [];
    for (const username of names) members.push(await t.member({ username, firstName: 'P', lastName: 'Q' }));
    await giveFollowers(members[3]!, 2); // pat_d
    await giveFollowers(members[0]!, 1); // pat_c
    await t.caller(viewer.token).follow.follow({ userId: members[0]!.id });
    const api = t.caller(viewer.token);

    const first = await api.search.people({ q: 'pat', limit: 2 });
    expect(first.items.map((p) => [p.username, p.followerCount, p.followedByMe])).toEqual([
      ['pat_c', 2, true],
      ['pat_d', 2, false],
    ]);
    const second = await api.search.people({ q: 'pat', limit: 2, cursor: first.nextCursor });
    expect(second.items.map((p) => p.username)).toEqual(['pat_a', 'pat_b']);
    expect(second.nextCursor).toBeNull();
    expect((await api.search.people({ q: 'pat' })).nextCursor).toBeNull();
  });

  it('leaves out members blocked either way, muted, suspended, limited or pending', async () => {
    t = await makeTestApp();
    const viewer = await t.member({ username: 'viewer', firstName: 'V', lastName: 'V' });
    const mod = await t.member({ username: 'mod', role: 'moderator' });
    const names = ['kim_shown', 'kim_blocked', 'kim_blocker', 'kim_muted', 'kim_suspended', 'kim_limited'];
    for (const username of names) await t.member({ username, firstName: 'Kim', lastName: username });
    await t.member({ username: 'kim_pending', status: 'pending' });
    const api = t.caller(viewer.token);
    await api.relations.block({ username: 'kim_blocked' });
    const blocker = await t.sql<{ id: string }>('select id from users where username = $1', ['kim_blocker']);
    const blockerToken = await t.keys.sign({ _id: blocker[0]!.id, username: 'kim_blocker' });
    await t.caller(blockerToken).relations.block({ username: 'viewer' });
    await api.relations.mute({ username: 'kim_muted' });
    await t.caller(mod.token).admin.suspend({ username: 'kim_suspended' });
    await t.caller(mod.token).admin.limit({ username: 'kim_limited' });

    expect(await usernames(api, 'kim')).toEqual(['kim_shown']);
    // Someone else, who has no relations with them, still sees the blocked and muted ones.
    const other = t.caller((await t.member()).token);
    expect(await usernames(other, 'kim')).toEqual(['kim_blocked', 'kim_blocker', 'kim_muted', 'kim_shown']);
    // Lookup is for members: a visitor is asked to sign in.
    await expect(t.caller().search.people({ q: 'kim' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('finds a member by their new name after they changed it, and no longer by the old', async () => {
    t = await makeTestApp();
    const viewer = await t.member();
    const me = await t.member({ username: 'renamer', firstName: 'Olga', lastName: 'Old' });
    await t.caller(me.token).users.editProfile({ lastName: 'Nowák' });
    expect(await usernames(t.caller(viewer.token), 'nowak')).toEqual(['renamer']);
    expect(await usernames(t.caller(viewer.token), 'olga now')).toEqual(['renamer']);
    expect(await usernames(t.caller(viewer.token), 'old')).toEqual([]);
    await t.caller(me.token).users.editProfile({ firstName: 'Zoë' });
    expect(await usernames(t.caller(viewer.token), 'zoe nowak')).toEqual(['renamer']);
    expect(await usernames(t.caller(viewer.token), 'olga')).toEqual([]);
  });

  it('refuses bad input with a clear message', async () => {
    t = await makeTestApp();
    const api = t.caller((await t.member()).token);
    const length = 'Search text must be 1 to 100 characters.';
    await expectInvalid(api.search.people({ q: '' }), length);
    await expectInvalid(api.search.people({ q: '  @ ' }), length);
    await expectInvalid(api.search.people({ q: 'x'.repeat(101) }), length);
    await expectInvalid(
      api.search.people({ q: 'a\u0000' }),
      'Search text must not contain the NUL character (U+0000).',
    );
    await expectInvalid(api.search.people({ q: 'a', limit: 0 }), 'limit must be 1 to 20.');
    await expectInvalid(api.search.people({ q: 'a', limit: 21 }), 'limit must be 1 to 20.');
    await expect(api.search.people({ q: 'a', cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'That page cursor is not valid. Start again from the first page.',
    });
    // A lone accent folds to nothing: no one, rather than everyone.
    expect(await api.search.people({ q: '\u0301' })).toEqual({ items: [], nextCursor: null });
  });
});
