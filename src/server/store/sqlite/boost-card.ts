import { nestedJson, publicUserJson } from './columns.js';

// What a card shows of boosts (cards.ts): how many, whether I boosted it (both by the primary key's prefix,
// post then member), and in my home feed whose boost brought it (`:boosters`, a JSON array beside the ids:
// the booster of each, or null; the member is looked up only for a card a boost brought).
// docs/decisions/0011-boosts-in-the-home-feed.md.

export const boostCardFields = `'boostCount', (select count(*) from boosts bc where bc.post_id = p.id),
  'boosted', json(iif(exists (select 1 from boosts mb where mb.post_id = p.id and mb.user_id = :viewer),
    'true', 'false')),
  'boostedBy', iif(:boosters ->> page.key is null, null,
    ${nestedJson(`select ${publicUserJson('bu')} from users bu where bu.id = (:boosters ->> page.key)`)})`;
