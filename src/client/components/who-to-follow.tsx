import { useState } from 'react';
import { Link } from 'wouter';
import { trpc } from '../lib/trpc';
import type { RouterOutputs } from '../lib/trpc-types';
import { Avatar } from './avatar';
import { FollowButton } from './follow-button';
import { profilePath } from '../lib/paths';
import '../who-to-follow.css';

type Suggestion = RouterOutputs['users']['whoToFollow'][number];

/**
 * Members other than me whom I do not follow yet, most-followed first. Someone I follow from here stays in
 * the list, marked "Following" with Unfollow to undo, until the list is next loaded (the page opened
 * again): the list on screen is kept as it was while the suggestions are fetched again behind it.
 */
export function WhoToFollow({ title = 'Who to follow' }: { title?: string }) {
  const suggestions = trpc.users.whoToFollow.useQuery();
  const [kept, setKept] = useState<Suggestion[] | null>(null);
  const [followed, setFollowed] = useState<ReadonlySet<string>>(new Set());
  const people = kept ?? suggestions.data ?? [];

  const changed = (id: string, following: boolean) => {
    setKept((list) => list ?? people);
    setFollowed((ids) => {
      const next = new Set(ids);
      if (following) next.add(id);
      else next.delete(id);
      return next;
    });
  };

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
            <span className="follow-state">
              {followed.has(person.id) && <span className="muted">Following</span>}
              <FollowButton
                userId={person.id}
                username={person.username}
                following={followed.has(person.id)}
                onChange={(following) => changed(person.id, following)}
              />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
