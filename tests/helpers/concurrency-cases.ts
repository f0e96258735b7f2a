import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMember, type FactoryMember } from '../../seed/factories.js';
import { signup } from '../../src/server/domain/auth.js';
import { addBookmark, removeBookmark } from '../../src/server/domain/bookmarks.js';
import { messages } from '../../src/server/domain/errors.js';
import { follow, unfollow } from '../../src/server/domain/follow.js';
import { createPost, dislikePost, likePost } from '../../src/server/domain/posts.js';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import type { Store } from '../../src/server/store/store.js';

// The rules hold when requests race, on either engine. On SQLite one writer makes the writes take turns; on
// PostgreSQL row locks do (docs/decisions/0002-two-engines.md). The same cases run on both:
// tests/server/concurrency-rules.test.ts (SQLite) and tests/pg/concurrency.test.ts (PostgreSQL).

/** What a batch of racing calls came to: how many were accepted, and the messages of the refused. */
async function race(calls: Promise<unknown>[]) {
  const settled = await Promise.allSettled(calls);
  return {
    accepted: settled.filter((result) => result.status === 'fulfilled').length,
    refusals: settled.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as Error).message] : [],
    ),
  };
}

const times = (n: number) => Array.from({ length: n }, (_, i) => i);

export function concurrencyCases(engine: string, open: () => Promise<Store>) {
  let store: Store;
  let author: FactoryMember;
  let postId: string;
  beforeEach(async () => {
    store = await open();
    author = await createMember(store);
    postId = await createPost(store, author, 'a post everyone wants to react to');
  });
  afterEach(() => store.close());

  const members = (n: number) => Promise.all(times(n).map(() => createMember(store)));
  const likeCount = async () => (await store.read.posts.find(postId))!.likeCount;
  const followerCount = async (id: string) => (await store.read.members.profile(null, id))!.followerCount;
  /** Each member's reaction to the post, read inside one write transaction (the store's only door to it). */
  const reactionsOf = (people: FactoryMember[]) =>
    store.write(async (tx) => {
      const kinds = [];
      for (const member of people) kinds.push(await tx.reactions.of(postId, member.id));
      return kinds;
    });

  describe(`racing writes keep the rules (${engine})`, () => {
    it('50 members like one post at once: likeCount rises by exactly 50, with 50 likes', async () => {
      const likers = await members(50);
      expect(await race(likers.map((member) => likePost(store, member, postId)))).toEqual({
        accepted: 50,
        refusals: [],
      });
      expect(await likeCount()).toBe(50);
      expect(await reactionsOf(likers)).toEqual(times(50).map(() => 'like'));
    });

    it('50 members dislike a post with 1 like at once: exactly one is accepted, likeCount ends at 0', async () => {
      const [liker, ...dislikers] = await members(51);
      await likePost(store, liker!, postId);
      const { accepted, refusals } = await race(
        dislikers.map((member) => dislikePost(store, member, postId)),
      );
      expect(accepted).toBe(1);
      expect(refusals).toEqual(times(49).map(() => messages.likeBelowZero));
      expect(await likeCount()).toBe(0);
    });

    it('one member likes one post 10 times at once: one like, +1, nine refusals', async () => {
      const [member] = await members(1);
      const { accepted, refusals } = await race(times(10).map(() => likePost(store, member!, postId)));
      expect(accepted).toBe(1);
      expect(refusals).toEqual(times(9).map(() => messages.alreadyLiked));
      expect(await likeCount()).toBe(1);
      expect(await reactionsOf([member!])).toEqual(['like']);
    });

    it('likes and dislikes racing from zero: likeCount never below zero, and it counts the reactions', async () => {
      const people = await members(40);
      const { refusals } = await race(
        people.map((member, i) =>
          i % 2 ? likePost(store, member, postId) : dislikePost(store, member, postId),
        ),
      );
      expect(new Set(refusals)).toEqual(new Set(refusals.length ? [messages.likeBelowZero] : []));
      const kinds = await reactionsOf(people);
      const count =
        kinds.filter((kind) => kind === 'like').length - kinds.filter((kind) => kind === 'dislike').length;
      expect(await likeCount()).toBe(count);
      expect(count).toBeGreaterThanOrEqual(0);
    });

    it('one member follows another 10 times at once, then unfollows 10 times: one of each, counts right', async () => {
      const [fan] = await members(1);
      const follows = await race(times(10).map(() => follow(store, fan!, author.id)));
      expect(follows).toEqual({ accepted: 1, refusals: times(9).map(() => messages.alreadyFollowing) });
      expect(await followerCount(author.id)).toBe(1);
      const unfollows = await race(times(10).map(() => unfollow(store, fan!, author.id)));
      expect(unfollows).toEqual({ accepted: 1, refusals: times(9).map(() => messages.notFollowing) });
      expect(await followerCount(author.id)).toBe(0);
    });

    it('two members follow each other at once, 20 times over: both follows, counts right, no errors', async () => {
      const [ann, bob] = (await members(2)) as [FactoryMember, FactoryMember];
      for (const _ of times(20)) {
        expect(await race([follow(store, ann, bob.id), follow(store, bob, ann.id)])).toEqual({
          accepted: 2,
          refusals: [],
        });
        expect([await followerCount(ann.id), await followerCount(bob.id)]).toEqual([1, 1]);
        expect(await race([unfollow(store, ann, bob.id), unfollow(store, bob, ann.id)])).toEqual({
          accepted: 2,
          refusals: [],
        });
        expect([await followerCount(ann.id), await followerCount(bob.id)]).toEqual([0, 0]);
      }
    });

    it('one member bookmarks one post 10 times at once, then removes it 10 times: one of each', async () => {
      const [reader] = await members(1);
      const adds = await race(times(10).map(() => addBookmark(store, reader!, postId)));
      expect(adds).toEqual({ accepted: 1, refusals: times(9).map(() => messages.alreadyBookmarked) });
      expect(await store.read.feeds.bookmarkCount(reader!.id)).toBe(1);
      const removals = await race(times(10).map(() => removeBookmark(store, reader!, postId)));
      expect(removals).toEqual({ accepted: 1, refusals: times(9).map(() => messages.notBookmarked) });
      expect(await store.read.feeds.bookmarkCount(reader!.id)).toBe(0);
    });

    it('eight look-alike usernames sign up at once: exactly one account, the others refused', async () => {
      const keys = createTokenKeys('a secret for the look-alike race, long enough');
      // admin in Latin, with a Cyrillic а or і, a Lisu ꓮ, rn for m, and in capitals.
      const names = [
        'admin',
        '\u0430dmin',
        '\ua4eedmin',
        'adrnin',
        'ADMIN',
        'Admin',
        '\u0430drnin',
        'adm\u0456n',
      ];
      const result = await race(
        names.map((username) => signup(store, keys, { username, password: 'a-good-password' })),
      );
      expect(result.accepted).toBe(1);
      for (const message of result.refusals) {
        expect([messages.usernameTaken, messages.usernameLookalike]).toContain(message);
      }
      const taken = await Promise.all(names.map((name) => store.read.members.idByKey(name.toLowerCase())));
      // admin, ADMIN and Admin share one key: one account whichever name won.
      expect(new Set(taken.filter(Boolean)).size).toBe(1);
    });

    it('a write that throws after writing leaves nothing behind', async () => {
      const [fan] = await members(1);
      const failed = store.write(async (tx) => {
        await tx.posts.insert({ id: 'never-kept', authorId: fan!.id, content: 'gone', at: Date.now() });
        await tx.reactions.set(postId, fan!.id, 'like', 1, Date.now());
        await tx.follows.add(fan!.id, author.id, Date.now());
        throw new Error('the rule changed its mind');
      });
      await expect(failed).rejects.toThrow('the rule changed its mind');
      expect(await store.read.posts.find('never-kept')).toBeUndefined();
      expect(await likeCount()).toBe(0);
      expect(await reactionsOf([fan!])).toEqual([undefined]);
      expect(await followerCount(author.id)).toBe(0);
      // and the store goes on writing
      await likePost(store, fan!, postId);
      expect(await likeCount()).toBe(1);
    });
  });
}
