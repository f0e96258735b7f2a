import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { AdminMemberView } from '../../../server/domain/views';
import { MemberName } from '../../components/admin/member-name';
import { ReasonDialog } from '../../components/admin/reason-dialog';
import { StatusBadge } from '../../components/admin/status-badge';
import { RelativeTime } from '../../components/relative-time';
import {
  actionDone,
  actionQuestions,
  actsOn,
  memberActions,
  roleLabels,
  type ActionSlot,
  type Role,
} from '../../lib/admin-words';
import { useToast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { countWords } from '../../lib/count-words';

const roles = Object.keys(roleLabels) as Role[];

type Asking = { kind: 'action'; slot: ActionSlot } | { kind: 'role'; role: Role } | null;

/** One member on /admin: who, role, state, open reports, and what the viewer may do about them. */
export function MemberRow({
  member,
  viewer,
  onUpdated,
}: {
  member: AdminMemberView;
  viewer: Role;
  onUpdated: (member: AdminMemberView) => void;
}) {
  const [asking, setAsking] = useState<Asking>(null);
  const row = useRef<HTMLLIElement>(null);
  const roleSelect = useRef<HTMLSelectElement>(null);
  const roleId = useId();
  // The role chosen in the select; a change is applied by its button, never by the select alone (moving
  // through a select's options with the keyboard must not open a dialog at each one).
  const [choice, setChoice] = useState<Role>(member.role);
  useEffect(() => setChoice(member.role), [member.role]);
  const client = trpc.useUtils().client;
  const toast = useToast();
  const who = `@${member.username}`;
  const actions = memberActions(viewer, member);
  const setsRole = viewer === 'admin' && actsOn(viewer, member.role);

  // After a done action, focus stays on the button that opened the dialog when it is still there (Limit
  // becomes Lift limit in place); when it is gone (Approve, a role's button), it goes to the role's select
  // after a role change, else to the row. That is decided once both the dialog has closed and the updated
  // member has been rendered, which may come in either order. A layout effect: focus moves in the same commit
  // that shows the result, and before the closing dialog's passive cleanup gives focus back to its opener
  // when that opener is still there.
  const pending = useRef<{ before: AdminMemberView; toRole: boolean } | null>(null);
  useLayoutEffect(() => {
    const waiting = pending.current;
    if (!waiting || asking || member === waiting.before) return;
    pending.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    // A member made admin has no select left: then the row.
    ((waiting.toRole && roleSelect.current) || row.current)?.focus();
  }, [member, asking]);

  /** A refusal is told with the server's words, and the dialog stays for another try or Cancel. */
  const run = async (what: string, call: () => Promise<AdminMemberView>, message: string) => {
    try {
      const updated = await call();
      pending.current = { before: member, toRole: asking?.kind === 'role' };
      onUpdated(updated);
      toast.info(message);
    } catch (error) {
      toast.error(`Could not ${what}: ${errorMessage(error)}`);
      throw error;
    }
  };

  const close = () => setAsking(null);

  let dialog = null;
  if (asking?.kind === 'action') {
    const { action, label } = asking.slot;
    dialog = (
      <ReasonDialog
        title={`${label} ${who}`}
        message={actionQuestions[action](member.username)}
        confirmLabel={label}
        danger={action === 'suspend' || action === 'limit'}
        onConfirm={(reason) =>
          run(
            `${label.toLowerCase()} ${who}`,
            () => client.admin[action].mutate({ username: member.username, reason }),
            `${actionDone[action]} ${who}.`,
          )
        }
        onClose={close}
      />
    );
  } else if (asking?.kind === 'role') {
    const { role } = asking;
    dialog = (
      <ReasonDialog
        title={`Change ${who}'s role`}
        message={`Make ${who} ${role === 'admin' ? 'an admin' : `a ${role}`}? ${roleMeaning[role]}`}
        confirmLabel="Change role"
        onConfirm={(reason) =>
          run(
            `change ${who}'s role`,
            () => client.admin.setRole.mutate({ username: member.username, role, reason }),
            `${who} is now ${role === 'admin' ? 'an admin' : `a ${role}`}.`,
          )
        }
        onClose={close}
      />
    );
  }

  return (
    <li className="admin-row admin-member" ref={row} tabIndex={-1} aria-label={who}>
      <MemberName person={member} />
      <div className="admin-facts">
        {setsRole ? (
          <span className="admin-fact">
            <label htmlFor={roleId} className="admin-fact-name">
              Role<span className="visually-hidden"> of {who}</span>
            </label>
            <select
              id={roleId}
              ref={roleSelect}
              value={choice}
              onChange={(event) => setChoice(event.target.value as Role)}
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {roleLabels[role]}
                </option>
              ))}
            </select>
            {choice !== member.role && (
              <button
                type="button"
                className="button small"
                aria-label={`Change role of ${who} to ${choice}`}
                onClick={() => setAsking({ kind: 'role', role: choice })}
              >
                Change role
              </button>
            )}
          </span>
        ) : (
          <span className="admin-fact">
            <span className="admin-fact-name">Role</span> {roleLabels[member.role]}
          </span>
        )}
        <StatusBadge status={member.status} />
        {member.openReports > 0 && (
          <span className="admin-fact admin-fact-alert">
            {countWords(member.openReports, 'open report', 'open reports')}
          </span>
        )}
        <span className="admin-fact muted">
          {countWords(member.postCount, 'post', 'posts')} · joined <RelativeTime iso={member.createdAt} />
        </span>
      </div>
      {actions.length > 0 && (
        <div className="admin-actions">
          {actions.map((slot) => (
            <button
              key={slot.slot}
              type="button"
              className="button secondary small"
              aria-label={`${slot.label} ${who}`}
              onClick={() => setAsking({ kind: 'action', slot })}
            >
              {slot.label}
            </button>
          ))}
        </div>
      )}
      {dialog}
    </li>
  );
}

const roleMeaning: Record<Role, string> = {
  member: 'Members write, follow and report, and have no moderation tools.',
  moderator: 'Moderators work the reports queue, approve, limit and suspend members, and read the audit log.',
  admin: 'Admins also set roles and change the instance settings.',
};
