import { limits } from '../../shared/limits.js';
import type { MediaConfig } from '../config.js';
import type { InstanceSettings } from '../domain/instance-settings.js';
import { messages } from '../domain/errors.js';
import { defaultMaxPixels } from '../media/image-process.js';
import { escapeHtml } from '../page-meta.js';
import type { InstanceUsage } from '../store/store.js';
import { version } from '../version.js';

// Mastodon's Instance (v2) and V1_Instance entities (mastodon/documentation content/en/entities/Instance.md,
// V1_Instance.md) from Realm's settings and limits. docs/mastodon-api.md, "Discovery", says what each field
// stands for here.

/** The Mastodon release whose client API Realm speaks (docs/mastodon-api.md). */
export const mastodonVersion = '4.3.0';

/** Clients parse the leading Mastodon version to decide what to offer; Realm's own comes after. */
export const compatibleVersion = `${mastodonVersion} (compatible; Realm ${version})`;

/** Mastodon's API version of 4.3.0 (entities/Instance.md, `api_versions`). */
const mastodonApiVersion = 2;

/** What Realm takes in (media/image-sniff.ts); each is stored as WebP. */
const pictureTypes = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/avif',
];

export type InstanceFacts = {
  settings: InstanceSettings;
  usage: InstanceUsage;
  origin: string;
  media: Pick<MediaConfig, 'maxBytes' | 'perPost'>;
  /** The first admin as an Account entity, or null on an instance without one. */
  contact: unknown;
  /** The instance's web push key (domain/push-subscriptions.ts): public by nature. */
  vapidPublicKey: string;
};

const hostOf = (origin: string) => new URL(origin).host;
const streamingOf = (origin: string) => origin.replace(/^http/, 'ws');

/** Rules have no ids in Realm: their place in the list (from 1) is theirs, as Mastodon's are numbers. */
export const rulesOf = (settings: InstanceSettings) =>
  settings.rules.map((text, index) => ({ id: String(index + 1), text, hint: '', translations: {} }));

/** The description (plain text in Realm) as the HTML Mastodon's v1 and extended description carry. */
export const descriptionHtml = (settings: InstanceSettings) =>
  settings.description === '' ? '' : `<p>${escapeHtml(settings.description)}</p>`;

function registrationsOf(settings: InstanceSettings) {
  const mode = settings.registration;
  const closedMessage =
    mode === 'closed' ? messages.registrationClosed : mode === 'invite' ? messages.inviteRequired : null;
  return {
    // An invite-only instance cannot be joined from an app's sign-up form: it needs a code, so not "enabled".
    enabled: mode === 'open' || mode === 'approval',
    approvalRequired: mode === 'approval',
    message: closedMessage && `<p>${escapeHtml(closedMessage)}</p>`,
  };
}

function configuration(facts: InstanceFacts) {
  return {
    statuses: {
      max_characters: limits.contentMax,
      max_media_attachments: facts.media.perPost,
      characters_reserved_per_url: 23,
    },
    media_attachments: {
      supported_mime_types: pictureTypes,
      description_limit: limits.altMax,
      image_size_limit: facts.media.maxBytes,
      image_matrix_limit: defaultMaxPixels,
      // Realm takes pictures only.
      video_size_limit: 0,
      video_frame_rate_limit: 0,
      video_matrix_limit: 0,
    },
    // Realm has no polls: no options allowed.
    polls: { max_options: 0, max_characters_per_option: 0, min_expiration: 0, max_expiration: 0 },
    accounts: { max_featured_tags: 0, max_pinned_statuses: 0 },
  };
}

const localAccess = (settings: InstanceSettings) => (settings.visitorsMayRead ? 'public' : 'authenticated');

export function instanceV2(facts: InstanceFacts) {
  const { settings, origin } = facts;
  const registrations = registrationsOf(settings);
  return {
    domain: hostOf(origin),
    title: settings.name,
    version: compatibleVersion,
    source_url: `${origin}/about`,
    description: settings.description,
    usage: { users: { active_month: facts.usage.postedSince[0] } },
    thumbnail: { url: `${origin}/icons/icon-512.png` },
    icon: [
      { src: `${origin}/icons/icon-192.png`, size: '192x192' },
      { src: `${origin}/icons/icon-512.png`, size: '512x512' },
    ],
    languages: ['en'],
    configuration: {
      urls: {
        streaming: streamingOf(origin),
        status: null,
        about: `${origin}/about`,
        privacy_policy: null,
        terms_of_service: null,
      },
      vapid: { public_key: facts.vapidPublicKey },
      ...configuration(facts),
      translation: { enabled: false },
      // Signed out, the local and tag feeds are readable where the instance lets visitors read; there are
      // no remote feeds and no trending links.
      timelines_access: {
        live_feeds: { local: localAccess(settings), remote: 'disabled' },
        hashtag_feeds: { local: localAccess(settings), remote: 'disabled' },
        trending_link_feeds: { local: 'disabled', remote: 'disabled' },
      },
      limited_federation: false,
    },
    registrations: {
      enabled: registrations.enabled,
      approval_required: registrations.approvalRequired,
      reason_required: false,
      message: registrations.message,
      min_age: null,
      url: null,
    },
    api_versions: { mastodon: mastodonApiVersion },
    // Realm keeps no contact address; the first admin is the one to write to.
    contact: { email: '', account: facts.contact },
    rules: rulesOf(settings),
  };
}

export function instanceV1(facts: InstanceFacts) {
  const { settings, origin } = facts;
  const registrations = registrationsOf(settings);
  return {
    uri: hostOf(origin),
    title: settings.name,
    short_description: settings.description,
    description: descriptionHtml(settings),
    email: '',
    version: compatibleVersion,
    urls: { streaming_api: streamingOf(origin) },
    // Realm does not federate: no other domain is known.
    stats: { user_count: facts.usage.members, status_count: facts.usage.posts, domain_count: 0 },
    thumbnail: `${origin}/icons/icon-512.png`,
    languages: ['en'],
    registrations: registrations.enabled,
    approval_required: registrations.approvalRequired,
    invites_enabled: settings.registration === 'invite' || settings.invitesByMembers,
    configuration: configuration(facts),
    contact_account: facts.contact,
    rules: rulesOf(settings),
  };
}
