import { useState } from 'react';
import { Link } from 'wouter';
import { profilePath } from '../lib/paths';
import { useSession } from '../lib/session';
import type { RouterOutputs } from '../lib/trpc-types';
import { Avatar } from './avatar';
import { FollowButton } from './follow-button';
import '../lookup.css';

/** A member as people lookup answers them (search.people). */
export type FoundPerson = RouterOutputs['search']['people']['items'][number];

/** Picture, display name and @username: the inside of a person row and of a composer suggestion. */
export function PersonSummary({ person, size = 40 }: { person: FoundPerson; size?: number }) {
  const name = `${person.firstName} ${person.lastName}`.trim();
  return (
    <span className="person-summary">
      <Avatar person={person} size={size} />
      <span>
        <span className="name">
          <bdi>{name || person.username}</bdi>
        </span>
        <span className="username">@{person.username}</span>
      </span>
    </span>
  );
}

/**
 * A found member (the /search page's People tab): a link to their profile, and Follow or Unfollow for a
 * signed-in member other than them. `onFollowChange` hears the new state once the server agreed.
 * Rendered inside a `<ul>` (or `<ol>`) that the page owns.
 */
export function PersonRow({
  person,
  onFollowChange,
}: {
  person: FoundPerson;
  onFollowChange?: (following: boolean) => void;
}) {
  const me = useSession()?.user;
  // Kept here: Follow refetches the feeds and profiles, not the found list this row came in.
  const [following, setFollowing] = useState(person.followedByMe);
  return (
    <li className="person-row">
      <Link href={profilePath(person.username)} className="person">
        <PersonSummary person={person} />
      </Link>
      {me && me.id !== person.id && (
        <FollowButton
          userId={person.id}
          username={person.username}
          following={following}
          onChange={(now) => {
            setFollowing(now);
            onFollowChange?.(now);
          }}
        />
      )}
    </li>
  );
}
