import { afterEach, describe, expect, it } from 'vitest';
import { deleteMember } from '../../src/server/domain/members.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Every card and comment names the members its text mentions who exist, as they wrote their
// username, so the client links `@name` only to a profile that is there.

let t: TestApp;
afterEach(() => t?.close());

/** Three members whose usernames differ in case, look like an email, and stay unmentioned. */
async function people() {
  const jane = await t.member({ username: 'JaneCooper' });
  const mail = await t.member({ username: 'jane@example.com' });
  const kenji = await t.member({ username: 'kenji' });
  const author = await t.member();
  return { jane, mail, kenji, author, as: t.caller(author.token) };
}

/** Mentions in no particular order (the stores give them in the order of the members' ids). */
const sorted = (names: string[]) => [...names].sort();

const text = 'Thanks @janecooper and @Jane@Example.com! cc @nobody, mail kenji@example.org';

describe('mentions on cards and comments', () => {
  it('name only members who exist, as their usernames are written, on cards in every feed', async () => {
    t = await makeTestApp();
    const { jane, mail, as } = await people();
    const card = await as.posts.create({ content: text });
    const named = sorted([mail.username, jane.username]);
    expect(sorted(card.mentions)).toEqual(named);
    expect(sorted((await t.caller().posts.byId({ postId: card.id })).mentions)).toEqual(named);
    expect(sorted((await t.caller().posts.explore({})).items[0]!.mentions)).toEqual(named);
    expect(sorted((await t.caller(jane.token).posts.explore({})).items[0]!.mentions)).toEqual(named);
  });

  it('name the members a comment mentions, in latest comments and on the post page', async () => {
    t = await makeTestApp();
    const { jane, mail, kenji, as } = await people();
    const { id: postId } = await as.posts.create({ content: 'no one here @ all' });
    const card = await t.caller(kenji.token).comments.add({ postId, text });
    expect(sorted(card.mentions)).toEqual([]);
    expect(sorted(card.latestComments[0]!.mentions)).toEqual(sorted([mail.username, jane.username]));
    const [listed] = (await t.caller().comments.list({ postId })).items;
    expect(listed!.text).toBe(text);
    expect(sorted(listed!.mentions)).toEqual(sorted([mail.username, jane.username]));
  });

  it('follow edits of the text, and a member who leaves is no longer named', async () => {
    t = await makeTestApp();
    const { jane, mail, kenji, as } = await people();
    const { id: postId } = await as.posts.create({ content: text });
    const edited = await as.posts.edit({ postId, content: 'only @KENJI now' });
    expect(sorted(edited.mentions)).toEqual([kenji.username]);

    const commented = await t.caller(jane.token).comments.add({ postId, text: '@kenji @JaneCooper' });
    const commentId = commented.latestComments[0]!.id;
    expect(sorted(commented.latestComments[0]!.mentions)).toEqual(sorted([jane.username, kenji.username]));
    const after = await t.caller(jane.token).comments.edit({ postId, commentId, text: 'plain now' });
    expect(sorted(after.latestComments[0]!.mentions)).toEqual([]);

    await t.caller(mail.token).comments.add({ postId, text: 'hi @kenji' });
    await deleteMember(t.store, kenji.id);
    const card = await t.caller().posts.byId({ postId });
    expect(sorted(card.mentions)).toEqual([]);
    expect(card.latestComments.map((comment) => comment.mentions)).toEqual([[], []]);
  });
});
