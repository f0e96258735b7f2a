import { eq, sql } from 'drizzle-orm';
import { v4 as uuid } from 'uuid';
import { usernameKey, type LoginInput, type SignupInput } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
import { users } from '../db/schema.js';
import { actorGone, DomainError, invalidToken, messages, notFound } from './errors.js';
import { now } from './clock.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { noSignInLimits, type SignInLimits } from './sign-in-limits.js';
import { tokenFromHeader, type TokenKeys } from './tokens.js';

/** The signed-in member on whose behalf a write runs. */
export type Actor = { id: string; username: string };

const usernameMatches = (name: string) => eq(users.usernameKey, usernameKey(name));

const userIdByKey = preparedOnce((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.usernameKey, sql.placeholder('key')))
    .prepare(),
);

export function findUserIdByUsername(db: Db, name: string): string | undefined {
  return userIdByKey(db).get({ key: usernameKey(name) })?.id;
}

const usernameTaken = () => new DomainError(422, messages.usernameTaken, 'CONFLICT');

export async function signup(
  db: Db,
  keys: TokenKeys,
  input: SignupInput,
  extra: Record<string, unknown> = {},
): Promise<{ userId: string; token: string }> {
  if (findUserIdByUsername(db, input.username)) throw usernameTaken();
  const passwordHash = await hashPassword(input.password);
  const at = now();
  const id = uuid();
  const { password: _password, ...profile } = input;
  try {
    db.insert(users)
      .values({
        ...profile,
        id,
        usernameKey: usernameKey(input.username),
        passwordHash,
        extra: JSON.stringify(extra),
        createdAt: at,
        updatedAt: at,
      })
      .run();
  } catch (error) {
    // Two signups for one name at once: the unique index decides, and the loser gets the spec's answer.
    if (error instanceof Error && /UNIQUE constraint failed/.test(error.message)) throw usernameTaken();
    throw error;
  }
  return { userId: id, token: await keys.sign({ _id: id, username: input.username }) };
}

/** Spec section 6; `limits` refuses, before any hashing, an account that failed too often lately. */
export async function login(
  db: Db,
  keys: TokenKeys,
  input: LoginInput,
  limits: SignInLimits = noSignInLimits,
): Promise<{ userId: string; token: string }> {
  const user = db
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(usernameMatches(input.username))
    .get();
  if (!user) throw notFound(messages.unknownUsername);
  const key = usernameKey(user.username);
  limits.refuseIfThrottled(key);
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    limits.recordFailure(key);
    throw new DomainError(401, messages.wrongPassword, 'UNAUTHORIZED');
  }
  return { userId: user.id, token: await keys.sign({ _id: user.id, username: user.username }) };
}

const actorById = preparedOnce((db) =>
  db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(),
);

/** Spec section 6: every write needs a token that resolves to an existing member. */
export async function resolveActor(db: Db, keys: TokenKeys, header: string | undefined): Promise<Actor> {
  const token = tokenFromHeader(header);
  if (!token) throw invalidToken();
  const claims = await keys.verify(token);
  const user = actorById(db).get({ id: claims._id });
  if (!user) throw actorGone();
  return user;
}
