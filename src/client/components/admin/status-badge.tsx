import { statusLabels, type MemberStatus } from '../../lib/admin-words';

/** A member's state as a small label; its colour only repeats the word, which says it all. */
export function StatusBadge({ status }: { status: MemberStatus }) {
  return <span className={`status-badge status-${status}`}>{statusLabels[status]}</span>;
}
