/**
 * Which data the first screen of an address asks for, so that the server can read it and draw the screen
 * into the page (docs/performance.md, "First post on screen"). Each request is the query the page itself
 * sends: its procedure and its input, as tRPC's React hooks send it. An infinite query adds
 * `direction: 'forward'` and, for the first page, no cursor.
 */
export type FirstRequest = { path: string; input: Record<string, unknown> };

const firstPage = (input: Record<string, unknown>) => ({ ...input, direction: 'forward' });

/** A route parameter as wouter hands it to the page; null when it is not valid percent-encoding. */
function param(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The requests the first screen of `pathname` makes before it can show a post (app.tsx's routes). */
export function firstRequests(pathname: string): FirstRequest[] {
  if (pathname === '/') return [{ path: 'posts.feed', input: firstPage({ mode: 'latest' }) }];
  if (pathname === '/explore') return [{ path: 'posts.explore', input: firstPage({}) }];
  const profile = /^\/profile\/([^/]+)$/.exec(pathname);
  const username = profile ? param(profile[1]!) : null;
  if (username !== null) {
    // The page asks for the posts once the profile has come; asking for both at once saves that wait.
    return [
      { path: 'users.byUsername', input: { username } },
      { path: 'posts.byUser', input: firstPage({ username }) },
    ];
  }
  const post = /^\/post\/([^/]+)$/.exec(pathname);
  const postId = post ? param(post[1]!) : null;
  if (postId !== null) {
    return [
      { path: 'posts.byId', input: { postId } },
      { path: 'comments.list', input: firstPage({ postId }) },
    ];
  }
  return [];
}
