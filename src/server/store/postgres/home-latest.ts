import { limits } from '../../../shared/limits.js';
import type { KeyRow } from '../store.js';
import { hiddenSql } from './relations.js';
import { arrayStatement } from './statement.js';

// The Latest home feed with boosts, as ../sqlite/home-latest.ts reads it (the rules are written there;
// docs/decisions/0011-boosts-in-the-home-feed.md): each shown author's posts and each shown booster's
// boosts, a post once at its newest item, the page bounded by `firsts`/`floor` over both kinds of stream,
// each stream read from the cursor down to the floor and a page at most (LATERAL, as feeds.ts does).

const hidden = hiddenSql('$1::text');
const page = limits.pageSize + 1;
const below = (t: string, id: string) => `(${t}.created_at, ${t}.${id}) < ($2::bigint, $3)`;
// The two rules of a post once per feed are scalar subqueries (`... limit 1) is null`), not NOT EXISTS: as
// an anti-join the planner hashed the whole boosts table for a page; as a subplan it probes by post.
// Whether the boost `x` is in my feed, by the follow's key (as ../sqlite/home-latest.ts says why).
const mine = `(x.user_id = $1 or (exists (select 1 from follows ff where ff.follower_id = $1
  and ff.followee_id = x.user_id and not ff.hide_boosts) and x.user_id <> all (${hidden})))`;
const unboosted = (t: string) =>
  `(select 1 from boosts x where x.post_id = ${t}.id and ${mine} limit 1) is null`;
const boostShown = (t: string) => `(select author_id from posts where id = ${t}.post_id) <> all (${hidden})
  and (select 1 from boosts x where x.post_id = ${t}.post_id and x.created_at >= ${t}.created_at
    and (x.created_at, x.user_id) > (${t}.created_at, ${t}.user_id) and ${mine} limit 1) is null`;

export const homeLatest = arrayStatement<KeyRow>(
  'feed-home-latest-boosts',
  `with authors as (
     select followee_id as m from follows where follower_id = $1 and followee_id <> all (${hidden})
     union all select $1::text),
   boosters as (
     select followee_id as m from follows where follower_id = $1 and not hide_boosts
       and followee_id <> all (${hidden})
     union all select $1::text),
   firsts as (
     select 0 as kind, a.m, (select t.created_at from posts t where t.author_id = a.m and ${below('t', 'id')}
       and ${unboosted('t')} order by t.created_at desc, t.id desc limit 1) as k from authors a
     union all
     select 1, b.m, (select t.created_at from boosts t where t.user_id = b.m and ${below('t', 'post_id')}
       and ${boostShown('t')} order by t.created_at desc, t.post_id desc limit 1) from boosters b),
   floor as (select coalesce((select k from firsts where k is not null order by k desc offset ${limits.pageSize}
                              limit 1), '-9223372036854775808'::bigint) as k)
   select item.id, json_build_array(item.t, item.id)::text, item.booster from (
     select c.id, c.t, null::text as booster from firsts f cross join floor
     cross join lateral (select p.id, p.created_at as t from posts p
       where p.author_id = f.m and p.created_at >= floor.k and ${below('p', 'id')} and ${unboosted('p')}
       order by p.created_at desc, p.id desc limit ${page}) as c
     where f.kind = 0 and f.k >= floor.k
     union all
     select c.post_id, c.t, f.m from firsts f cross join floor
     cross join lateral (select b.post_id, b.created_at as t from boosts b
       where b.user_id = f.m and b.created_at >= floor.k and ${below('b', 'post_id')} and ${boostShown('b')}
       order by b.created_at desc, b.post_id desc limit ${page}) as c
     where f.kind = 1 and f.k >= floor.k) as item
   order by item.t desc, item.id desc limit ${page}`,
);
