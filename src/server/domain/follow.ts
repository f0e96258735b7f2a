import { and, eq, sql } from 'drizzle-orm';
import { write, type Db } from '../db/client.js';
import { follows, users } from '../db/schema.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages, notFound } from './errors.js';

function requireUser(db: Db, userId: string): void {
  if (!db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()) {
    throw notFound(messages.userNotFound);
  }
}

function isFollowing(db: Db, followerId: string, followeeId: string): boolean {
  return !!db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .get();
}

function touchBoth(db: Db, actorId: string, targetId: string, followerDelta: 1 | -1, at: number) {
  db.update(users)
    .set({ followerCount: sql`${users.followerCount} + ${followerDelta}`, updatedAt: at })
    .where(eq(users.id, targetId))
    .run();
  db.update(users).set({ updatedAt: at }).where(eq(users.id, actorId)).run();
}

/** Spec section 4: follow adds the target to my following and me to their followers. */
export function follow(db: Db, actor: Actor, targetId: string): void {
  write(db, () => {
    requireUser(db, targetId);
    if (targetId === actor.id) throw badRequest(messages.followSelf);
    if (isFollowing(db, actor.id, targetId)) throw badRequest(messages.alreadyFollowing);
    const at = now();
    db.insert(follows).values({ followerId: actor.id, followeeId: targetId, createdAt: at }).run();
    touchBoth(db, actor.id, targetId, 1, at);
  });
}

export function unfollow(db: Db, actor: Actor, targetId: string): void {
  write(db, () => {
    requireUser(db, targetId);
    if (!isFollowing(db, actor.id, targetId)) throw badRequest(messages.notFollowing);
    db.delete(follows)
      .where(and(eq(follows.followerId, actor.id), eq(follows.followeeId, targetId)))
      .run();
    touchBoth(db, actor.id, targetId, -1, now());
  });
}
