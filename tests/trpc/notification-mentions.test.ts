import { afterEach, describe, expect, it } from 'vitest';
import { contentOf, deleteMember } from '../../src/server/domain/members.js';
import { nextMs } from '../helpers/expect.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { gist, inbox, unread } from '../helpers/notifications.js';

// The rules of domain/notifications.ts: mentions (shared/rich-text.ts says what one is), edits and deletions
// that take them back, and a deleted member. Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const kinds = async (member: { token: string }) => (await inbox(t, member)).map((view) => view.kind);

describe('a mention', () => {
  it('in a post tells an existing member, whatever the case, email-like names too; not a stranger, not oneself', async () => {
    t = await makeTestApp();
    const author = await t.member({ username: 'amara' });
    const jane = await t.member({ username: 'jane@example.com' });
    const kenji = await t.member({ username: 'Kenji' });
    const content = `Thanks @JANE@Example.com, @kENJI and @kenji again, @nobody@example.com and @Amara!`;
    const { id: postId } = await t.caller(author.token).posts.create({ content });

    for (const member of [jane, kenji]) {
      expect(await inbox(t, member)).toEqual([
        expect.objectContaining({
          kind: 'mention',
          actors: [expect.objectContaining({ id: author.id, username: 'amara' })],
          actorCount: 1,
          unread: true,
          post: { id: postId, excerpt: content },
          comment: null,
        }),
      ]);
      expect(await unread(t, member)).toBe(1);
    }
    expect(await inbox(t, author)).toEqual([]);
    // An email inside a sentence is not a mention (rich-text.ts): jane is told once, by the mention above.
    await t.caller(author.token).posts.create({ content: 'write to jane@example.com' });
    expect(await unread(t, jane)).toBe(1);
  });

  it('in a comment tells the member, with the comment; the post’s author mentioned gets only the comment’s notification', async () => {
    t = await makeTestApp();
    const [author, amara, kenji] = await Promise.all([t.member(), t.member(), t.member()]);
    const { id: postId } = await t.caller(author.token).posts.create({ content: 'a question' });
    const text = `@${author.username} @${kenji.username} have a look`;
    await t.caller(amara.token).comments.add({ postId, text });

    const [mention] = await inbox(t, kenji);
    expect(mention).toMatchObject({
      kind: 'mention',
      actors: [{ id: amara.id }],
      post: { id: postId, excerpt: 'a question' },
      comment: { excerpt: text },
    });
    const [comment, ...rest] = await inbox(t, author);
    expect(rest).toEqual([]);
    expect(comment).toMatchObject({ kind: 'comment', comment: { id: mention!.comment!.id } });

    // A comment's mentions go with it.
    await t.caller(author.token).comments.delete({ postId, commentId: mention!.comment!.id });
    expect(await inbox(t, kenji)).toEqual([]);
    expect(await inbox(t, author)).toEqual([]);
  });

  it('edited away is taken back, and one edited in tells its member once', async () => {
    t = await makeTestApp();
    const [author, jane, kenji] = await Promise.all([t.member(), t.member(), t.member()]);
    const posts = t.caller(author.token).posts;
    const { id: postId } = await posts.create({ content: `hi @${jane.username}` });
    await posts.edit({ postId, content: `hi @${jane.username}, edited` });
    expect((await inbox(t, jane)).map(gist)).toEqual([
      { kind: 'mention', actors: [author.username], actorCount: 1 },
    ]);

    await posts.edit({ postId, content: `hi @${kenji.username}` });
    expect(await inbox(t, jane)).toEqual([]);
    expect(await unread(t, jane)).toBe(0);
    expect(await kinds(kenji)).toEqual(['mention']);

    // The same in a comment (on jane's post: her comment notification stays).
    const { id: janesPost } = await t.caller(jane.token).posts.create({ content: 'my post' });
    const card = await t.caller(author.token).comments.add({ postId: janesPost, text: 'plain' });
    const commentId = card.latestComments[0]!.id;
    const comments = t.caller(author.token).comments;
    await comments.edit({ postId: janesPost, commentId, text: `now @${kenji.username}` });
    expect(await kinds(kenji)).toEqual(['mention', 'mention']);
    expect((await inbox(t, kenji))[0]!.comment).toEqual({ id: commentId, excerpt: `now @${kenji.username}` });
    await comments.edit({ postId: janesPost, commentId, text: `now @${jane.username} only` });
    expect(await kinds(kenji)).toEqual(['mention']);
    expect(await kinds(jane)).toEqual(['comment']); // the post's author: told by the comment alone
  });
});

describe('deleting a member', () => {
  it('leaves no notification without actors, and groups shared with others lose only that name', async () => {
    t = await makeTestApp();
    const [star, leaver, stays] = await Promise.all([t.member(), t.member(), t.member()]);
    const { id: postId } = await t.caller(star.token).posts.create({ content: 'a post' });
    await t.caller(stays.token).posts.like({ postId });
    const staysAt = (await inbox(t, star))[0]!.at;
    await nextMs();
    await t.caller(leaver.token).posts.like({ postId });
    await t.caller(leaver.token).follow.follow({ userId: star.id });
    const { id: otherPost } = await t.caller(stays.token).posts.create({ content: 'another' });
    await t.caller(leaver.token).comments.add({ postId: otherPost, text: `@${star.username} look` });
    await t.caller(leaver.token).posts.create({ content: `hello @${star.username}` });
    await t.caller(star.token).posts.create({ content: `hello @${leaver.username}` });
    expect(await kinds(star)).toEqual(['mention', 'mention', 'follow', 'like']);

    expect(await deleteMember(t.store, leaver.id)).toEqual({ posts: 1, comments: 1 });
    expect(await contentOf(t.store, leaver.id)).toEqual({ posts: 0, comments: 0 });
    const [left, ...none] = await inbox(t, star);
    expect(none).toEqual([]);
    expect(gist(left!)).toEqual({ kind: 'like', actors: [stays.username], actorCount: 1 });
    expect(left!.at).toBe(staysAt); // the time of the actor who is left, as after an unlike
    expect(await unread(t, star)).toBe(1);
    const [empty] = await t.sql<{ n: number }>(`select count(*) as n from notifications n
      where not exists (select 1 from notification_actors a where a.notification_id = n.id)`);
    expect(empty?.n).toBe(0);
  });
});
