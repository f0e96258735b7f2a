import { useState } from 'react';

type Person = { username: string; firstName?: string; lastName?: string; profilePic?: string };

function initialsOf({ firstName, lastName, username }: Person): string {
  const fromNames = `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`;
  return (fromNames || username.slice(0, 2)).toUpperCase();
}

/** The member's picture, or their initials where there is none or it fails to load. */
export function Avatar({ person, size = 40 }: { person: Person; size?: number }) {
  // The address that failed, not a flag: a new picture (chosen in Edit profile) gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: size * 0.4 };
  if (person.profilePic && failed !== person.profilePic) {
    return (
      <img
        className="avatar"
        src={person.profilePic}
        alt={`${person.username}'s picture`}
        width={size}
        height={size}
        style={style}
        onError={() => setFailed(person.profilePic ?? null)}
      />
    );
  }
  return (
    <span
      className="avatar avatar-initials"
      style={style}
      role="img"
      aria-label={`${person.username}'s picture`}
    >
      {initialsOf(person)}
    </span>
  );
}
