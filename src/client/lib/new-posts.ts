import { countWords } from './count-words';
type Shown = { id: string; createdAt: string };

/**
 * The posts of a freshly read first page of the Latest feed that sit above the post on top of the list on
 * screen: all of them when the list is empty; those newer than it when it is gone (deleted) or more than a
 * page has come since.
 */
export function postsAbove(fresh: readonly Shown[], top: Shown | undefined): string[] {
  if (!top) return fresh.map((post) => post.id);
  const index = fresh.findIndex((post) => post.id === top.id);
  const above = index === -1 ? fresh.filter((post) => post.createdAt > top.createdAt) : fresh.slice(0, index);
  return above.map((post) => post.id);
}

/** How many of the new posts we know of are not on screen yet. */
export function unseen(known: ReadonlySet<string>, shown: readonly { id: string }[]): number {
  const onScreen = new Set(shown.map((post) => post.id));
  let count = 0;
  for (const id of known) if (!onScreen.has(id)) count += 1;
  return count;
}

export const newPostsLabel = (count: number) => countWords(count, 'new post', 'new posts');
