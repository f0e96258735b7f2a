import { commentsPage } from '../../src/server/domain/comment-views.js';
import { profileById, whoToFollow } from '../../src/server/domain/people.js';
import {
  bookmarksPage,
  explorePage,
  homeFeedPage,
  tagPage,
  userPostsPage,
} from '../../src/server/domain/post-cards.js';
import type { Page } from '../../src/server/domain/views.js';
import type { Store } from '../../src/server/store/store.js';

// What every read of a store answers, through the domain as the APIs call it, for comparing two stores
// (tests/pg/store.test.ts: SQLite and PostgreSQL holding the same instance).

/** Every page of a feed, from the first to the last, following its cursors; each page as plain data. */
export async function walk<T>(page: (cursor: string | null) => Promise<Page<T>>): Promise<unknown[]> {
  const pages: unknown[] = [];
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const next: Page<T> = await page(cursor);
    pages.push({ ...next }); // the spread reads `items`, held as JSON text, into objects
    cursor = next.nextCursor;
  }
  return pages;
}

/** Whom and what to read. */
export type ReadPlan = {
  viewers: (string | null)[];
  authors: { id: string; username: string }[];
  /** Posts whose comments are walked. */
  posts: string[];
  /** Tags whose feeds are walked (folded). */
  tags?: string[];
};

/** Every answer of every read in `plan`, by a name that says what was read. */
export async function readEverything(store: Store, plan: ReadPlan): Promise<Map<string, unknown>> {
  const seen = new Map<string, unknown>();
  const read = async (name: string, answer: () => Promise<unknown>) => {
    seen.set(name, await answer().catch((error: Error) => `refused: ${error.message}`));
  };
  for (const viewer of plan.viewers) {
    await read(`explore as ${viewer}`, () => walk((cursor) => explorePage(store, viewer, cursor)));
    for (const tag of plan.tags ?? []) {
      await read(`#${tag} as ${viewer}`, () => walk((cursor) => tagPage(store, viewer, tag, cursor)));
    }
    for (const author of plan.authors) {
      await read(`posts of ${author.username} as ${viewer}`, () =>
        walk((cursor) => userPostsPage(store, viewer, author.username, cursor)),
      );
      await read(`profile of ${author.username} as ${viewer}`, () => profileById(store, viewer, author.id));
    }
    if (viewer === null) continue;
    for (const mode of ['latest', 'trending'] as const) {
      await read(`home ${mode} of ${viewer}`, () =>
        walk((cursor) => homeFeedPage(store, viewer, { mode, cursor })),
      );
    }
    await read(`bookmarks of ${viewer}`, () => walk((cursor) => bookmarksPage(store, viewer, cursor)));
    await read(`who to follow for ${viewer}`, () => whoToFollow(store, viewer));
  }
  for (const post of plan.posts) {
    for (const viewer of plan.viewers) {
      await read(`comments of ${post} as ${viewer}`, () =>
        walk((cursor) => commentsPage(store, viewer, post, cursor)),
      );
    }
    await read(`post ${post}`, () => store.read.posts.find(post));
  }
  for (const author of plan.authors) {
    await read(`content of ${author.username}`, () => store.read.members.contentOf(author.id));
    await read(`actor ${author.id}`, () => store.read.members.actor(author.id));
  }
  await read('members newest first', () => store.read.members.newestFirst());
  return seen;
}
