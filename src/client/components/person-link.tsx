import { Link } from 'wouter';
import { displayName } from '../lib/notification-text';
import { profilePath } from '../lib/paths';
import { Avatar } from './avatar';

type Person = { username: string; firstName: string; lastName: string; profilePic?: string };

/** A member's picture, name (their username where they gave none) and @username, linking to their profile. */
export function PersonLink({ person, size }: { person: Person; size: number }) {
  return (
    <Link href={profilePath(person.username)} className="person">
      <Avatar person={person} size={size} />
      <span>
        <span className="name" dir="auto">
          {displayName(person)}
        </span>
        <span className="username">@{person.username}</span>
      </span>
    </Link>
  );
}
