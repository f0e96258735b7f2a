import { randomBytes } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { write, type Db } from '../src/server/db/client.js';
import { comments, posts, users } from '../src/server/db/schema.js';
import { hashPassword } from '../src/server/domain/passwords.js';
import { usernameKey } from '../src/shared/schemas.js';
import { demoCredentials, seedMembers, seedPosts } from './data.js';

const hour = 60 * 60 * 1000;

/** Whether the demo member of "Add Test Credentials" exists: the demo has been loaded on this instance. */
export function hasDemoMember(db: Db): boolean {
  const demo = seedMembers.find((member) => member.username === demoCredentials.username)!;
  return (db.select({ n: count() }).from(users).where(eq(users.id, demo.id)).get()?.n ?? 0) > 0;
}

/**
 * Writes the seed in one transaction. Rows that exist already are left alone, so running it twice adds
 * nothing. Only the demo member has a known password; the others get a random one nobody knows.
 */
export async function runSeed(db: Db, now = Date.now()): Promise<{ members: number; posts: number }> {
  const hashes = await Promise.all(
    seedMembers.map((member) =>
      hashPassword(
        member.username === demoCredentials.username
          ? demoCredentials.password
          : randomBytes(24).toString('hex'),
      ),
    ),
  );
  return write(db, () => {
    const memberRows = seedMembers.map((member, i) => ({
      id: member.id,
      username: member.username,
      usernameKey: usernameKey(member.username),
      firstName: member.firstName,
      lastName: member.lastName,
      bio: member.bio,
      link: member.link,
      profilePic: `/pictures/${member.picture}.svg`,
      profileBanner: `/pictures/${member.picture}-banner.svg`,
      passwordHash: hashes[i]!,
      createdAt: now - 30 * 24 * hour + i * hour,
      updatedAt: now - 30 * 24 * hour + i * hour,
    }));
    const addedMembers = db.insert(users).values(memberRows).onConflictDoNothing().run().changes;
    // A member signed up under a seed name before the seed ran keeps it; that seed member's posts are skipped.
    const present = new Set(
      db
        .select({ id: users.id })
        .from(users)
        .where(
          inArray(
            users.id,
            seedMembers.map((m) => m.id),
          ),
        )
        .all()
        .map((row) => row.id),
    );
    const memberId = (index: number) => seedMembers[index]!.id;
    const postable = seedPosts.filter(
      (post) =>
        present.has(memberId(post.author)) && post.comments.every((c) => present.has(memberId(c.author))),
    );
    let addedPosts = 0;
    for (const post of postable) {
      const at = now - post.hoursAgo * hour;
      const added = db
        .insert(posts)
        .values({
          id: post.id,
          authorId: memberId(post.author),
          content: post.content,
          likeCount: post.likeCount,
          commentCount: post.comments.length,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .run().changes;
      if (added === 0) continue;
      addedPosts += 1;
      db.insert(comments)
        .values(
          post.comments.map((comment, i) => ({
            id: comment.id,
            postId: post.id,
            authorId: memberId(comment.author),
            text: comment.text,
            createdAt: at + (i + 1) * 20 * 60 * 1000,
            updatedAt: at + (i + 1) * 20 * 60 * 1000,
          })),
        )
        .onConflictDoNothing()
        .run();
    }
    return { members: addedMembers, posts: addedPosts };
  });
}
