import { limits } from '../../../shared/limits.js';
import type { KeyRow } from '../store.js';
import { hiddenSql } from './relations.js';
import { arrayStatement } from './statement.js';

// The Latest home feed with boosts, as ../sqlite/home-latest.ts reads it (the rules are written there;
// docs/decisions/0011-boosts-in-the-home-feed.md): the streams (feed_items) of me and those I follow, bounded
// by `firsts`/`floor` as feeds.ts bounds Trending, each stream read from the cursor down to the floor and a
// page at most (LATERAL); the page's items then marked `skip` by a probe of boosts by post each.

const hidden = hiddenSql('$1::text');
const page = limits.pageSize + 1;
const below = (t: string) => `(${t}.created_at, ${t}.post_id) < ($2::bigint, $3)`;
// Whether the boost `x` is in my feed, by the follow's key (as ../sqlite/home-latest.ts says why).
const inMyFeed = `(x.user_id = $1 or (exists (select 1 from follows ff where ff.follower_id = $1
  and ff.followee_id = x.user_id and not ff.hide_boosts) and x.user_id <> all (${hidden})))`;
const skip = `case when i.booster is null
  then exists (select 1 from boosts x where x.post_id = i.id and ${inMyFeed})
  else (i.booster <> $1 and exists (select 1 from follows h where h.follower_id = $1
      and h.followee_id = i.booster and h.hide_boosts))
    or (select author_id from posts where id = i.id) = any (${hidden})
    or exists (select 1 from boosts x where x.post_id = i.id and x.created_at >= i.t
      and (x.created_at, x.user_id) > (i.t, i.booster) and ${inMyFeed}) end`;

export const homeLatest = arrayStatement<KeyRow>(
  'feed-home-latest',
  `with firsts as (
     select a.m, (select t.created_at from feed_items t where t.member_id = a.m and ${below('t')}
                  order by t.created_at desc, t.post_id desc limit 1) as k
     from (select followee_id as m from follows where follower_id = $1 and followee_id <> all (${hidden})
           union all select $1::text) as a),
   floor as (select coalesce((select k from firsts where k is not null order by k desc offset ${limits.pageSize}
                              limit 1), '-9223372036854775808'::bigint) as k),
   page as (
     select c.post_id as id, c.created_at as t, case when c.boost then c.member_id end as booster
     from firsts f cross join floor
     cross join lateral (select t.post_id, t.created_at, t.boost, t.member_id from feed_items t
       where t.member_id = f.m and t.created_at >= floor.k and ${below('t')}
       order by t.created_at desc, t.post_id desc limit ${page}) as c
     where f.k >= floor.k
     order by c.created_at desc, c.post_id desc limit ${page})
   select i.id, json_build_array(i.t, i.id)::text, i.booster, (${skip})::int from page i
   order by i.t desc, i.id desc`,
);
