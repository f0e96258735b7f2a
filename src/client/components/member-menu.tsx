import { useState } from 'react';
import type { Profile } from '../lib/trpc-types';
import { useBoostsShown } from '../lib/use-boosts-shown';
import { useRelations } from '../lib/use-relations';
import { ConfirmDialog } from './confirm-dialog';
import { Menu } from './menu';
import { LazyReportDialog } from './report-dialog-loader';

/**
 * On someone else's profile, Block or Unblock, Mute or Unmute, Hide or Show boosts (someone I follow), and
 * Report (the menu's name says whom). Blocking asks first: it also removes the follows between the two members.
 */
export function MemberMenu({ profile }: { profile: Profile }) {
  const relations = useRelations();
  const boosts = useBoostsShown();
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const at = `@${profile.username}`;
  const run = (action: Parameters<typeof relations.run>[0]) =>
    void relations.run(action, profile.username).catch(() => undefined);
  return (
    <>
      <Menu
        label={`More actions for ${at}`}
        items={[
          profile.blockedByMe
            ? { label: 'Unblock', onSelect: () => run('unblock') }
            : { label: 'Block', onSelect: () => setDialog('block') },
          profile.mutedByMe
            ? { label: 'Unmute', onSelect: () => run('unmute') }
            : { label: 'Mute', onSelect: () => run('mute') },
          // Only for someone I follow: their boosts come to my home feed unless hidden.
          ...(profile.followedByMe
            ? [
                profile.boostsHiddenByMe
                  ? { label: 'Show boosts', onSelect: () => boosts.set(profile, false) }
                  : { label: 'Hide boosts', onSelect: () => boosts.set(profile, true) },
              ]
            : []),
          { label: 'Report', onSelect: () => setDialog('report') },
        ]}
      >
        <span aria-hidden="true">⋯</span>
      </Menu>
      {dialog === 'block' && (
        <ConfirmDialog
          title={`Block ${at}?`}
          message={`Neither of you will see the other's posts or comments, and neither can follow, mention or comment on the other. Follows between you are removed. You can unblock ${at} in Settings.`}
          confirmLabel="Block"
          onConfirm={() => relations.run('block', profile.username)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'report' && (
        <LazyReportDialog
          target={{ kind: 'member', username: profile.username }}
          subject={`You are reporting ${at}`}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
