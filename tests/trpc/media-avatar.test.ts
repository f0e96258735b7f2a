import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupUnattached } from '../../src/server/domain/media.js';
import { folderMediaStorage } from '../../src/server/media/storage-folder.js';
import { factoryPassword } from '../../seed/factories.js';
import { get, post } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import {
  jpeg,
  keyOf,
  mediaRows,
  storedFiles,
  upload,
  uploadedAs as uploadedWith,
  type Uploaded,
} from './media-helpers.js';

// Avatars and banners (docs/pictures.md, "Avatars and banners"): uploaded with a purpose, put on the profile
// by editProfile with the upload's address, the replaced one deleted with its files.

let t: TestApp;
afterEach(() => t?.close());

const uploadedAs = (token: string, purpose: string, body: Buffer) => uploadedWith(t, token, purpose, body);

/** The stored file's own size, read from its bytes. */
async function fileSize(url: string) {
  const { width, height } = await sharp(join(t.mediaFolder, keyOf(url))).metadata();
  return { width, height };
}

/** The media folder comes to hold exactly these files (released files go just after the commit). */
const folderHolds = (files: string[]) => expect.poll(() => storedFiles(t).sort()).toEqual(files);

const filesOf = (...pictures: Uploaded[]) =>
  pictures.flatMap((p) => [keyOf(p.url), keyOf(p.previewUrl)]).sort();

describe('uploading an avatar or a banner', () => {
  it('stores an avatar square and a banner 3:1, and the profile shows them once chosen', async () => {
    t = await makeTestApp();
    const member = await t.member();
    const avatar = await uploadedAs(member.token, 'avatar', await jpeg(640, 480));
    expect([avatar.width, avatar.height]).toEqual([400, 400]);
    expect(await fileSize(avatar.url)).toEqual({ width: 400, height: 400 });
    expect(await fileSize(avatar.previewUrl)).toEqual({ width: 128, height: 128 });
    const banner = await uploadedAs(member.token, 'banner', await jpeg(1800, 1200));
    expect(await fileSize(banner.url)).toEqual({ width: 1500, height: 500 });
    expect(await fileSize(banner.previewUrl)).toEqual({ width: 600, height: 200 });

    // Not on the profile until chosen.
    const me = t.caller(member.token);
    expect((await me.users.byUsername({ username: member.username })).profilePic).toBe('');
    await me.users.editProfile({ profilePic: avatar.url, profileBanner: banner.url });
    const profile = await t.caller().users.byUsername({ username: member.username });
    expect([profile.profilePic, profile.profileBanner]).toEqual([avatar.url, banner.url]);
    // REST carries the same address, a path on this server.
    const rest = await get(t.app, `/api/users/${member.username}`);
    expect(rest.body.user).toMatchObject({ profilePic: avatar.url, profileBanner: banner.url });
    expect((await t.app.inject({ method: 'GET', url: avatar.url })).statusCode).toBe(200);
  });

  it('refuses an unknown purpose, and an avatar on a post', async () => {
    t = await makeTestApp();
    const member = await t.member();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/media?purpose=icon',
      headers: { 'content-type': 'image/jpeg', authorization: member.token },
      payload: await jpeg(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: ['purpose must be "post", "avatar" or "banner".'] });
    const avatar = await uploadedAs(member.token, 'avatar', await jpeg());
    await expect(
      t.caller(member.token).posts.create({ content: 'hi', media: [{ id: avatar.id, alt: '' }] }),
    ).rejects.toThrow('A picture in this post is not one of your uploads');
  });
});

describe('replacing and removing', () => {
  it('deletes the replaced avatar and an upload not chosen, rows and files', async () => {
    t = await makeTestApp();
    const member = await t.member();
    const me = t.caller(member.token);
    const first = await uploadedAs(member.token, 'avatar', await jpeg());
    await me.users.editProfile({ profilePic: first.url });
    const unchosen = await uploadedAs(member.token, 'avatar', await jpeg());
    await folderHolds(filesOf(first, unchosen));
    // A second try in the dialog: the upload not chosen goes, the one on the profile stays.
    const second = await uploadedAs(member.token, 'avatar', await jpeg());
    await folderHolds(filesOf(first, second));
    await me.users.editProfile({ profilePic: second.url, bio: 'new' });
    await folderHolds(filesOf(second));
    expect((await mediaRows(t)).map((row) => row.id)).toEqual([second.id]);
    // Sent back unchanged (a client sending the whole profile), it stays.
    await me.users.editProfile({ profilePic: second.url, bio: 'again' });
    await folderHolds(filesOf(second));
    // "Remove picture": back to initials, nothing left.
    await me.users.editProfile({ profilePic: '' });
    await folderHolds([]);
    expect(await mediaRows(t)).toEqual([]);
  });

  it('releases the uploaded picture when REST sets an address elsewhere, and keeps a shared file', async () => {
    t = await makeTestApp();
    const member = await t.member();
    const other = await t.member();
    const bytes = await jpeg();
    const mine = await uploadedAs(member.token, 'avatar', bytes);
    const theirs = await uploadedAs(other.token, 'avatar', bytes);
    expect(theirs.url).toBe(mine.url);
    await t.caller(member.token).users.editProfile({ profilePic: mine.url });
    await t.caller(other.token).users.editProfile({ profilePic: theirs.url });
    const response = await post(t.app, '/api/users/edit', member.token, {
      userData: { profilePic: 'https://pictures.example/me.png' },
    });
    expect(response.status).toBe(201);
    expect(response.body.user.profilePic).toBe('https://pictures.example/me.png');
    expect((await mediaRows(t)).map((row) => row.id)).toEqual([theirs.id]);
    // The same file is the other member's avatar: it stays until theirs goes too.
    await folderHolds(filesOf(theirs));
    await post(t.app, '/api/users/edit', other.token, { userData: { profilePic: '' } });
    await folderHolds([]);
  });

  it("refuses another member's upload, or a banner as an avatar", async () => {
    t = await makeTestApp();
    const member = await t.member();
    const other = await t.member();
    const theirs = await uploadedAs(other.token, 'avatar', await jpeg());
    const myBanner = await uploadedAs(member.token, 'banner', await jpeg(900, 300));
    const me = t.caller(member.token);
    const notYours = 'That profile picture is not one of your uploads, or it was replaced. Upload it again.';
    await expect(me.users.editProfile({ profilePic: theirs.url })).rejects.toThrow(notYours);
    await expect(me.users.editProfile({ profilePic: myBanner.url })).rejects.toThrow(notYours);
    const rest = await post(t.app, '/api/users/edit', member.token, {
      userData: { bio: 'kept?', profilePic: theirs.url },
    });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ errors: [notYours] });
    // Nothing half-written: the bio did not change either.
    expect((await me.users.byUsername({ username: member.username })).bio).not.toBe('kept?');
  });

  it('frees them all when the account is deleted', async () => {
    t = await makeTestApp();
    const member = await t.member();
    const me = t.caller(member.token);
    const avatar = await uploadedAs(member.token, 'avatar', await jpeg());
    const banner = await uploadedAs(member.token, 'banner', await jpeg(900, 300));
    await me.users.editProfile({ profilePic: avatar.url, profileBanner: banner.url });
    await uploadedAs(member.token, 'avatar', await jpeg());
    expect(storedFiles(t)).toHaveLength(6);
    await me.account.delete({ password: factoryPassword });
    // Files go after the commit, from the release listener.
    await folderHolds([]);
    expect(await mediaRows(t)).toEqual([]);
  });
});

describe('limits and cleanup', () => {
  it('the 24-hour cleanup takes post uploads, never an avatar or banner', async () => {
    t = await makeTestApp();
    const member = await t.member();
    const avatar = await uploadedAs(member.token, 'avatar', await jpeg());
    await t.caller(member.token).users.editProfile({ profilePic: avatar.url });
    const pending = await uploadedAs(member.token, 'banner', await jpeg(900, 300));
    const [postUpload] = [await uploadedAs(member.token, 'post', await jpeg())];
    const now = Date.now();
    await t.sql('update media set created_at = $1', [now - 48 * 60 * 60 * 1000]);
    expect(await cleanupUnattached(t.store, folderMediaStorage(t.mediaFolder), now)).toBe(1);
    expect((await mediaRows(t)).map((row) => row.id).sort()).toEqual([avatar.id, pending.id].sort());
    await folderHolds(filesOf(avatar, pending));
    expect(postUpload.width).toBe(320);
  });

  it('counts avatars in the hourly cap and the storage quota', async () => {
    t = await makeTestApp({ media: { uploadsPerHour: 2 } });
    const member = await t.member();
    await uploadedAs(member.token, 'avatar', await jpeg());
    await uploadedAs(member.token, 'post', await jpeg());
    const third = await upload(t, member.token, await jpeg());
    const avatarAgain = await t.app.inject({
      method: 'POST',
      url: '/media?purpose=avatar',
      headers: { 'content-type': 'image/jpeg', authorization: member.token },
      payload: await jpeg(),
    });
    expect([third.statusCode, avatarAgain.statusCode]).toEqual([429, 429]);
    await t.close();

    t = await makeTestApp({ media: { quotaBytes: 1 } });
    const full = await t.member();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/media?purpose=banner',
      headers: { 'content-type': 'image/jpeg', authorization: full.token },
      payload: await jpeg(900, 300),
    });
    expect(refused.statusCode).toBe(403);
    await folderHolds([]);
  });
});
