import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { expectInvalid } from '../helpers/expect.js';

// The web app's Edit profile offers the display name (first and last name) beside the bio and link, and a
// profile shows its bio's mentions of existing members as links. Both engines (tests/pg runs this file too).

let t: TestApp;
afterEach(() => t?.close());

describe('users.editProfile: the display name', () => {
  it('changes first and last name alone, and the new name is on the profile and on their posts', async () => {
    t = await makeTestApp();
    const me = await t.member({ firstName: 'Old', lastName: 'Name', bio: 'keep me' });
    const reader = await t.member();
    const { id: postId } = await t.caller(me.token).posts.create({ content: 'Signed by my name' });

    const profile = await t.caller(me.token).users.editProfile({ firstName: ' Layla ', lastName: 'حداد' });
    expect(profile).toMatchObject({ firstName: 'Layla', lastName: 'حداد', bio: 'keep me', isMe: true });
    expect(await t.caller(reader.token).users.byUsername({ username: me.username })).toMatchObject({
      firstName: 'Layla',
      lastName: 'حداد',
    });
    expect((await t.caller(reader.token).posts.byId({ postId })).author).toMatchObject({
      firstName: 'Layla',
      lastName: 'حداد',
    });
    // An empty name is allowed, as at signup: the web app then shows the username.
    expect(await t.caller(me.token).users.editProfile({ firstName: '', lastName: '' })).toMatchObject({
      firstName: '',
      lastName: '',
    });
  });

  it('refuses a name over 50 characters as the server counts (after trimming) and changes nothing', async () => {
    t = await makeTestApp();
    const me = await t.member({ firstName: 'Before' });
    // 50 characters with spaces around them fit: the web app's counter counts the same way.
    const fifty = 'n'.repeat(50);
    expect(await t.caller(me.token).users.editProfile({ firstName: `  ${fifty}  ` })).toMatchObject({
      firstName: fifty,
    });
    await expectInvalid(
      t.caller(me.token).users.editProfile({ firstName: 'n'.repeat(51), lastName: 'Kept?' }),
      'First name must be at most 50 characters.',
    );
    expect(await t.caller().users.byUsername({ username: me.username })).toMatchObject({
      firstName: fifty,
    });
  });
});

describe('users.byUsername: the bio mentions', () => {
  it('names the members a bio mentions who exist, folded, and not the others', async () => {
    t = await makeTestApp();
    await t.member({ username: 'Grace.Hopper' });
    const me = await t.member({ bio: 'Friends with @grace.hopper and @nobody-here, see #realm' });
    expect(await t.caller().users.byUsername({ username: me.username })).toMatchObject({
      bioMentions: ['grace.hopper'],
    });
    const edited = await t.caller(me.token).users.editProfile({ bio: 'No one now' });
    expect(edited.bioMentions).toEqual([]);
  });
});
