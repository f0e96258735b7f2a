import { randomBytes } from 'node:crypto';
import { hashPassword } from '../src/server/domain/passwords.js';
import type { Store } from '../src/server/store/store.js';
import { usernameSkeleton } from '../src/shared/username-skeleton.js';
import { usernameKey } from '../src/shared/schemas.js';
import { emailKey } from '../src/shared/handle.js';
import { demoCredentials, seedMembers, seedPosts } from './data.js';

const hour = 60 * 60 * 1000;
const demoMember = seedMembers.find((member) => member.email === demoCredentials.username)!;

/**
 * Writes the seed in one transaction. Rows that exist already are left alone, so running it twice adds
 * nothing. Only the demo member has a known password; the others get a random one nobody knows.
 */
export async function runSeed(store: Store, now = Date.now()): Promise<{ members: number; posts: number }> {
  const hashes = await Promise.all(
    seedMembers.map((member) =>
      hashPassword(member === demoMember ? demoCredentials.password : randomBytes(24).toString('hex')),
    ),
  );
  return store.write(async (tx) => {
    let addedMembers = 0;
    for (const [i, member] of seedMembers.entries()) {
      const at = now - 30 * 24 * hour + i * hour;
      const added = await tx.members.insert({
        id: member.id,
        username: member.username,
        usernameKey: usernameKey(member.username),
        usernameSkeleton: usernameSkeleton(member.username),
        email: member.email ?? null,
        emailKey: member.email === undefined ? null : emailKey(member.email),
        firstName: member.firstName,
        lastName: member.lastName,
        bio: member.bio,
        link: member.link,
        profilePic: `/pictures/${member.picture}.svg`,
        profileBanner: `/pictures/${member.picture}-banner.svg`,
        passwordHash: hashes[i]!,
        createdAt: at,
        updatedAt: at,
      });
      if (added) addedMembers += 1;
    }
    // A member signed up under a seed name before the seed ran keeps it; that seed member's posts are skipped.
    const present = new Set<string>();
    for (const member of seedMembers) if (await tx.members.exists(member.id)) present.add(member.id);
    const memberId = (index: number) => seedMembers[index]!.id;
    const postable = seedPosts.filter(
      (post) =>
        present.has(memberId(post.author)) && post.comments.every((c) => present.has(memberId(c.author))),
    );
    let addedPosts = 0;
    for (const post of postable) {
      const at = now - post.hoursAgo * hour;
      const added = await tx.posts.insert({
        id: post.id,
        authorId: memberId(post.author),
        content: post.content,
        at,
        // A stored counter: the seed's posts start with likes from nobody in particular.
        likeCount: post.likeCount,
        commentCount: post.comments.length,
      });
      if (!added) continue;
      addedPosts += 1;
      for (const [i, comment] of post.comments.entries()) {
        const commentAt = at + (i + 1) * 20 * 60 * 1000;
        const row = {
          id: comment.id,
          postId: post.id,
          authorId: memberId(comment.author),
          text: comment.text,
        };
        await tx.comments.insert({ ...row, at: commentAt }, false);
      }
    }
    return { members: addedMembers, posts: addedPosts };
  });
}
