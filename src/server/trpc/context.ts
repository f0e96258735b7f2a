import type { Db } from '../db/client.js';
import type { TokenKeys } from '../domain/tokens.js';

export type Context = { db: Db; keys: TokenKeys; authorization: string | undefined };

export type ContextDeps = { db: Db; keys: TokenKeys };

/** One context per request: the database, the token keys, and the raw authorization header. */
export function createContext(deps: ContextDeps, authorization: string | undefined): Context {
  return { ...deps, authorization };
}
