import { Link } from 'wouter';
import type { PublicUser } from '../../../server/domain/views';
import { displayName } from '../../lib/notification-text';
import { profilePath } from '../../lib/paths';
import { Avatar } from '../avatar';

/** A member's picture, name and @username, the username linking to their profile. */
export function MemberName({ person, size = 40 }: { person: PublicUser; size?: number }) {
  const name = displayName(person);
  return (
    <span className="admin-person">
      <Avatar person={person} size={size} />
      <span className="admin-person-names">
        {name !== person.username && <span className="name">{name}</span>}
        <Link href={profilePath(person.username)} className="username">
          @{person.username}
        </Link>
      </span>
    </span>
  );
}
