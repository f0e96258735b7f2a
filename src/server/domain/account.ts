import { limits } from '../../shared/limits.js';
import type { Store } from '../store/store.js';
import { tokenFor, type Actor } from './auth.js';
import { now } from './clock.js';
import { actorGone, forbidden, messages } from './errors.js';
import { instanceSettings } from './instance-settings.js';
import { deleteMember } from './members.js';
import { hashPassword } from './passwords.js';
import { checkAccountPassword, noSignInLimits, type SignInLimits } from './sign-in-limits.js';
import type { TokenKeys } from './tokens.js';
import { mediaUrl } from './media.js';
import { isoTime, type AccountArchive, type AccountView, type ArchivePicture } from './views.js';

// The signed-in member's own account (/settings). Sessions end by moving the member's token version
// on (domain/auth.ts resolveActor refuses tokens of an older one on every request), and a `session-ended`
// live event closes their open streams in every process at once.

export async function accountOf(store: Store, actor: Actor): Promise<AccountView> {
  const row = await store.read.account.view(actor.id);
  if (!row) throw actorGone();
  return { ...row, status: row.status === 'pending' ? 'pending' : 'active' };
}

/**
 * Whether `password` is the member's; a member who is gone meanwhile is told to sign in again. It counts toward
 * the same per-account throttle as login (sign-in-limits.ts), so a stolen token cannot guess the password here.
 */
async function checkPassword(
  store: Store,
  signInLimits: SignInLimits,
  actor: Actor,
  password: string,
  refusal: string,
) {
  const hash = await store.read.account.passwordHash(actor.id);
  if (hash === undefined) throw actorGone();
  if (!(await checkAccountPassword(signInLimits, actor.id, password, hash))) {
    throw forbidden(refusal);
  }
  return hash;
}

/** Needs the current password; ends every session but this one, whose new token it answers. */
export async function changePassword(
  store: Store,
  keys: TokenKeys,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
  signInLimits: SignInLimits = noSignInLimits,
): Promise<{ token: string }> {
  const current = await checkPassword(
    store,
    signInLimits,
    actor,
    input.currentPassword,
    messages.wrongCurrentPassword,
  );
  const next = await hashPassword(input.newPassword);
  const tokenVersion = await store.write(async (tx) => {
    // Only while the hash is still the one just checked: a password changed meanwhile in another session
    // makes this one's current password wrong.
    const version = await tx.account.endSessions(actor.id, { from: current, to: next, at: now() });
    if (version === undefined) throw forbidden(messages.wrongCurrentPassword);
    tx.live.emit({ type: 'session-ended', memberId: actor.id });
    return version;
  });
  return { token: await tokenFor(keys, { id: actor.id, username: actor.username, tokenVersion }) };
}

/** Ends every session of the member, this one too. */
export async function signOutEverywhere(store: Store, actor: Actor): Promise<void> {
  await store.write(async (tx) => {
    if ((await tx.account.endSessions(actor.id)) === undefined) throw actorGone();
    tx.live.emit({ type: 'session-ended', memberId: actor.id });
  });
}

/**
 * Confirmed with the password: deletes the member and all they made through the one path that keeps the
 * counters on what stays right (domain/members.ts deleteMember, as `realm admin delete-user`), which ends
 * their sessions; the username is free again at once.
 */
export async function deleteAccount(
  store: Store,
  actor: Actor,
  password: string,
  signInLimits: SignInLimits = noSignInLimits,
): Promise<void> {
  await checkPassword(store, signInLimits, actor, password, messages.wrongPasswordForDelete);
  await deleteMember(store, actor.id);
}

/**
 * The pictures of the archive's posts by post, in order, as links (absolute when the instance knows its
 * public address, REALM_PUBLIC_URL) with their alt text. Links, not the files in a zip: a member may keep up
 * to their quota (1 GB by default) in pictures, which a zip would have to hold in memory or stream past the
 * JSON API; the links stay valid as long as the posts do, a download of them is the member's to script, and
 * the archive stays one JSON file any tool opens. One statement, by media_post_idx.
 */
async function archivePictures(
  store: Store,
  postIds: string[],
  publicOrigin: string | undefined,
): Promise<Map<string, ArchivePicture[]>> {
  const link = (key: string) => `${publicOrigin ?? ''}${mediaUrl(key)}`;
  const byPost = new Map<string, ArchivePicture[]>();
  for (const row of await store.read.media.onPosts(postIds)) {
    const list = byPost.get(row.postId!) ?? [];
    list.push({
      url: link(row.largeKey),
      previewUrl: link(row.previewKey),
      width: row.width,
      height: row.height,
      alt: row.alt,
    });
    byPost.set(row.postId!, list);
  }
  return byPost;
}

/**
 * Everything a member wrote and keeps, newest first, as one JSON archive: a fixed number of statements (the
 * instance's name, the profile, then each list up to `limits.exportEntriesMax` entries), never a hash.
 */
export async function exportAccount(
  store: Store,
  actor: Actor,
  options: { publicOrigin?: string | undefined } = {},
): Promise<AccountArchive> {
  const max = limits.exportEntriesMax;
  const [settings, rows] = await Promise.all([
    instanceSettings(store, 'open'), // only its name is used
    store.read.account.archive(actor.id, max + 1),
  ]);
  if (!rows.profile) throw actorGone();
  const lists = [rows.posts, rows.comments, rows.bookmarks, rows.following, rows.followers];
  const first = <T>(list: T[]) => list.slice(0, max);
  // Pictures as links, not files: see archivePictures.
  const pictures = await archivePictures(
    store,
    first(rows.posts).map((post) => post.id),
    options.publicOrigin,
  );
  return {
    exportedAt: isoTime(Date.now()),
    instance: settings.name,
    profile: { ...rows.profile, createdAt: isoTime(rows.profile.createdAt) },
    posts: first(rows.posts).map((post) => ({
      ...post,
      createdAt: isoTime(post.createdAt),
      updatedAt: isoTime(post.updatedAt),
      editedAt: post.editedAt === null ? null : isoTime(post.editedAt),
      media: pictures.get(post.id) ?? [],
    })),
    comments: first(rows.comments).map((comment) => ({
      ...comment,
      createdAt: isoTime(comment.createdAt),
      updatedAt: isoTime(comment.updatedAt),
      editedAt: comment.editedAt === null ? null : isoTime(comment.editedAt),
    })),
    bookmarks: first(rows.bookmarks).map((b) => ({
      postId: b.postId,
      bookmarkedAt: isoTime(b.bookmarkedAt),
    })),
    following: first(rows.following).map((f) => ({ username: f.username, since: isoTime(f.since) })),
    followers: first(rows.followers).map((f) => ({ username: f.username, since: isoTime(f.since) })),
    truncated: lists.some((list) => list.length > max),
  };
}
