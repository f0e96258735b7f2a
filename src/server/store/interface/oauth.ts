// Apps signed in through the Mastodon client API (docs/decisions/0013-oauth-for-apps.md). Every secret is
// given and kept as its SHA-256 hash (hex): the store never sees a secret itself.

export type OAuthAppRow = {
  id: string;
  name: string;
  website: string | null;
  redirectUris: string[];
  scopes: string[];
  clientId: string;
  clientSecretHash: string;
  createdAt: number;
};

export type OAuthCodeRow = {
  codeHash: string;
  appId: string;
  memberId: string;
  scopes: string[];
  redirectUri: string;
  codeChallenge: string | null;
  expiresAt: number;
};

export type OAuthTokenRow = {
  id: string;
  tokenHash: string;
  appId: string;
  memberId: string | null;
  memberTokenVersion: number;
  scopes: string[];
  createdAt: number;
  lastUsedAt: number | null;
};

/** A token as a request resolves it: with its member's current token version and state, when it has one. */
export type OAuthTokenGrant = {
  id: string;
  appId: string;
  memberId: string | null;
  memberTokenVersion: number;
  scopes: string[];
  lastUsedAt: number | null;
  /** The member's users.token_version now; null for an app's own token. */
  currentTokenVersion: number | null;
};

/** One app the member authorised, as the settings list shows it: its tokens' scopes and times together. */
export type AuthorisedAppRow = {
  appId: string;
  name: string;
  website: string | null;
  scopes: string[];
  /** When the member first authorised it (the oldest live token). */
  createdAt: number;
  lastUsedAt: number | null;
};

export type OAuthReads = {
  appByClientId(clientId: string): Promise<OAuthAppRow | undefined>;
  appById(id: string): Promise<OAuthAppRow | undefined>;
  tokenByHash(tokenHash: string): Promise<OAuthTokenGrant | undefined>;
  /** The apps the member holds live tokens for, most recently authorised first. */
  authorisedApps(memberId: string): Promise<AuthorisedAppRow[]>;
};

export type OAuthWrites = {
  insertApp(row: OAuthAppRow): Promise<void>;
  /**
   * Also deletes the codes expired before `at`, so unused codes do not pile up. The first code or token
   * issued for an app marks it authorized (oauth_apps.authorized_at), so that it is never cleaned up.
   */
  insertCode(row: OAuthCodeRow, at: number): Promise<void>;
  /** Deletes the code and answers it: a code is used once, by the first exchange that takes it. */
  takeCode(codeHash: string): Promise<OAuthCodeRow | undefined>;
  insertToken(row: OAuthTokenRow): Promise<void>;
  /** Deletes the token with this hash when `appId` issued it; whether one was deleted. */
  revokeToken(tokenHash: string, appId: string): Promise<boolean>;
  /** Deletes all the member's tokens for this app; how many. */
  revokeAppForMember(memberId: string, appId: string): Promise<number>;
  markUsed(tokenId: string, at: number): Promise<void>;
  /** Deletes up to `limit` apps registered before `before` that were never authorized; how many. */
  deleteNeverAuthorized(before: number, limit: number): Promise<number>;
};
