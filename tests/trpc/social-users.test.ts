import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { expectInvalid } from '../helpers/expect.js';

let t: TestApp;
afterEach(() => t?.close());

const invalidToken = { code: 'UNAUTHORIZED', message: 'The token is invalid. Unauthorized access error.' };

describe('users.byUsername and users.me', () => {
  it('shows counts of posts, followers and following, followedByMe and isMe', async () => {
    t = await makeTestApp();
    const ada = await t.member({
      username: 'ada',
      firstName: 'Ada',
      bio: 'Engines.',
      link: 'https://ada.dev',
    });
    const me = await t.member();
    const fan = await t.member();
    await t.caller(ada.token).posts.create({ content: 'one' });
    await t.caller(ada.token).posts.create({ content: 'two' });
    await t.caller(me.token).follow.follow({ userId: ada.id });
    await t.caller(fan.token).follow.follow({ userId: ada.id });
    await t.caller(ada.token).follow.follow({ userId: fan.id });

    const seen = await t.caller(me.token).users.byUsername({ username: 'ADA' });
    expect(seen).toEqual({
      id: ada.id,
      username: 'ada',
      firstName: 'Ada',
      lastName: expect.any(String),
      profilePic: '',
      bio: 'Engines.',
      link: 'https://ada.dev',
      profileBanner: '',
      createdAt: expect.any(String),
      postCount: 2,
      followerCount: 2,
      followingCount: 1,
      followedByMe: true,
      isMe: false,
      blockedByMe: false,
      mutedByMe: false,
      boostsHiddenByMe: false,
      bioMentions: [],
    });
    expect(await t.caller().users.byUsername({ username: 'ada' })).toMatchObject({
      followedByMe: false,
      isMe: false,
    });
    expect(await t.caller(ada.token).users.byUsername({ username: 'ada' })).toMatchObject({
      followedByMe: false,
      isMe: true,
    });
    expect(await t.caller(fan.token).users.byUsername({ username: 'ada' })).toMatchObject({
      followedByMe: true,
    });
    expect(await t.caller(ada.token).users.byUsername({ username: fan.username })).toMatchObject({
      followerCount: 1,
      followingCount: 1,
      followedByMe: true,
    });
  });

  it('answers NOT_FOUND for an unknown username and never carries a password', async () => {
    t = await makeTestApp();
    const me = await t.member();
    await expect(t.caller().users.byUsername({ username: 'nobody' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'User not found',
    });
    const profile = await t.caller().users.byUsername({ username: me.username });
    expect(JSON.stringify(profile)).not.toMatch(/password/i);
  });

  it('users.me answers my own profile and needs a token', async () => {
    t = await makeTestApp();
    const me = await t.member();
    expect(await t.caller(me.token).users.me()).toMatchObject({
      id: me.id,
      username: me.username,
      isMe: true,
    });
    await expect(t.caller().users.me()).rejects.toMatchObject(invalidToken);
  });
});

describe('users.editProfile', () => {
  it('changes the editable fields and answers the new profile', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const fields = {
      firstName: ' Grace ',
      lastName: 'Hopper',
      bio: 'b'.repeat(160),
      link: 'http://grace.example',
      profilePic: 'https://pics.example/g.png',
      profileBanner: '/pictures/demo.svg',
    };
    const profile = await t.caller(me.token).users.editProfile(fields);
    expect(profile).toMatchObject({
      ...fields,
      firstName: 'Grace',
      id: me.id,
      username: me.username,
      isMe: true,
    });
    expect(await t.caller().users.byUsername({ username: me.username })).toMatchObject({
      firstName: 'Grace',
    });
  });

  it('leaves fields not sent unchanged, clears a link with an empty string, and ignores other keys', async () => {
    t = await makeTestApp();
    const me = await t.member({ bio: 'keep me', link: 'https://old.example' });
    const input = { link: '', username: 'hijacked', id: 'other-id' };
    const profile = await t.caller(me.token).users.editProfile(input);
    expect(profile).toMatchObject({ id: me.id, username: me.username, bio: 'keep me', link: '' });
    await expect(t.caller().users.byUsername({ username: 'hijacked' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it.each([
    [{ firstName: 'f'.repeat(51) }, 'First name must be at most 50 characters.'],
    [{ lastName: 'l'.repeat(51) }, 'Last name must be at most 50 characters.'],
    [{ bio: 'b'.repeat(161) }, 'Bio must be at most 160 characters.'],
    [{ link: 'javascript:alert(1)' }, 'Link must be an http(s) URL of at most 300 characters.'],
    [{ link: 'ftp://files.example' }, 'Link must be an http(s) URL of at most 300 characters.'],
    [
      { link: `https://x.example/${'a'.repeat(300)}` },
      'Link must be an http(s) URL of at most 300 characters.',
    ],
    [
      { profilePic: 'data:image/png;base64,AAAA' },
      'Profile picture must be an http(s) URL of at most 300 characters.',
    ],
    [{ profileBanner: 'not a url' }, 'Profile banner must be an http(s) URL of at most 300 characters.'],
  ])('refuses %o with BAD_REQUEST and changes nothing', async (input, message) => {
    t = await makeTestApp();
    const me = await t.member({ bio: 'before', link: 'https://before.example' });
    await expectInvalid(t.caller(me.token).users.editProfile(input), message);
    expect(await t.caller().users.byUsername({ username: me.username })).toMatchObject({
      bio: 'before',
      link: 'https://before.example',
    });
  });

  it('needs a token', async () => {
    t = await makeTestApp();
    await expect(t.caller().users.editProfile({ bio: 'x' })).rejects.toMatchObject(invalidToken);
  });
});

describe('users.whoToFollow', () => {
  it('suggests members other than me whom I do not follow, most-followed first, at most 10', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const others = [];
    for (let i = 0; i < 14; i++) others.push(await t.member());
    const followedByMe = others[0]!;
    await t.caller(me.token).follow.follow({ userId: followedByMe.id });
    // others[1] gets 3 followers, others[2] gets 2, others[3] gets 1 (followedByMe also follows them).
    const fans = others.slice(10);
    for (const [target, count] of [
      [others[1]!, 3],
      [others[2]!, 2],
      [others[3]!, 1],
    ] as const) {
      for (const fan of fans.slice(0, count)) await t.caller(fan.token).follow.follow({ userId: target.id });
    }
    // Popular with others, but already followed by me: never suggested.
    for (const fan of fans) await t.caller(fan.token).follow.follow({ userId: followedByMe.id });

    const suggestions = await t.caller(me.token).users.whoToFollow();
    expect(suggestions).toHaveLength(10);
    const ids = suggestions.map((s) => s.id);
    expect(ids).not.toContain(me.id);
    expect(ids).not.toContain(followedByMe.id);
    expect(ids.slice(0, 3)).toEqual([others[1]!.id, others[2]!.id, others[3]!.id]);
    expect(suggestions.map((s) => s.followerCount).slice(0, 4)).toEqual([3, 2, 1, 0]);
    expect(suggestions[0]).toEqual({
      id: others[1]!.id,
      username: others[1]!.username,
      firstName: 'Test',
      lastName: expect.any(String),
      profilePic: '',
      followerCount: 3,
    });
  });

  it('suggests nobody once I follow everyone, and needs a token', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const other = await t.member();
    expect((await t.caller(me.token).users.whoToFollow()).map((s) => s.id)).toEqual([other.id]);
    await t.caller(me.token).follow.follow({ userId: other.id });
    expect(await t.caller(me.token).users.whoToFollow()).toEqual([]);
    await expect(t.caller().users.whoToFollow()).rejects.toMatchObject(invalidToken);
  });
});
