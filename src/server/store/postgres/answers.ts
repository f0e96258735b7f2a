import { limits } from '../../../shared/limits.js';
import type { AnswerFacts, KeyRow, Reads, SortKey, Writes } from '../store.js';
import type { Queryable } from './queryable.js';
import { hiddenSql } from './relations.js';
import { arrayStatement, statement, writeStatement } from './statement.js';

// Quotes and who may answer a post (interface/answers.ts), as ../sqlite/answers.ts does it.

const top: SortKey = [Number.MAX_SAFE_INTEGER, ''];

// Each fact is one primary-key lookup (follows, post_mentions).
const facts = statement<AnswerFacts>(
  'answer-facts',
  `select p.comment_policy as "commentPolicy", p.quote_policy as "quotePolicy", p.author_id as "authorId",
     u.username as "authorUsername",
     exists (select 1 from follows where follower_id = p.author_id and followee_id = $2) as "followedByAuthor",
     exists (select 1 from follows where follower_id = $2 and followee_id = p.author_id) as "followsAuthor",
     exists (select 1 from post_mentions where post_id = p.id and user_id = $2) as mentioned
   from posts p join users u on u.id = p.author_id where p.id = $1`,
);

const setPolicies = writeStatement(
  'answer-set-policies',
  `update posts set comment_policy = coalesce($2, comment_policy), quote_policy = coalesce($3, quote_policy),
     updated_at = $4 where id = $1`,
);

// A post's quotes, newest first, from posts_quote_of_created_idx.
const quotes = arrayStatement<KeyRow>(
  'answer-quotes',
  `select p.id, json_build_array(p.created_at, p.id)::text from posts p
   where p.quote_of_id = $2 and (p.created_at, p.id) < ($3::bigint, $4)
     and p.author_id <> all (${hiddenSql('$1::text')})
   order by p.created_at desc, p.id desc limit ${limits.pageSize + 1}`,
);

export function answerReads(db: Queryable): Reads['answers'] {
  return {
    quotes: (viewerId, postId, key) => quotes(db, [viewerId, postId, ...(key ?? top)]),
  };
}

export function answerWrites(db: Queryable): Writes['answers'] {
  return {
    facts: async (postId, actorId) => (await facts(db, [postId, actorId]))[0],
    async setPolicies(postId, policies, at) {
      await setPolicies(db, [postId, policies.commentPolicy ?? null, policies.quotePolicy ?? null, at]);
    },
  };
}
