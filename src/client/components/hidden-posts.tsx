import type { Profile } from '../lib/trpc-types';
import { useRelations } from '../lib/use-relations';

/**
 * In place of the posts of a member I muted or blocked: the one visibility rule hides their posts from me
 * on their profile too (server/domain/barriers.ts), so the profile says why the list is empty and offers the
 * way back, rather than "has not posted yet" under a count of their posts.
 */
export function HiddenPosts({ profile }: { profile: Profile }) {
  const relations = useRelations();
  const at = `@${profile.username}`;
  const blocked = profile.blockedByMe;
  return (
    <section className="card empty hidden-posts" aria-label={`Posts by ${profile.username}`}>
      <p>
        {blocked
          ? `You blocked ${at}. Their posts are hidden, and neither of you sees the other's posts or comments.`
          : `You muted ${at}. Their posts are hidden.`}
      </p>
      <button
        type="button"
        className="button"
        disabled={relations.busy}
        onClick={() =>
          void relations.run(blocked ? 'unblock' : 'unmute', profile.username).catch(() => undefined)
        }
      >
        {blocked ? 'Unblock' : 'Unmute'}
      </button>
    </section>
  );
}
