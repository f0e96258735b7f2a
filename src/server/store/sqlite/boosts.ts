import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { boosts, follows } from './schema.js';
import type { Writes } from '../store.js';

// Boosts (docs/decisions/0011-boosts-in-the-home-feed.md): a row per (post, member); a card counts them from
// the primary key's prefix, so there is no counter to keep in step.

const statements = preparedOnce((db: Db) => {
  const postId = sql.placeholder('postId');
  const userId = sql.placeholder('userId');
  const mine = and(eq(boosts.postId, postId), eq(boosts.userId, userId));
  return {
    has: db.select({ postId: boosts.postId }).from(boosts).where(mine).prepare(),
    add: db
      .insert(boosts)
      .values({ postId, userId, createdAt: sql.placeholder('at') })
      .prepare(),
    remove: db.delete(boosts).where(mine).returning({ at: boosts.createdAt }).prepare(),
  };
});

export function boostWrites(db: Db): Writes['boosts'] {
  return {
    has: async (postId, userId) => !!statements(db).has.get({ postId, userId }),
    async add(postId, userId, at) {
      statements(db).add.run({ postId, userId, at });
    },
    remove: async (postId, userId) => statements(db).remove.get({ postId, userId })?.at,
    async setHidden(followerId, followeeId, hidden) {
      db.update(follows)
        .set({ hideBoosts: hidden })
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
        .run();
    },
  };
}
