import { limits } from '../../../shared/limits.js';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { hiddenSql } from './relations.js';
import type { AnswerFacts, KeyRow, Reads, SortKey, Writes } from '../store.js';

// Quotes and who may answer a post (interface/answers.ts).

type FactsRow = Omit<AnswerFacts, 'followedByAuthor' | 'followsAuthor' | 'mentioned'> & {
  followedByAuthor: number;
  followsAuthor: number;
  mentioned: number;
};

const top: SortKey = [Number.MAX_SAFE_INTEGER, ''];

const statements = preparedOnce((db: Db) => ({
  // Each fact is one primary-key lookup (follows, post_mentions).
  facts: db.$client.prepare<{ postId: string; actorId: string }, FactsRow>(
    `select p.comment_policy as commentPolicy, p.quote_policy as quotePolicy, p.author_id as authorId,
       u.username as authorUsername,
       exists (select 1 from follows where follower_id = p.author_id and followee_id = :actorId) as followedByAuthor,
       exists (select 1 from follows where follower_id = :actorId and followee_id = p.author_id) as followsAuthor,
       exists (select 1 from post_mentions where post_id = p.id and user_id = :actorId) as mentioned
     from posts p join users u on u.id = p.author_id where p.id = :postId`,
  ),
  setPolicies: db.$client.prepare<{
    postId: string;
    commentPolicy: string | null;
    quotePolicy: string | null;
    at: number;
  }>(
    `update posts set comment_policy = coalesce(:commentPolicy, comment_policy),
       quote_policy = coalesce(:quotePolicy, quote_policy), updated_at = :at where id = :postId`,
  ),
  // A post's quotes, newest first, from posts_quote_of_created_idx.
  quotes: db.$client
    .prepare<{ viewer: string | null; postId: string; k0: number; k1: string }, KeyRow>(
      `select p.id, json_array(p.created_at, p.id) from posts p
       where p.quote_of_id = :postId and (p.created_at, p.id) < (:k0, :k1)
         and p.author_id not in (${hiddenSql(':viewer')})
       order by p.created_at desc, p.id desc limit ${limits.pageSize + 1}`,
    )
    .raw(),
}));

export function answerReads(db: Db): Reads['answers'] {
  return {
    async quotes(viewer, postId, key) {
      const [k0, k1] = (key ?? top) as [number, string];
      return statements(db).quotes.all({ viewer, postId, k0, k1 });
    },
  };
}

export function answerWrites(db: Db): Writes['answers'] {
  return {
    async facts(postId, actorId) {
      const row = statements(db).facts.get({ postId, actorId });
      return (
        row && {
          ...row,
          followedByAuthor: row.followedByAuthor === 1,
          followsAuthor: row.followsAuthor === 1,
          mentioned: row.mentioned === 1,
        }
      );
    },
    async setPolicies(postId, policies, at) {
      statements(db).setPolicies.run({
        postId,
        commentPolicy: policies.commentPolicy ?? null,
        quotePolicy: policies.quotePolicy ?? null,
        at,
      });
    },
  };
}
