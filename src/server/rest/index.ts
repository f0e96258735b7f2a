import type { FastifyInstance } from 'fastify';
import type { SignInLimits } from '../domain/sign-in-limits.js';
import { authRoutes } from './auth-routes.js';
import { commentRoutes } from './comment-routes.js';
import { createListCache } from './list-cache.js';
import { postRoutes } from './post-routes.js';
import type { RestDeps } from './request.js';
import { userRoutes } from './user-routes.js';

export type RestOptions = Omit<RestDeps, 'listCache'> & {
  signInLimits: SignInLimits;
  listCacheBytes: number;
};

/** The original product's /api contract (spec section 7), mounted under /api. */
export async function restApi(app: FastifyInstance, options: RestOptions) {
  const deps: RestDeps = {
    store: options.store,
    keys: options.keys,
    factors: options.factors,
    legacyListLimit: options.legacyListLimit,
    registrationDefault: options.registrationDefault,
    listCache: createListCache(options.store, options.listCacheBytes),
  };
  authRoutes(app, deps, options.signInLimits);
  postRoutes(app, deps);
  commentRoutes(app, deps);
  userRoutes(app, deps);
}
