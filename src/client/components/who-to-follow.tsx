import { Link } from 'wouter';
import { trpc } from '../lib/trpc';
import { Avatar } from './avatar';
import { FollowButton } from './follow-button';
import { profilePath } from '../lib/paths';

/** Members other than me whom I do not follow yet, most-followed first. */
export function WhoToFollow({ title = 'Who to follow' }: { title?: string }) {
  const suggestions = trpc.users.whoToFollow.useQuery();
  const people = suggestions.data ?? [];
  return (
    <section className="card who-to-follow" aria-label={title}>
      <h2>{title}</h2>
      {suggestions.isPending && <p className="muted">Loading…</p>}
      {!suggestions.isPending && people.length === 0 && <p className="muted">You follow everyone here.</p>}
      <ul>
        {people.map((person) => (
          <li key={person.id}>
            <Link href={profilePath(person.username)} className="person">
              <Avatar person={person} size={36} />
              <span>
                <span className="name">
                  <bdi>
                    {person.firstName} {person.lastName}
                  </bdi>
                </span>
                <span className="username">@{person.username}</span>
              </span>
            </Link>
            <FollowButton userId={person.id} username={person.username} following={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
