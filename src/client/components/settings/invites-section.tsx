import { useId, useState } from 'react';
import { limits } from '../../../shared/limits';
import { inviteLink, inviteState, inviteUses, type Invite } from '../../lib/account-files';
import { useMe } from '../../lib/session';
import { useToast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { FormError } from '../form-error';
import { RelativeTime } from '../relative-time';
import { SettingsSection } from './settings-section';

const expiries = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: 'never', label: 'Never' },
] as const;
const useCounts = ['1', '5', '10', '25', '100', 'any'] as const;

// A member's codes are bounded (shared/limits.ts; the server refuses the rest): the form offers only what
// the server accepts, so a member never picks "Never" or "No limit" to be told no.
const memberExpiries = expiries.filter(
  (option) => option.value !== 'never' && Number(option.value) <= limits.memberInviteDaysMax,
);
const memberUseCounts = useCounts.filter(
  (count) => count !== 'any' && Number(count) <= limits.memberInviteUsesMax,
);

function InviteItem({ invite }: { invite: Invite }) {
  const me = useMe();
  const toast = useToast();
  const utils = trpc.useUtils();
  const revoke = trpc.invites.revoke.useMutation({
    onSuccess: () => utils.invites.list.invalidate(),
    onError: (error) => toast.error(`Could not revoke the invite: ${errorMessage(error)}`),
  });
  const link = inviteLink(window.location.origin, invite.code);
  const linkId = useId();
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toast.info('Invite link copied'),
      () => toast.error('Could not copy: select the link and copy it yourself.'),
    );
  return (
    <li className={`invite${invite.usable ? '' : ' invite-spent'}`}>
      <div className="invite-head">
        <code className="invite-code">{invite.code}</code>
        <span className={`invite-state${invite.usable ? ' usable' : ''}`}>
          {inviteState(invite, Date.now())}
        </span>
      </div>
      <p className="muted invite-meta">
        {inviteUses(invite)} ·{' '}
        {invite.expiresAt === null ? (
          'never expires'
        ) : (
          <>
            expires <RelativeTime iso={invite.expiresAt} />
          </>
        )}
        {invite.createdBy.id !== me.id && <> · by @{invite.createdBy.username}</>}
      </p>
      {invite.usable && (
        <>
          <label htmlFor={linkId} className="visually-hidden">
            Invite link for {invite.code}
          </label>
          <input
            id={linkId}
            className="invite-link"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
          />
        </>
      )}
      <div className="settings-actions">
        {invite.usable && (
          <button
            type="button"
            className="button secondary"
            aria-label={`Copy link of invite ${invite.code}`}
            onClick={() => void copy()}
          >
            Copy link
          </button>
        )}
        <button
          type="button"
          className="text-button"
          aria-label={`Revoke invite ${invite.code}`}
          disabled={revoke.isPending}
          onClick={() => revoke.mutate({ code: invite.code })}
        >
          Revoke
        </button>
      </div>
    </li>
  );
}

/**
 * Invite codes for registration by invite; admins, and members where the admins allow it. `bounded`: the
 * viewer is not an admin, so their codes keep within the members' limits.
 */
export function InvitesSection({ bounded }: { bounded: boolean }) {
  const [expiry, setExpiry] = useState<(typeof expiries)[number]['value']>('7');
  const [uses, setUses] = useState<(typeof useCounts)[number]>('1');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const toast = useToast();
  const utils = trpc.useUtils();
  const list = trpc.invites.list.useQuery();
  const expiryChoices = bounded ? memberExpiries : expiries;
  const useChoices = bounded ? memberUseCounts : useCounts;
  const intro = bounded
    ? `Each code lets new members sign up. Share its link. A code lasts at most ${limits.memberInviteDaysMax} days and ${limits.memberInviteUsesMax} uses, and you may hold ${limits.memberLiveInvitesMax} usable codes at once.`
    : 'Each code lets new members sign up. Share its link.';
  const create = trpc.invites.create.useMutation({
    onSuccess: async (invite) => {
      setProblem(null);
      toast.info(`Invite ${invite.code} created`);
      await utils.invites.list.invalidate();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  return (
    <SettingsSection title="Invites" intro={intro}>
      <form
        className="invite-form"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({
            expiresInDays: expiry === 'never' ? null : (Number(expiry) as 1 | 7 | 30),
            maxUses: uses === 'any' ? null : Number(uses),
          });
        }}
      >
        <div>
          <label htmlFor={`${id}-expiry`}>Expires after</label>
          <select
            id={`${id}-expiry`}
            value={expiry}
            onChange={(event) => setExpiry(event.target.value as typeof expiry)}
          >
            {expiryChoices.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-uses`}>Number of uses</label>
          <select
            id={`${id}-uses`}
            value={uses}
            onChange={(event) => setUses(event.target.value as typeof uses)}
          >
            {useChoices.map((count) => (
              <option key={count} value={count}>
                {count === 'any' ? 'No limit' : count}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={create.isPending}>
          Create invite
        </button>
      </form>
      <FormError message={problem} />
      {list.isPending ? (
        <p className="muted">Loading…</p>
      ) : list.isError ? (
        <p className="form-error">Could not load the invites: {errorMessage(list.error)}</p>
      ) : list.data.length === 0 ? (
        <p className="muted">No invites yet.</p>
      ) : (
        <ul className="invite-list" aria-label="Your invites">
          {list.data.map((invite) => (
            <InviteItem key={invite.code} invite={invite} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
