// The Mastodon scope set and the check every endpoint makes: `grants(token's scopes, needed)`. Defined in
// src/shared/oauth-scopes.ts, where the domain (which must not import an adapter) and the consent screen
// read it too.
export {
  allScopes,
  grants,
  isScope,
  parseScopes,
  readScopes,
  topScopes,
  writeScopes,
  type Scope,
} from '../../../shared/oauth-scopes.js';
