import { boostFollowersAmong, followersAmong, postReach } from '../domain/live-reach.js';
import type { LiveEvent, PostCountsFor, Store } from '../store/store.js';
import { sseEvent, type StreamRegistry } from './stream-registry.js';

export type DispatchOptions = {
  /** Changes of counts within this long are read together and sent together. */
  coalesceMs: number;
  onError(error: unknown): void;
};

/**
 * Turns the instance's live events (store.subscribe: every process, every node) into the events of this
 * process's streams, reading only what the members connected here may see and never more than one
 * statement per event, however many streams there are:
 * - `post`: to the author's streams and those of their followers connected here;
 * - `post-changed`: gathered for `coalesceMs`, then the counts of all those posts in one read, to every
 *   stream but those of members the post is hidden from (blocked either way, a muted author, a suspended
 *   one: the same read says who, among the members connected here); a deleted post: `deleted: true`;
 * - `notifications`: the member's unread count, if they have a stream here;
 * - `resync`: this process may have missed events; every stream tells its client to catch up;
 * - `session-ended`: the member's tokens stopped working; each of their streams here is told so
 *   and closed at once (reconnecting with the old token is refused). No read.
 */
export function dispatchLiveEvents(store: Store, streams: StreamRegistry, options: DispatchOptions) {
  const changedPosts = new Set<string>();
  const unreadOf = new Set<string>();
  let flushing: NodeJS.Timeout | undefined;

  const run = (work: () => Promise<void>) => void work().catch(options.onError);

  async function newPost(postId: string, authorId: string) {
    const others = streams.members().filter((memberId) => memberId !== authorId);
    const followers = await followersAmong(store, authorId, others);
    const text = sseEvent('post', { postId, authorId });
    for (const memberId of [authorId, ...followers]) {
      for (const stream of streams.streamsOf(memberId)) stream.send(text);
    }
  }

  // A boost comes to the booster's own feed and their followers' as a new post does: the same event, named
  // by the booster, so the "new posts" button counts it (docs/decisions/0011-boosts-in-the-home-feed.md).
  async function newBoost(postId: string, boosterId: string, authorId: string) {
    const others = streams.members().filter((memberId) => memberId !== boosterId);
    const followers = await boostFollowersAmong(store, boosterId, authorId, others);
    const text = sseEvent('post', { postId, authorId: boosterId });
    for (const memberId of [boosterId, ...followers]) {
      for (const stream of streams.streamsOf(memberId)) stream.send(text);
    }
  }

  async function sendCounts(postIds: string[]) {
    // Those asked about, and no others: a stream opened during the read is not known to see these posts.
    const members = streams.members();
    const counts = await postReach(store, postIds, members);
    const found = new Set(counts.map((count) => count.postId));
    const deleted = postIds
      .filter((postId) => !found.has(postId))
      .map((postId) => sseEvent('counts', { postId, deleted: true }))
      .join('');
    const heard = counts.filter((count) => !count.hiddenFromAll);
    const text = (count: PostCountsFor) =>
      sseEvent('counts', {
        postId: count.postId,
        likeCount: count.likeCount,
        commentCount: count.commentCount,
      });
    // Most streams hear the same batch, built once; only a member some post is hidden from has their own.
    const hiddenFrom = new Set(heard.flatMap((count) => count.hiddenFrom));
    const common = heard.map(text).join('') + deleted;
    for (const memberId of members) {
      const batch = hiddenFrom.has(memberId)
        ? heard
            .filter((count) => !count.hiddenFrom.includes(memberId))
            .map(text)
            .join('') + deleted
        : common;
      // One write per stream for the whole batch, and none when nothing in it is theirs.
      if (batch === '') continue;
      for (const stream of streams.streamsOf(memberId)) stream.send(batch);
    }
  }

  async function sendUnread(memberId: string) {
    const count = await store.read.notifications.unreadCount(memberId);
    for (const stream of streams.streamsOf(memberId)) stream.send(sseEvent('unread', { count }));
  }

  function flush() {
    flushing = undefined;
    const postIds = [...changedPosts];
    const members = [...unreadOf].filter((memberId) => streams.streamsOf(memberId).length > 0);
    changedPosts.clear();
    unreadOf.clear();
    if (postIds.length > 0 && streams.size > 0) run(() => sendCounts(postIds));
    for (const memberId of members) run(() => sendUnread(memberId));
  }

  const later = () => (flushing ??= setTimeout(flush, options.coalesceMs));

  function endSessions(memberId: string) {
    const text = sseEvent('session-ended', {});
    for (const stream of [...streams.streamsOf(memberId)]) {
      stream.send(text);
      stream.close();
    }
  }

  function onEvent(event: LiveEvent) {
    if (streams.size === 0) return; // nobody here to tell
    switch (event.type) {
      case 'session-ended':
        return endSessions(event.memberId);
      case 'post':
        return run(() => newPost(event.postId, event.authorId));
      case 'boost':
        return run(() => newBoost(event.postId, event.boosterId, event.authorId));
      case 'post-changed':
        changedPosts.add(event.postId);
        return later();
      case 'notifications':
        // Several in one write (a comment that also mentions) are one read.
        if (streams.streamsOf(event.memberId).length === 0) return;
        unreadOf.add(event.memberId);
        return later();
      case 'resync':
        for (const stream of streams.all()) stream.send(sseEvent('resync', {}));
    }
  }

  // The store calls listeners right after a commit: a failure here must not look like the write's.
  const unsubscribe = store.subscribe((event) => {
    try {
      onEvent(event);
    } catch (error) {
      options.onError(error);
    }
  });
  return () => {
    unsubscribe();
    clearTimeout(flushing);
  };
}
