import { publicUserJson } from './columns.js';

// What a card shows of boosts (cards.ts), as ../sqlite/boost-card.ts writes it: how many, whether the viewer
// `$1` boosted it, and in the home feed whose boost brought it (`page.booster`, from the array `$3`), by the
// users' key: joined, the planner hashed every member.

export const boostCardFields = `'boostCount', (select count(*)::int from boosts bc where bc.post_id = p.id),
  'boosted', exists (select 1 from boosts mb where mb.post_id = p.id and mb.user_id = $1),
  'boostedBy', (select ${publicUserJson('bu')} from users bu where bu.id = page.booster)`;
