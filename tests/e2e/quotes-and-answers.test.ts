import { describe, expect, it } from 'vitest';
import { expectAccessible, signUp } from './harness.js';
import { callTrpc, card, composer, unique, useE2e } from './page-helpers.js';

// Quote posts and who can answer, in the browser (docs/web-app.md, "Quotes and who can answer"): a member
// quotes a post from its menu and the quoted author is told; a post that only mentioned people may comment
// on shows why instead of the comment box, and the server refuses a comment sent anyway.

const { open } = useE2e();

async function member(firstName: string, lastName: string) {
  const p = await open();
  const credentials = await signUp(p, firstName, lastName);
  return { p, ...credentials };
}

describe('quotes', () => {
  it('a member quotes a post from its menu; the card shows it inside, the quoted author is told', async () => {
    const ana = await member('Ana', 'Lima');
    const ben = await member('Ben', 'Okoro');
    const original = unique('Tide pools at dawn');
    const { id: postId } = await callTrpc(ana.p, 'posts.create', { content: original });

    await ben.p.page.goto(ben.p.url(`/post/${postId}`));
    const quoted = card(ben.p.page, original).first();
    await quoted.getByRole('button', { name: 'More actions for this post' }).click();
    await ben.p.page.getByRole('menuitem', { name: 'Quote' }).click();
    const dialog = ben.p.page.getByRole('dialog', { name: 'Quote post' });
    await dialog.getByRole('blockquote').filter({ hasText: original }).waitFor();
    const words = unique('Worth the early alarm');
    await dialog.getByPlaceholder("What's in your mind?").fill(words);
    await dialog.getByRole('button', { name: 'Quote', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await ben.p.page.goto(ben.p.url('/'));
    const quote = card(ben.p.page, words);
    await quote.waitFor();
    expect(await quote.getByRole('blockquote').textContent()).toContain(original);
    await expectAccessible(ben.p.page, 'home with a quote');

    await ana.p.page.goto(ana.p.url('/notifications'));
    const notice = ana.p.page.getByRole('list', { name: 'Notifications', exact: true }).getByRole('listitem');
    await notice.first().waitFor();
    expect(await notice.first().textContent()).toContain('Ben Okoro quoted your post');

    // The quoted post's page lists its quotes.
    await ana.p.page.goto(ana.p.url(`/post/${postId}`));
    const quotes = ana.p.page.getByRole('region', { name: 'Posts quoting this post' });
    await quotes.getByRole('article').filter({ hasText: words }).waitFor();
  });
});

describe('who can answer', () => {
  it('a post only mentioned people may comment on says so; another member cannot comment', async () => {
    const cat = await member('Cat', 'Ngo');
    const ana = await member('Ana', 'Lima');
    const ben = await member('Ben', 'Okoro');
    const text = unique(`Planning the trip, @${cat.username}`);
    await composer(ana.p.page).fill(text);
    await ana.p.page.getByLabel('Who can comment').selectOption('mentioned');
    await ana.p.page.getByRole('button', { name: 'Post', exact: true }).click();
    const mine = card(ana.p.page, text);
    await mine.waitFor();
    expect(await mine.textContent()).toContain('Only people mentioned can comment');
    const href = await mine.locator('a.post-time').getAttribute('href');
    const postId = href!.split('/').at(-1)!;
    await ben.p.page.goto(ben.p.url(`/post/${postId}`));
    await ben.p.page.getByText('Only people mentioned can comment.').waitFor();
    expect(await ben.p.page.getByRole('textbox', { name: 'Add a comment' }).count()).toBe(0);
    await expectAccessible(ben.p.page, 'a post whose comments are limited');
    await expect(callTrpc(ben.p, 'comments.add', { postId, text: 'me too' })).rejects.toThrow(
      'Only people mentioned in this post can comment on it.',
    );

    // Cat, mentioned, may comment; Ana opens it to everyone later and Ben may too.
    await cat.p.page.goto(cat.p.url(`/post/${postId}`));
    await cat.p.page.getByRole('textbox', { name: 'Add a comment' }).waitFor();
    await ana.p.page.goto(ana.p.url(`/post/${postId}`));
    await ana.p.page.getByRole('button', { name: 'Post options' }).click();
    await ana.p.page.getByRole('menuitem', { name: 'Who can answer' }).click();
    const dialog = ana.p.page.getByRole('dialog', { name: 'Who can answer' });
    await dialog.getByLabel('Who can comment').selectOption('everyone');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await ben.p.page.reload();
    await ben.p.page.getByRole('textbox', { name: 'Add a comment' }).waitFor();
  });
});
