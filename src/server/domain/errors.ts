/**
 * The one error the domain throws. `status` is what the /api bridge answers (the spec's catalogue, section 8);
 * `kind` is what the tRPC adapter maps to its error code.
 */
export type DomainErrorKind =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly kind: DomainErrorKind,
    /** For 429 and 503: when to try again, sent as the Retry-After header by both APIs. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The spec's messages, exactly as section 8 prints them, plus ours for what the mock answered with a 500. */
export const messages = {
  unknownUsername: 'The username you entered is not Registered. Not Found error',
  wrongPassword: 'The credentials you entered are invalid. Unauthorized access error.',
  invalidToken: 'The token is invalid. Unauthorized access error.',
  usernameTaken: 'Unprocessable Entity. Username Already Exists.',
  // Signup's answer must say the email is taken (the newcomer has to know); it says no more than that.
  emailTaken: 'That email is already registered. Log in with it, or use another email.',
  usernameLookalike: 'Unprocessable Entity. This username looks like an existing one. Please choose another.',
  editPostNotOwner: "Cannot edit a Post doesn't belong to the logged in User.",
  deletePostNotOwner: "Cannot delete a Post doesn't belong to the logged in User.",
  editCommentNotOwner: "Cannot edit a comment doesn't belong to the User.",
  deleteCommentNotOwner: "Cannot delete a comment doesn't belong to the User.",
  alreadyLiked: 'Cannot like a post that is already liked.',
  likeBelowZero: 'Cannot decrement like less than 0.',
  alreadyDisliked: 'Cannot dislike a post that is already disliked.',
  alreadyUpvoted: 'Cannot upvote a post that is already upvoted.',
  alreadyDownvoted: 'Cannot downvote a post that is already downvoted.',
  alreadyBookmarked: 'This Post is already bookmarked',
  notBookmarked: 'Post not bookmarked yet',
  alreadyFollowing: 'User Already following',
  notFollowing: 'User already not following',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  userNotFound: 'User not found',
  followSelf: 'You cannot follow yourself',
  unexpected: 'Something went wrong on our side. Please try again.',
  // Roles, registration, block and mute, moderation, account settings.
  suspended: 'Your account is suspended by the moderators of this instance.',
  pending: 'Your account is waiting for a moderator to approve it.',
  moderatorsOnly: 'Only moderators and admins can do this.',
  adminsOnly: 'Only admins can do this.',
  notAboveSubject: 'You cannot act on a member whose role is the same as yours or above it.',
  registrationClosed: 'Registration is closed on this instance.',
  inviteRequired: 'An invite code is needed to sign up on this instance.',
  inviteInvalid: 'This invite code is unknown, used up or expired.',
  invitesAdminsOnly: 'Only admins can create invite codes on this instance.',
  blocked: 'You cannot do this: one of you has blocked the other.',
  blockSelf: 'You cannot block yourself.',
  muteSelf: 'You cannot mute yourself.',
  wrongCurrentPassword: 'The current password is not correct.',
  wrongPasswordForDelete: 'The password is not correct, so the account was not deleted.',
  reportNotFound: 'Report not found',
  reportResolved: 'This report is already resolved.',
  inviteNotFound: 'Invite not found',
  boostOwnPost: 'You cannot boost your own post.',
  alreadyBoosted: 'You have already boosted this post.',
  notBoosted: 'You have not boosted this post.',
  notFollowingForBoosts: 'Follow this member first to choose whether their boosts show.',
} as const;

export const badRequest = (message: string) => new DomainError(400, message, 'BAD_REQUEST');
export const notFound = (message: string) => new DomainError(404, message, 'NOT_FOUND');
// The spec answers ownership refusals with 400; tRPC callers get the more precise FORBIDDEN.
export const notOwner = (message: string) => new DomainError(400, message, 'FORBIDDEN');
export const invalidToken = () => new DomainError(401, messages.invalidToken, 'UNAUTHORIZED');
// A valid token whose member is gone: the spec's 404; to a tRPC client it means "sign in again".
export const actorGone = () => new DomainError(404, messages.unknownUsername, 'UNAUTHORIZED');

/** A refusal that no retry changes: the caller's account, role or a block stands in the way. */
export const forbidden = (message: string) => new DomainError(403, message, 'FORBIDDEN');

/** Refused for now (a rate limit, a busy server): both APIs send `Retry-After` with the seconds to wait. */
export const tryLater = (status: 429 | 503, message: string, retryAfterSeconds: number) =>
  new DomainError(
    status,
    message,
    status === 429 ? 'TOO_MANY_REQUESTS' : 'SERVICE_UNAVAILABLE',
    Math.max(1, Math.ceil(retryAfterSeconds)),
  );
