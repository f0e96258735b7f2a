// The client's shareable addresses of a post, a tag and a member, built in one place.
export const postPath = (postId: string) => `/post/${encodeURIComponent(postId)}`;
export const tagPath = (tag: string) => `/tag/${encodeURIComponent(tag)}`;
export const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;

/** A route parameter as written; a malformed escape (a stray `%`) is kept as it is rather than thrown. */
export function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
