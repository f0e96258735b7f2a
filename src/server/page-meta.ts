import type { FastifyBaseLogger } from 'fastify';
import type { RegistrationMode } from '../shared/community-schemas.js';
import { linkPreview, type LinkPreview } from './domain/link-preview.js';
import type { Store } from './store/store.js';

// The HTML of every client page carries its own preview tags (Open Graph, a Twitter summary card, a
// canonical link), written here by the server: link unfurlers read the HTML and run no script. What a tag may
// say is decided in domain/link-preview.ts; this file only writes it, escaped, into the page's <head>.

/** How long a page waits for its preview: past it, the page goes out with the instance's generic tags. */
export const previewTimeoutMs = 300;

const fallback: LinkPreview = {
  siteName: 'Realm',
  title: 'Realm',
  description: '',
  type: 'website',
  path: null,
};

/** Text as an HTML attribute value or element text: every character that could end either is escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The <head> tags of a preview; canonical and og:url only with a configured public origin. */
export function previewTags(preview: LinkPreview, publicOrigin: string | undefined): string {
  const url = publicOrigin && preview.path ? `${publicOrigin}${preview.path}` : null;
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(preview.title)}</title>`,
    preview.description && meta('name', 'description', preview.description),
    meta('property', 'og:site_name', preview.siteName),
    meta('property', 'og:type', preview.type),
    meta('property', 'og:title', preview.title),
    preview.description && meta('property', 'og:description', preview.description),
    url && meta('property', 'og:url', url),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', preview.title),
    preview.description && meta('name', 'twitter:description', preview.description),
    url && `<link rel="canonical" href="${escapeHtml(url)}" />`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** The page with its preview tags in place of index.html's <title> (or before </head> without one). */
export function withPreviewTags(html: string, tags: string): string {
  const title = /<title>[^<]*<\/title>/;
  if (title.test(html)) return html.replace(title, () => tags);
  return html.replace('</head>', () => `${tags}\n  </head>`);
}

export type PageMetaDeps = {
  store: Store;
  registrationDefault: RegistrationMode;
  publicOrigin: string | undefined;
  log: FastifyBaseLogger;
};

/**
 * The tags for the client page at `path`, never slower than previewTimeoutMs nor failing: a slow or broken
 * database gives the generic tags, and the page itself still loads.
 */
export async function pageMeta(deps: PageMetaDeps, path: string): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<LinkPreview>((resolve) => {
    timer = setTimeout(() => resolve(fallback), previewTimeoutMs);
  });
  const preview = linkPreview(deps.store, deps.registrationDefault, path).catch((error: unknown) => {
    deps.log.warn({ err: error, path }, 'link preview failed; the page has the generic tags');
    return fallback;
  });
  try {
    return previewTags(await Promise.race([preview, late]), deps.publicOrigin);
  } finally {
    clearTimeout(timer);
  }
}
