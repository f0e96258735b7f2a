import { limits } from '../../../shared/limits.js';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { hiddenSql } from './relations.js';
import type { KeyRow, SortKey } from '../store.js';

// The Latest home feed with boosts (docs/decisions/0011-boosts-in-the-home-feed.md). Its items come from two
// kinds of stream: each shown author's posts (me and those I follow) at their post time, and each shown
// booster's boosts (me and those I follow whose boosts I did not hide) at their boost time. A post is on
// the feed once, at its newest item: an original gives way to any boost of it in my feed, a boost to a newer
// boost of the same post. These rules are asked of each item as its stream is read (a probe of the boosts'
// primary key by post), so they hold across pages too: a post shown higher up never comes back lower down.
//
// The page is bounded as feeds.ts bounds today's (`firsts`/`floor`), over both kinds of stream at once:
// each stream's first item below the cursor, the 21st highest of those as the floor, and each stream read
// from the floor or from its own 21st item, whichever is higher. A page so reads a few index entries per
// followed member, however many posts and boosts they have. CROSS JOIN keeps `firsts` outside, as SQLite
// would otherwise walk a whole index and look each entry up in `firsts`.

const hidden = hiddenSql(':viewerId');
const { pageSize } = limits;

/**
 * Whether the boost `x` is in my feed: mine, or by someone I follow whose boosts I show and who is not hidden
 * from me. Asked of a boost row found by post, which most posts have none of; by the follow's key rather
 * than `in (select m from boosters)`, which SQLite built again for each probe (a page 1.2 ms slower).
 */
const mine = `(x.user_id = :viewerId or (exists (select 1 from follows ff where ff.follower_id = :viewerId
  and ff.followee_id = x.user_id and not ff.hide_boosts) and x.user_id not in (${hidden})))`;

function pageSql(first: boolean) {
  const below = (t: string, id: string) => (first ? '1' : `(${t}.created_at, ${t}.${id}) < (:k0, :k1)`);
  // An original in my feed, unless a boost in my feed brought the post higher.
  const unboosted = (t: string) =>
    `not exists (select 1 from boosts x where x.post_id = ${t}.id and ${mine})`;
  // A boost in my feed: its post's author is not hidden from me, and no booster of mine boosted it later.
  const boostShown = (t: string) => `(select author_id from posts where id = ${t}.post_id) not in (${hidden})
    and not exists (select 1 from boosts x where x.post_id = ${t}.post_id and x.created_at >= ${t}.created_at
      and (x.created_at, x.user_id) > (${t}.created_at, ${t}.user_id) and ${mine})`;
  const nthPost = (author: string, offset: number) =>
    `(select t.created_at from posts t where t.author_id = ${author} and ${below('t', 'id')} and ${unboosted('t')}
      order by t.created_at desc, t.id desc limit 1 offset ${offset})`;
  const nthBoost = (booster: string, offset: number) =>
    `(select t.created_at from boosts t where t.user_id = ${booster} and ${below('t', 'post_id')}
      and ${boostShown('t')} order by t.created_at desc, t.post_id desc limit 1 offset ${offset})`;
  // Blocks end follows, so the hidden among those I follow are the muted and the suspended: left out before
  // the page is bounded, so that nothing of theirs sets the floor.
  return `with authors(m) as materialized (
      select followee_id from follows where follower_id = :viewerId and followee_id not in (${hidden})
      union all select :viewerId),
    boosters(m) as materialized (
      select followee_id from follows where follower_id = :viewerId and not hide_boosts
        and followee_id not in (${hidden})
      union all select :viewerId),
    firsts(kind, m, k) as materialized (
      select 0, m, ${nthPost('m', 0)} from authors
      union all select 1, m, ${nthBoost('m', 0)} from boosters),
    floor(k) as materialized (select coalesce((select k from firsts where k is not null
      order by k desc limit 1 offset ${pageSize}), -1))
    select id, json_array(t, id), booster from (
      select c.id as id, c.created_at as t, null as booster from firsts f cross join posts c
      where f.kind = 0 and f.k >= (select k from floor) and c.author_id = f.m
        and c.created_at >= max((select k from floor), coalesce(${nthPost('f.m', pageSize)}, -1))
        and ${below('c', 'id')} and ${unboosted('c')}
      union all
      select c.post_id, c.created_at, c.user_id from firsts f cross join boosts c
      where f.kind = 1 and f.k >= (select k from floor) and c.user_id = f.m
        and c.created_at >= max((select k from floor), coalesce(${nthBoost('f.m', pageSize)}, -1))
        and ${below('c', 'post_id')} and ${boostShown('c')})
    order by t desc, id desc limit ${pageSize + 1}`;
}

const statements = preparedOnce((db: Db) => ({
  first: db.$client.prepare<{ viewerId: string }, KeyRow>(pageSql(true)).raw(),
  next: db.$client.prepare<{ viewerId: string; k0: number; k1: string }, KeyRow>(pageSql(false)).raw(),
}));

/** A page of my Latest home feed: [postId, key, boosterId or null], newest first. */
export function homeLatest(db: Db, viewerId: string, key: SortKey | null): KeyRow[] {
  return key
    ? statements(db).next.all({ viewerId, k0: Number(key[0]), k1: String(key[1]) })
    : statements(db).first.all({ viewerId });
}
