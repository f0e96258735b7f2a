import { limits } from '../../shared/limits.js';
import type { TagLookupInput } from '../../shared/lookup-schemas.js';
import { tagKey } from '../../shared/rich-text.js';
import type { Store } from '../store/store.js';
import { now } from './clock.js';

/** A tag as the Tags tab and the composer's suggestions show it (client TagRow). */
export type TagResult = { tag: string; count: number; recentCount: number };

/** What "used recently" means for the order of tags. */
export const recentTagDays = 7;
const day = 24 * 60 * 60 * 1000;

/**
 * Tags that start with the text, folded as posts' tags are stored (shared/rich-text.ts tagKey), the most
 * used in the last week first, then the most used of all time (docs/search-people-and-tags.md). Counts are
 * the instance's: every post that carries the tag, as a tag's feed is before anyone's blocks and mutes.
 */
export async function searchTags(store: Store, input: TagLookupInput): Promise<TagResult[]> {
  const rows = await store.read.search.tags(
    tagKey(input.q),
    now() - recentTagDays * day,
    input.limit ?? limits.pageSize,
  );
  return rows.map((row) => ({ tag: row.tag, count: Number(row.total), recentCount: Number(row.recent) }));
}
