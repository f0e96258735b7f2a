// The entity schemas of Mastodon's documentation, for tests of the Mastodon client API.
export { expectEntity, refusedPaths } from './common.js';
export * from './account.js';
export * from './application.js';
export * from './card.js';
export * from './instance.js';
export * from './instance-v1.js';
export * from './media.js';
export * from './nodeinfo.js';
export * from './notification.js';
export * from './preferences.js';
export * from './push.js';
export * from './relationship.js';
export * from './report.js';
export * from './rule.js';
export * from './search.js';
export * from './status.js';
export * from './tag.js';
