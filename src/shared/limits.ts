// PRODUCT.md "The /api contract" item 6 and "Accounts": one place for every limit, used by forms and server.
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
} as const;

/** Usernames that would collide with /api routes such as /users/bookmark. */
export const reservedUsernames = ['bookmark', 'edit', 'follow', 'unfollow', 'remove-bookmark'] as const;
