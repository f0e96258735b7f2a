import { uploadedPicture, type ProfileFields } from '../../shared/schemas.js';
import type { MediaRow, Tx } from '../store/store.js';
import { badRequest } from './errors.js';
import { mediaUrl } from './media-url.js';

// Avatars and banners (docs/pictures.md, "Avatars and banners"). `POST /media?purpose=avatar|banner` stores
// a square or 3:1 picture as a row of that kind, never on a post; it is on the profile once the member's
// profilePic or profileBanner is its address (`/media/<key>`), which editProfile sets. A member keeps at
// most the one on their profile and one upload not yet chosen of each kind: every new upload drops the
// earlier unchosen one, and every change of the field drops all but the chosen one. Dropped rows go in the
// same transaction and their files once it commits, unless another row uses them. The 24-hour cleanup
// takes post uploads only (media_unattached_idx), so a profile's picture is never taken by age.

type PictureKind = 'avatar' | 'banner';
const fieldOf = { avatar: 'profilePic', banner: 'profileBanner' } as const;
const kinds: PictureKind[] = ['avatar', 'banner'];

export const pictureMessages = {
  notYours: {
    avatar: 'That profile picture is not one of your uploads, or it was replaced. Upload it again.',
    banner: 'That profile banner is not one of your uploads, or it was replaced. Upload it again.',
  },
} as const;

/** The member's picture fields as stored, their row locked (PostgreSQL) so two changes take turns. */
async function currentPictures(tx: Tx, memberId: string) {
  await tx.members.lock(memberId);
  const profile = await tx.members.profile(null, memberId);
  return { profilePic: profile?.profilePic ?? '', profileBanner: profile?.profileBanner ?? '' };
}

/** Deletes the rows but `keep` (one row at most, even when the same picture was uploaded twice). */
async function dropAllBut(tx: Tx, rows: MediaRow[], keep: MediaRow | undefined): Promise<void> {
  const dropped = rows.filter((row) => row !== keep);
  await tx.media.delete(dropped.map((row) => row.id));
  tx.media.release(dropped.flatMap((row) => [row.largeKey, row.previewKey]));
}

/** Before a new avatar or banner upload is stored: the earlier one not chosen goes. */
export async function dropUnchosen(tx: Tx, memberId: string, kind: PictureKind): Promise<void> {
  const current = (await currentPictures(tx, memberId))[fieldOf[kind]];
  const rows = await tx.media.profilePictures(memberId, kind);
  await dropAllBut(
    tx,
    rows,
    rows.find((row) => mediaUrl(row.largeKey) === current),
  );
}

/**
 * Inside editProfile's write, before the fields are stored: for each picture field that changes, an
 * uploaded picture's address must be one of the member's own uploads of that kind (refused otherwise, as
 * one that does not exist), and every other upload of that kind is deleted: the replaced picture, and the
 * upload not chosen. An address elsewhere (or '') releases them all. A field sent unchanged touches nothing.
 */
export async function applyPictureChanges(tx: Tx, memberId: string, fields: ProfileFields): Promise<void> {
  const changing = kinds.filter((kind) => fields[fieldOf[kind]] !== undefined);
  if (changing.length === 0) return;
  const current = await currentPictures(tx, memberId);
  for (const kind of changing) {
    const value = fields[fieldOf[kind]]!;
    if (value === current[fieldOf[kind]]) continue;
    const rows = await tx.media.profilePictures(memberId, kind);
    const chosen = rows.find((row) => mediaUrl(row.largeKey) === value);
    if (uploadedPicture.test(value) && !chosen) throw badRequest(pictureMessages.notYours[kind]);
    await dropAllBut(tx, rows, chosen);
  }
}
