import { TRPCClientError } from '@trpc/client';

// What a failed call says to a member, in plain words: every form and toast of the web app words its failure
// through `errorMessage` here. The server's own messages (the REST contract keeps the spec's) stay as they
// are on the wire; only what the web app shows is reworded, and only where the server's words are not ones a
// member can act on.

export const offlineText = 'You are offline or Realm cannot be reached. Check your connection and try again.';
export const serverFailureText = "Something went wrong on Realm's side. Try again in a moment.";

/** The server's words for a taken or look-alike username (server/domain/errors.ts, the spec's catalogue). */
const takenMessages = {
  taken: 'Unprocessable Entity. Username Already Exists.',
  lookalike: 'Unprocessable Entity. This username looks like an existing one. Please choose another.',
  email: 'That email is already registered. Log in with it, or use another email.',
} as const;

/** The HTTP status an answer came with, when one came at all. */
function statusOf(error: TRPCClientError<never>): number | undefined {
  const data = error.data as { httpStatus?: number } | undefined;
  if (typeof data?.httpStatus === 'number') return data.httpStatus;
  const response = error.meta?.response as unknown;
  return response instanceof Response ? response.status : undefined;
}

/**
 * Whether the call never reached Realm: fetch rejects with a TypeError ("Failed to fetch", "NetworkError when
 * attempting to fetch resource", "Load failed") when the network is down or the server does not answer.
 */
export function isOffline(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (!(error instanceof TRPCClientError)) return false;
  const cause = (error as { cause?: unknown }).cause;
  return (
    statusOf(error) === undefined && (cause instanceof TypeError || /fetch|network/i.test(error.message))
  );
}

/** The message a person can act on, from any failed call. */
export function errorMessage(error: unknown): string {
  if (isOffline(error)) return offlineText;
  if (error instanceof TRPCClientError) {
    const status = statusOf(error);
    // A 503 says the instance is busy and when to come back: its own words say so.
    if (status !== undefined && status >= 500 && status !== 503) return serverFailureText;
    if (error.message === takenMessages.taken) return 'That username is already used by an account.';
    if (error.message === takenMessages.lookalike) {
      return 'That username looks like one already used by an account. Please choose another.';
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return serverFailureText;
}

/** The signup form's fields a refusal may be about. */
export type SignupField = 'firstName' | 'lastName' | 'username' | 'email' | 'password' | 'inviteCode';

/**
 * A signup refusal placed next to the field it is about, in the words of the form (whose username field is
 * labelled Handle), or `field: null` for the form as a whole. `logIn` offers the login page instead.
 */
export function signupProblem(error: unknown): {
  field: SignupField | null;
  message: string;
  logIn?: boolean;
} {
  if (error instanceof TRPCClientError) {
    if (error.message === takenMessages.taken) {
      return { field: 'username', message: 'That handle is taken. Please choose another.' };
    }
    if (error.message === takenMessages.lookalike) {
      return {
        field: 'username',
        message: 'That handle looks like one a member has. Please choose another.',
      };
    }
    if (error.message === takenMessages.email) {
      return { field: 'email', message: 'That email is already registered.', logIn: true };
    }
    const issues = (error.data as { issues?: { path: string }[] | null } | undefined)?.issues;
    const path = issues?.[0]?.path;
    const fields: readonly string[] = [
      'firstName',
      'lastName',
      'username',
      'email',
      'password',
      'inviteCode',
    ];
    if (path && fields.includes(path)) return { field: path as SignupField, message: error.message };
  }
  return { field: null, message: errorMessage(error) };
}
