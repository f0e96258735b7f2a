import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { hiddenSql } from './relations.js';
import { limits } from '../../../shared/limits.js';
import type { KeyRow, SortKey } from '../store.js';

// The Latest home feed with boosts (docs/decisions/0011-boosts-in-the-home-feed.md). Its items are the
// streams of me and those I follow: each member's posts at their post time and boosts at their boost time,
// one index (feed_items, kept by triggers). The page is bounded exactly as feeds.ts bounds Trending, over
// those streams: each stream's first item below the cursor, the 21st highest of those as the floor, each
// stream read from the floor or from its own 21st item, whichever is higher. A page so reads a few index
// entries per followed member, however many posts and boosts they have.
//
// A post is on the feed once, at its newest item: an original gives way to any boost of it in my feed, a
// boost to a later boost of the same post in my feed; a boost of a post whose author is hidden from me, or by
// someone whose boosts I hid, is not shown. These are asked only of the page's items (a probe by post each),
// which come back marked `skip`: the page and its cursor are those of the streams, so every item is judged
// on exactly one page and a post never comes back lower down. A page may so show fewer than 20.

const hidden = hiddenSql(':viewerId');

/**
 * Whether the boost `x` is in my feed: mine, or by someone I follow whose boosts I show and who is not hidden
 * from me. By the follow's key, one probe, rather than a list of my boosters built for the statement.
 */
const inMyFeed = `(x.user_id = :viewerId or (exists (select 1 from follows ff where ff.follower_id = :viewerId
  and ff.followee_id = x.user_id and not ff.hide_boosts) and x.user_id not in (${hidden})))`;

/** Whether the page's item `i` (a post id, its time, its booster or null) is left out. */
const skip = `case when i.booster is null
  then exists (select 1 from boosts x where x.post_id = i.id and ${inMyFeed})
  else (i.booster <> :viewerId and exists (select 1 from follows h where h.follower_id = :viewerId
      and h.followee_id = i.booster and h.hide_boosts))
    or (select author_id from posts where id = i.id) in (${hidden})
    or exists (select 1 from boosts x where x.post_id = i.id and x.created_at >= i.t
      and (x.created_at, x.user_id) > (i.t, i.booster) and ${inMyFeed}) end`;

function pageSql(first: boolean) {
  // The first page has no cursor: its statement leaves the comparison out (feeds.ts says why).
  const below = (t: string) => (first ? '1' : `(${t}.created_at, ${t}.post_id) < (:k0, :k1)`);
  const nth = (member: string, offset: number) =>
    `(select t.created_at from feed_items t where t.member_id = ${member} and ${below('t')}
      order by t.created_at desc, t.post_id desc limit 1 offset ${offset})`;
  // Each stream's first item: on the first page its newest, kept in feed_heads (migration 0022), a small
  // table that stays in the page cache, where a seek into each of 200 streams mostly missed it (one process
  // saturated 24% later on a million posts: docs/performance.md, "Where a home feed's CPU goes").
  const streamTop = (member: string) =>
    first ? `(select created_at from feed_heads h where h.member_id = ${member})` : nth(member, 0);
  // Blocks end follows, so the hidden among those I follow are the muted and the suspended: left out before
  // the page is bounded, so that nothing of theirs sets the floor.
  return `with firsts(m, k) as materialized (select m, ${streamTop('m')} from (
      select followee_id as m from follows where follower_id = :viewerId and followee_id not in (${hidden})
      union all select :viewerId)),
    floor(k) as materialized (select coalesce((select k from firsts where k is not null
      order by k desc limit 1 offset ${limits.pageSize}), -1)),
    page(id, t, booster) as materialized (
      select c.post_id, c.created_at, iif(c.boost, c.member_id, null) from firsts f
      join feed_items c on c.member_id = f.m
        and c.created_at >= max((select k from floor), coalesce(${nth('f.m', limits.pageSize)}, -1)) and ${below('c')}
      where f.k >= (select k from floor)
      order by c.created_at desc, c.post_id desc limit ${limits.pageSize + 1})
    select id, json_array(t, id), booster, ${skip} from page i order by t desc, id desc`;
}

const statements = preparedOnce((db: Db) => ({
  first: db.$client.prepare<{ viewerId: string }, KeyRow>(pageSql(true)).raw(),
  next: db.$client.prepare<{ viewerId: string; k0: number; k1: string }, KeyRow>(pageSql(false)).raw(),
}));

/** A page of my Latest home feed: [postId, key, boosterId or null, skip], newest first. */
export function homeLatest(db: Db, viewerId: string, key: SortKey | null): KeyRow[] {
  return key
    ? statements(db).next.all({ viewerId, k0: Number(key[0]), k1: String(key[1]) })
    : statements(db).first.all({ viewerId });
}
