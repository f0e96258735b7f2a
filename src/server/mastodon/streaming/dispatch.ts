import { boostFollowersAmong, followersAmong, postReach, quotesHidden } from '../../domain/live-reach.js';
import type { LiveEvent, Store } from '../../store/store.js';
import { encodeId } from '../ids.js';
import { homeKey, type Clients, type StreamClient, type Subscription } from './clients.js';
import { streamedBoost, streamedPost, type StreamedPost } from './payloads.js';

// Realm's live events (store.subscribe: every process, every node; docs/decisions/0003) as Mastodon's
// streaming events for the clients of this process. Like the web app's live updates, each event costs a
// fixed number of reads whatever the number of clients: the status written once, who may see it and the
// posts it quotes among the members connected here (postCounts: blocks either way, mutes, suspension, the
// same rule as every read; whether explore leaves it out), who follows its author (the home stream).
// Events are handled one after another, so a client hears an update before the delete that follows it.

export type NotificationSender = (memberId: string, clients: readonly StreamClient[]) => Promise<void>;

const statusStreams = new Set([
  'user',
  'public',
  'public:local',
  'public:media',
  'public:local:media',
  'hashtag',
  'hashtag:local',
]);

/**
 * Whether a subscription carries this post; `home`: it is in the member's home feed; `explored`: explore,
 * the public timeline, shows it (not a limited member's).
 */
function carries(sub: Subscription, post: StreamedPost, home: boolean, explored: boolean): boolean {
  switch (sub.name) {
    case 'user':
      return home;
    case 'public':
    case 'public:local':
      return explored; // every post on Realm is public, and local
    case 'public:media':
    case 'public:local:media':
      return explored && post.hasMedia;
    case 'hashtag':
    case 'hashtag:local':
      return sub.tag !== undefined && post.tags.has(sub.tag.toLowerCase());
    default:
      return false; // remote, direct and list streams: Realm has none of those statuses
  }
}

export function dispatchToClients(
  store: Store,
  clients: Clients,
  options: { onError(error: unknown): void; sendNotifications: NotificationSender },
) {
  let queue = Promise.resolve();
  const run = (work: () => Promise<void>) => {
    queue = queue.then(work).catch(options.onError);
  };
  const listening = (client: StreamClient) =>
    [...client.subscriptions.values()].some((s) => statusStreams.has(s.name));

  /** A new or edited post to every client that may see it, on each of its subscriptions that carries it. */
  async function tellPost(postId: string, authorId: string, event: 'update' | 'status.update') {
    const members = clients.members().filter((memberId) => clients.of(memberId).some(listening));
    if (members.length === 0) return;
    const post = await streamedPost(store, postId);
    if (!post) return;
    // One read for the post and those it quotes.
    const counts = await postReach(store, [postId, ...post.quoted], members);
    const own = counts.find((row) => row.postId === postId);
    if (!own || own.hiddenFromAll) return;
    const hidden = new Set(own.hiddenFrom);
    const quotesHiddenFrom = quotesHidden(post.quoted, counts);
    const wantsHome = members.filter(
      (memberId) => memberId !== authorId && clients.of(memberId).some((c) => c.subscriptions.has(homeKey)),
    );
    const home = new Set([
      authorId,
      ...(wantsHome.length > 0 ? await followersAmong(store, authorId, wantsHome) : []),
    ]);
    for (const memberId of members) {
      if (hidden.has(memberId)) continue;
      const theirs = quotesHiddenFrom(memberId);
      for (const client of clients.of(memberId)) {
        for (const sub of client.subscriptions.values()) {
          if (carries(sub, post, home.has(memberId), !own.authorLimited)) {
            client.send(sub, event, post.json(client.origin, theirs));
          }
        }
      }
    }
  }

  /** A boost comes to the home streams of the booster and of their followers who see it (fan-out.ts). */
  async function tellBoost(event: Extract<LiveEvent, { type: 'boost' }>) {
    const members = clients
      .members()
      .filter((memberId) => clients.of(memberId).some((c) => c.subscriptions.has(homeKey)));
    if (members.length === 0 || event.at === undefined) return;
    const others = members.filter((memberId) => memberId !== event.boosterId);
    const followers =
      others.length > 0 ? await boostFollowersAmong(store, event.boosterId, event.authorId, others) : [];
    const reach = [...(members.includes(event.boosterId) ? [event.boosterId] : []), ...followers];
    if (reach.length === 0) return;
    const boost = await streamedBoost(store, event.postId, event.boosterId, event.at);
    if (!boost) return;
    const quotesHiddenFrom = quotesHidden(
      boost.quoted,
      boost.quoted.length > 0 ? await postReach(store, boost.quoted, reach) : [],
    );
    for (const memberId of reach) {
      const theirs = quotesHiddenFrom(memberId);
      for (const client of clients.of(memberId)) {
        const sub = client.subscriptions.get(homeKey);
        if (sub) client.send(sub, 'update', boost.json(client.origin, theirs));
      }
    }
  }

  /** A deleted post's id to every status stream: the id tells nothing, and apps drop it where they hold it. */
  function tellDeleted(postId: string, createdAt: number) {
    const id = encodeId('post', createdAt, postId);
    for (const client of clients.all()) {
      for (const sub of client.subscriptions.values())
        if (statusStreams.has(sub.name)) client.send(sub, 'delete', id);
    }
  }

  /** An undone boost's reblog id to every home stream: the id tells nothing to whoever never had it. */
  function tellUnboosted(postId: string, at: number) {
    const id = encodeId('boost', at, postId);
    for (const client of clients.all()) {
      const sub = client.subscriptions.get(homeKey);
      if (sub) client.send(sub, 'delete', id);
    }
  }

  function endSessions(memberId: string) {
    for (const client of [...clients.of(memberId)]) client.close();
  }

  function onEvent(event: LiveEvent) {
    if (clients.size === 0) return; // nobody here to tell
    switch (event.type) {
      case 'session-ended':
        return endSessions(event.memberId);
      case 'post':
        return run(() => tellPost(event.postId, event.authorId, 'update'));
      case 'boost':
        return run(() => tellBoost(event));
      case 'unboost':
        return run(async () => tellUnboosted(event.postId, event.at));
      case 'post-changed':
        if (event.deleted) {
          const { createdAt } = event.deleted;
          return run(async () => tellDeleted(event.postId, createdAt));
        }
        if (event.edited) return run(() => editedPost(event.postId));
        return; // counts: Mastodon streams no count changes
      case 'notifications': {
        const theirs = clients.of(event.memberId);
        if (theirs.length > 0) run(() => options.sendNotifications(event.memberId, theirs));
        return;
      }
    }
  }

  async function editedPost(postId: string) {
    const post = await store.read.posts.find(postId);
    if (post) await tellPost(postId, post.authorId, 'status.update');
  }

  const unsubscribe = store.subscribe((event) => {
    try {
      onEvent(event);
    } catch (error) {
      options.onError(error);
    }
  });
  return unsubscribe;
}
