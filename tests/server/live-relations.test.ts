import { afterEach, describe, expect, it } from 'vitest';
import { createPost, editPost } from '../../src/server/domain/posts.js';
import { listening, openEventStream, type EventStream } from '../helpers/event-stream.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Block and mute apply to live updates too. A new post reaches no follower who muted its
// author, and nobody when its author is suspended. (A block ends follows, so it ends the author's posts
// reaching the other as well.) A post's counts reach nobody it is hidden from: blocked either way, a muter
// of its author, anyone when its author is suspended. Over real HTTP, on the suite's engine.

let t: TestApp;
const streams: EventStream[] = [];
afterEach(async () => {
  streams.splice(0).forEach((stream) => stream.close());
  await t?.close();
});

async function stream(url: string, token: string) {
  const opened = await openEventStream(url, token);
  streams.push(opened);
  await opened.next('hello');
  return opened;
}

const postsOf = (live: EventStream) => live.events.filter((event) => event.type === 'post');
/** The posts whose counts the stream heard. */
const countsOf = (live: EventStream) =>
  live.events.filter((event) => event.type === 'counts').map((event) => event.data.postId);

describe('live updates', () => {
  it('bring a new post to the followers who did not mute its author; an unmute brings the next', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const [author, fan, muter] = [await t.member(), await t.member(), await t.member()];
    for (const follower of [fan, muter]) await t.caller(follower.token).follow.follow({ userId: author.id });
    await t.caller(muter.token).relations.mute({ username: author.username });
    const [fanLive, muterLive] = [await stream(url, fan.token), await stream(url, muter.token)];

    const { id: first } = await t.caller(author.token).posts.create({ content: 'first' });
    await fanLive.next('post', (data) => data.postId === first);
    // By the time the counts of a later like reach every stream, the muter would have had the post.
    const { id: fans } = await t.caller(fan.token).posts.create({ content: 'the fan’s' });
    await t.caller(fan.token).posts.like({ postId: fans });
    await muterLive.next('counts', (data) => data.postId === fans);
    expect(postsOf(muterLive)).toEqual([]);

    await t.caller(muter.token).relations.unmute({ username: author.username });
    const { id: second } = await t.caller(author.token).posts.create({ content: 'second' });
    expect((await muterLive.next('post')).data).toEqual({ postId: second, authorId: author.id });
  });

  it('bring a suspended author’s post to nobody', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const [author, fan] = [await t.member(), await t.member()];
    await t.caller(fan.token).follow.follow({ userId: author.id });
    const fanLive = await stream(url, fan.token);
    await t.sql(`update users set status = 'suspended' where id = $1`, [author.id]);
    // A post that was on its way when the suspension came (the rule itself, past the token check).
    const postId = await createPost(t.store, author, 'late');
    const { id: other } = await t.caller(fan.token).posts.create({ content: 'after' });
    await fanLive.next('post', (data) => data.postId === other);
    await t.caller(fan.token).posts.like({ postId: other });
    await fanLive.next('counts', (data) => data.postId === other);
    expect(postsOf(fanLive).map((event) => event.data.postId)).toEqual([other]);
    expect(postId).toEqual(expect.any(String));
  });

  it('a block leaves neither member’s new posts reaching the other', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const [ann, bob] = [await t.member(), await t.member()];
    await t.caller(ann.token).follow.follow({ userId: bob.id });
    await t.caller(bob.token).follow.follow({ userId: ann.id });
    await t.caller(bob.token).relations.block({ username: ann.username });
    const [annLive, bobLive] = [await stream(url, ann.token), await stream(url, bob.token)];
    const { id: fromAnn } = await t.caller(ann.token).posts.create({ content: 'ann' });
    const { id: fromBob } = await t.caller(bob.token).posts.create({ content: 'bob' });
    await annLive.next('post', (data) => data.postId === fromAnn);
    await bobLive.next('post', (data) => data.postId === fromBob);
    // The counts of a like reach each stream after the posts before it would have.
    await t.caller(ann.token).posts.like({ postId: fromAnn });
    await t.caller(bob.token).posts.like({ postId: fromBob });
    await annLive.next('counts', (data) => data.postId === fromAnn);
    await bobLive.next('counts', (data) => data.postId === fromBob);
    expect(postsOf(annLive).map((event) => event.data.postId)).toEqual([fromAnn]);
    expect(postsOf(bobLive).map((event) => event.data.postId)).toEqual([fromBob]);
  });

  it('bring a post’s counts to nobody a block stands between, either way', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const [ann, bob, cat, dan] = [await t.member(), await t.member(), await t.member(), await t.member()];
    const { id: before } = await t.caller(ann.token).posts.create({ content: 'before the block' });
    await t.caller(ann.token).relations.block({ username: bob.username });
    const { id: fromAnn } = await t.caller(ann.token).posts.create({ content: 'ann' });
    const { id: fromBob } = await t.caller(bob.token).posts.create({ content: 'bob' });
    const { id: fromDan } = await t.caller(dan.token).posts.create({ content: 'dan' });
    const [annLive, bobLive, danLive] = [
      await stream(url, ann.token),
      await stream(url, bob.token),
      await stream(url, dan.token),
    ];

    for (const postId of [before, fromAnn, fromBob]) await t.caller(cat.token).posts.like({ postId });
    for (const postId of [before, fromAnn, fromBob]) {
      await danLive.next('counts', (data) => data.postId === postId);
    }
    // Liked last: once a stream has its counts, it would have had those of the likes before.
    await t.caller(cat.token).posts.like({ postId: fromDan });
    for (const live of [annLive, bobLive, danLive])
      await live.next('counts', (data) => data.postId === fromDan);
    expect(countsOf(bobLive)).not.toContain(fromAnn);
    expect(countsOf(bobLive)).not.toContain(before);
    expect(countsOf(annLive)).not.toContain(fromBob);
    expect(countsOf(annLive)).toEqual(expect.arrayContaining([before, fromAnn]));
    expect(countsOf(bobLive)).toContain(fromBob);
    expect(countsOf(danLive)).toEqual(expect.arrayContaining([before, fromAnn, fromBob, fromDan]));
  });

  it('bring a muted author’s counts not to the muter, and the muter’s still to them', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const [ann, muter, cat, dan] = [await t.member(), await t.member(), await t.member(), await t.member()];
    await t.caller(muter.token).relations.mute({ username: ann.username });
    const { id: fromAnn } = await t.caller(ann.token).posts.create({ content: 'ann' });
    const { id: fromMuter } = await t.caller(muter.token).posts.create({ content: 'muter' });
    const { id: fromDan } = await t.caller(dan.token).posts.create({ content: 'dan' });
    const [annLive, muterLive, danLive] = [
      await stream(url, ann.token),
      await stream(url, muter.token),
      await stream(url, dan.token),
    ];

    await t.caller(cat.token).posts.like({ postId: fromAnn });
    await t.caller(cat.token).posts.like({ postId: fromMuter });
    await danLive.next('counts', (data) => data.postId === fromAnn);
    await annLive.next('counts', (data) => data.postId === fromMuter); // a mute hides one way
    await t.caller(cat.token).posts.like({ postId: fromDan });
    await muterLive.next('counts', (data) => data.postId === fromDan);
    expect(countsOf(muterLive)).not.toContain(fromAnn);
    expect(countsOf(muterLive)).toContain(fromMuter);
  });

  it('bring a suspended author’s counts to nobody', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const [author, fan, dan] = [await t.member(), await t.member(), await t.member()];
    const { id: fromAuthor } = await t.caller(author.token).posts.create({ content: 'before' });
    const { id: fromDan } = await t.caller(dan.token).posts.create({ content: 'dan' });
    const [authorLive, fanLive, danLive] = [
      await stream(url, author.token),
      await stream(url, fan.token),
      await stream(url, dan.token),
    ];
    await t.sql(`update users set status = 'suspended' where id = $1`, [author.id]);
    // An edit that was on its way when the suspension came (the rule itself, past the token check).
    await editPost(t.store, author, fromAuthor, 'after');
    await t.caller(fan.token).posts.like({ postId: fromDan });
    for (const live of [authorLive, fanLive, danLive]) {
      await live.next('counts', (data) => data.postId === fromDan);
      expect(countsOf(live)).not.toContain(fromAuthor);
    }
  });
});
