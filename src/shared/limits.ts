// docs/differences-from-the-mock.md item 6: one place for every limit, used by forms and server.
export const limits = {
  contentMax: 500,
  bioMax: 160,
  nameMax: 50,
  urlMax: 300,
  usernameMax: 64,
  passwordMin: 8,
  passwordMax: 128,
  pageSize: 20,
  latestComments: 4,
  whoToFollow: 10,
  signupExtraKeys: 20,
  signupExtraBytes: 4096,
  bodyBytes: 64 * 1024,
  /** Rich text (shared/rich-text.ts): a tag's length, and how many mentions and tags one text records. */
  tagMax: 100,
  /** Search (docs/search.md): a query's length and terms, and how many of the newest matches are ranked. */
  searchQueryMax: 200,
  searchTermsMax: 8,
  searchCandidates: 200,
  mentionsMax: 20,
  tagsMax: 20,
  /** Moderation: the instance's name, description and rules; a report's note; a moderator's reason. */
  instanceNameMax: 60,
  instanceDescriptionMax: 1000,
  instanceRulesMax: 20,
  instanceRuleMax: 300,
  reportNoteMax: 1000,
  reasonMax: 500,
  inviteUsesMax: 1000,
  /**
   * A member's invites (admins choose freely): each expires within this many days and allows at most this
   * many signups, and a member holds at most this many live codes at once, so one member cannot open the
   * instance to anyone for good.
   */
  memberInviteDaysMax: 7,
  memberInviteUsesMax: 25,
  memberLiveInvitesMax: 10,
  /** An archive (account.export) carries a member's newest entries of each kind, up to this many. */
  exportEntriesMax: 10_000,
  /** A post's or comment's history answers its newest versions, up to this many (the current text first). */
  editHistoryMax: 50,
  /** A picture's alt text (as Mastodon's). */
  altMax: 1500,
  /**
   * The most pictures any post may carry: REALM_MEDIA_PER_POST (4 by default) is the instance's own limit,
   * checked by the server; this bounds what a request may even list.
   */
  mediaPerPostMax: 20,
} as const;

/**
 * docs/security.md, "Limits on every request": no answer over 5 MB. The legacy REST lists carry the newest
 * REALM_LEGACY_LIST_LIMIT entries, and stop earlier, at a whole entry, when their JSON reaches `answerBytes`.
 * Lists nested in an entry (likedBy, a post's comments, followers...) carry their newest `nestedMax`; a post's
 * comments also stop at `nestedCommentsBytes`, because 100 comments with 100 up- and 100 downvotes each can be
 * 12 MB. So one entry is at most ~1.6 MB (a post: 2 x 100 users of at most ~2.9 KB of JSON, plus its comments)
 * and an answer at most 1 MB and a few bytes, or a single entry. 1 MB, not 4: a page's cost is its bytes
 * (a 4 MB GET /api/users page took 108 ms to write and 29 ms to gzip), and under 32 reads at once 4 MB pages
 * kept answers over the 1 s that the load test allows (`npm run bench:hardening`, docs/security.md).
 */
export const legacyLimits = {
  answerBytes: 1024 * 1024,
  nestedMax: 100,
  nestedCommentsBytes: 1024 * 1024,
} as const;

/** Usernames that would collide with /api routes such as /users/bookmark. */
export const reservedUsernames = ['bookmark', 'edit', 'follow', 'unfollow', 'remove-bookmark'] as const;
