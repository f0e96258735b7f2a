import { parseRichText, type Segment } from '../../shared/rich-text.js';
import { usernameKey } from '../../shared/username-key.js';
import { profileUrl, tagUrl } from './web-urls.js';

// A member's plain text as the HTML Mastodon writes for a local status (its TextFormatter), so apps render
// Realm's posts as they render Mastodon's: paragraphs at blank lines, `<br />` at single line breaks,
// everything escaped, and mentions, hashtags and links in Mastodon's own markup. What is a mention, a tag or
// a link is shared/rich-text.ts's answer, the same one the web app renders.

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]!);

// Mastodon shows a link without its scheme and `www.`, cut to 30 characters; the rest stays in the markup,
// hidden by the app's stylesheet.
const urlPrefix = /^https?:\/\/(www\.)?/;
const shownLength = 30;

function linkHtml(href: string): string {
  const prefix = urlPrefix.exec(href)?.[0] ?? '';
  const rest = href.slice(prefix.length);
  const cut = rest.length > shownLength;
  return (
    `<a href="${escapeHtml(href)}" target="_blank" rel="nofollow noopener" translate="no">` +
    `<span class="invisible">${escapeHtml(prefix)}</span>` +
    `<span class="${cut ? 'ellipsis' : ''}">${escapeHtml(rest.slice(0, shownLength))}</span>` +
    `<span class="invisible">${escapeHtml(rest.slice(shownLength))}</span></a>`
  );
}

export type ContentContext = {
  origin: string;
  /** The members the text mentions who exist, as their accounts spell their names: only those are links. */
  mentions: readonly string[];
};

function segmentHtml(segment: Segment, origin: string, members: ReadonlyMap<string, string>): string {
  switch (segment.kind) {
    case 'mention': {
      const username = members.get(usernameKey(segment.username));
      if (username === undefined) return escapeHtml(segment.text);
      return (
        `<span class="h-card" translate="no"><a href="${escapeHtml(profileUrl(origin, username))}" ` +
        `class="u-url mention">@<span>${escapeHtml(username)}</span></a></span>`
      );
    }
    case 'tag':
      return (
        `<a href="${escapeHtml(tagUrl(origin, segment.tag))}" class="mention hashtag" rel="tag">` +
        `#<span>${escapeHtml(segment.text.slice(1))}</span></a>`
      );
    case 'link':
      return linkHtml(segment.href);
    default:
      return escapeHtml(segment.text);
  }
}

/** Text to Mastodon's HTML: `<p>` per paragraph (blank lines between), `<br />` per line break inside one. */
export function contentHtml(text: string, { origin, mentions }: ContentContext): string {
  const normalized = text.replace(/\r\n?/g, '\n').trim();
  if (normalized === '') return '';
  const members = new Map(mentions.map((name) => [usernameKey(name), name]));
  const inline = parseRichText(normalized)
    .map((segment) => segmentHtml(segment, origin, members))
    .join('');
  return inline
    .split(/\n[^\S\n]*\n\s*/)
    .map((paragraph) => `<p>${paragraph.replaceAll('\n', '<br />')}</p>`)
    .join('');
}
