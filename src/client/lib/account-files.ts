import type { RouterOutputs } from './trpc-types';
import { countWords, formatCount } from './count-words';

export type Invite = RouterOutputs['invites']['list'][number];

/** The archive's file name: `realm-<username>-<yyyy-mm-dd>.json`, with what no file system takes replaced. */
export function exportFileName(username: string, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  const safe = username.replace(/[^\w.@+-]/g, '_').slice(0, 64) || 'member';
  return `realm-${safe}-${day}.json`;
}

/** The address a newcomer follows to sign up with the code filled in. */
export const inviteLink = (origin: string, code: string) =>
  `${origin}/signup?invite=${encodeURIComponent(code)}`;

/** "2 of 5 uses", "1 use", "No limit, 3 uses". */
export function inviteUses(invite: Pick<Invite, 'uses' | 'maxUses'>): string {
  if (invite.maxUses === null) return `No limit, ${countWords(invite.uses, 'use', 'uses')} so far`;
  return `${formatCount(invite.uses)} of ${countWords(invite.maxUses, 'use', 'uses')}`;
}

/** Why a code no longer works, or that it does. */
export function inviteState(invite: Pick<Invite, 'usable' | 'expiresAt' | 'uses' | 'maxUses'>, now: number) {
  if (invite.usable) return 'Usable';
  if (invite.maxUses !== null && invite.uses >= invite.maxUses) return 'Used up';
  if (invite.expiresAt !== null && new Date(invite.expiresAt).getTime() <= now) return 'Expired';
  return 'No longer usable';
}

/** Hands the browser a JSON file to save, without a round trip: the data is already here. */
export function downloadJson(data: unknown, fileName: string) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
