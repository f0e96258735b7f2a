import { Link } from 'wouter';
import { tagPath } from '../lib/paths';
import type { RouterOutputs } from '../lib/trpc-types';
import '../lookup.css';

/** A tag as tag lookup answers it (search.tags). */
export type FoundTag = RouterOutputs['search']['tags'][number];

const posts = (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`;

/** How much a tag is used: all time, and this week when it was. */
export const tagUse = (tag: FoundTag) =>
  tag.recentCount > 0 ? `${posts(tag.count)}, ${tag.recentCount} this week` : posts(tag.count);

/** `#tag` and how much it is used: the inside of a tag row and of a composer suggestion. */
export function TagSummary({ tag }: { tag: FoundTag }) {
  return (
    <span className="tag-summary">
      <span className="name">
        <bdi>#{tag.tag}</bdi>
      </span>
      <span className="muted">{tagUse(tag)}</span>
    </span>
  );
}

/** A found tag (the /search page's Tags tab): a link to its feed. */
export function TagRow({ tag }: { tag: FoundTag }) {
  return (
    <li className="tag-row">
      <Link href={tagPath(tag.tag)}>
        <TagSummary tag={tag} />
      </Link>
    </li>
  );
}
