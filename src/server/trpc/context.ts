import type { Db } from '../db/client.js';
import { noSignInLimits, type SignInLimits } from '../domain/sign-in-limits.js';
import type { TokenKeys } from '../domain/tokens.js';

export type ContextDeps = { db: Db; keys: TokenKeys; signInLimits?: SignInLimits };

/** What a request brings: its authorization header, and the client's address (none for server-side calls). */
export type Caller = { authorization: string | undefined; clientAddress?: string };

export type Context = {
  db: Db;
  keys: TokenKeys;
  signInLimits: SignInLimits;
  authorization: string | undefined;
  clientAddress: string | undefined;
};

/** One context per request: the database, the token keys, the sign-in limits and who is calling. */
export function createContext(deps: ContextDeps, caller: Caller): Context {
  return {
    db: deps.db,
    keys: deps.keys,
    signInLimits: deps.signInLimits ?? noSignInLimits,
    authorization: caller.authorization,
    clientAddress: caller.clientAddress,
  };
}
