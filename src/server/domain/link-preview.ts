import type { RegistrationMode } from '../../shared/community-schemas.js';
import { parseRichText } from '../../shared/rich-text.js';
import { usernameKey } from '../../shared/username-key.js';
import type { LinkPreviewRow, Store } from '../store/store.js';
import { instanceSettings } from './instance-settings.js';

/** What a shared link's preview says: the page's own words, or only the instance's name and description. */
export type LinkPreview = {
  siteName: string;
  title: string;
  description: string;
  type: 'website' | 'article' | 'profile';
  /** The page's own address (path only), for canonical and og:url; none on the instance's generic tags. */
  path: string | null;
};

/** How long a description is at most: about what Mastodon and Bluesky show under a card's title. */
export const excerptMax = 200;
const idMax = 100;
const nameMax = 200;

/** Plain text on one line, cut on a whole character (never half a surrogate pair) with an ellipsis. */
export function excerpt(text: string, max = excerptMax): string {
  // Control characters (a tab, a newline, a stray NUL) become spaces; runs of space become one.
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001f\u007f\s]+/gu, ' ').trim();
  const chars = Array.from(line);
  return chars.length <= max
    ? line
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * The rule shared by a post's and a profile's preview: only an active member's (not suspended, not waiting
 * for approval) and not a limited one's. A limited member is kept out of what the instance shows strangers
 * on its own initiative (explore, suggestions), and a preview travels further than either.
 */
const previewable = (row: LinkPreviewRow | undefined): row is LinkPreviewRow =>
  row !== undefined && row.status === 'active' && !row.limited;

const displayName = (row: LinkPreviewRow) => {
  const full = `${row.firstName} ${row.lastName}`.trim();
  return full ? `${full} (@${row.username})` : `@${row.username}`;
};

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const isTag = (tag: string) => {
  const [only, ...rest] = parseRichText(`#${tag}`);
  return only?.kind === 'tag' && only.text === `#${tag}` && rest.length === 0;
};

/**
 * The preview of the client page at `path` (its pathname): a post, a profile or a tag when the instance lets
 * visitors read and a visitor may see it; otherwise the instance's generic preview, which says nothing about
 * whether the post or member exists. At most two reads: the settings, then one indexed row.
 */
export async function linkPreview(
  store: Store,
  registrationDefault: RegistrationMode,
  path: string,
): Promise<LinkPreview> {
  const settings = await instanceSettings(store, registrationDefault);
  const site = settings.name;
  const generic: LinkPreview = {
    siteName: site,
    title: site,
    description: excerpt(settings.description),
    type: 'website',
    path: null,
  };
  if (!settings.visitorsMayRead) return generic;
  const [, kind, segment, ...rest] = path.split('/');
  const value = segment === undefined || rest.length > 0 ? null : decoded(segment);
  if (!value) return generic;

  if (kind === 'post' && value.length <= idMax) {
    const post = await store.read.instance.postPreview(value);
    if (!previewable(post)) return generic;
    return {
      siteName: site,
      title: `${displayName(post)} on ${site}`,
      description: excerpt(post.text),
      type: 'article',
      path: `/post/${encodeURIComponent(value)}`,
    };
  }
  if (kind === 'profile' && value.length <= nameMax) {
    const member = await store.read.instance.memberPreview(usernameKey(value));
    if (!previewable(member)) return generic;
    return {
      siteName: site,
      title: displayName(member),
      description: excerpt(member.text) || `@${member.username} on ${site}`,
      type: 'profile',
      path: `/profile/${encodeURIComponent(member.username)}`,
    };
  }
  if (kind === 'tag' && isTag(value)) {
    return {
      siteName: site,
      title: `#${value} on ${site}`,
      description: `Posts with #${value} on ${site}.`,
      type: 'website',
      path: `/tag/${encodeURIComponent(value)}`,
    };
  }
  return generic;
}
