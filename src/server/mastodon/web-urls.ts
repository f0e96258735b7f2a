// The web app's pages that Mastodon's `url`s point at (src/client/lib/paths.ts spells the same routes).
export const profileUrl = (origin: string, username: string) =>
  `${origin}/profile/${encodeURIComponent(username)}`;
export const postUrl = (origin: string, postId: string) => `${origin}/post/${encodeURIComponent(postId)}`;
export const tagUrl = (origin: string, tag: string) => `${origin}/tag/${encodeURIComponent(tag)}`;

/** A stored picture's address (`/media/<key>`, a seed's `/pictures/...`, or a full URL) as an absolute one. */
export const absoluteUrl = (origin: string, address: string) => new URL(address, `${origin}/`).href;
