import { createCallerFactory, router } from './init.js';
import { accountRouter } from './routers/account.js';
import { adminRouter } from './routers/admin.js';
import { authRouter } from './routers/auth.js';
import { bookmarksRouter } from './routers/bookmarks.js';
import { commentsRouter } from './routers/comments.js';
import { followRouter } from './routers/follow.js';
import { instanceRouter } from './routers/instance.js';
import { invitesRouter } from './routers/invites.js';
import { notificationsRouter } from './routers/notifications.js';
import { oauthRouter } from './routers/oauth.js';
import { postsRouter } from './routers/posts.js';
import { pushRouter } from './routers/push.js';
import { relationsRouter } from './routers/relations.js';
import { reportsRouter } from './routers/reports.js';
import { searchRouter } from './routers/search.js';
import { passkeysRouter } from './routers/passkeys.js';
import { secondFactorRouter } from './routers/second-factor.js';
import { usersRouter } from './routers/users.js';

export const appRouter = router({
  auth: authRouter,
  posts: postsRouter,
  comments: commentsRouter,
  users: usersRouter,
  search: searchRouter,
  bookmarks: bookmarksRouter,
  follow: followRouter,
  instance: instanceRouter,
  notifications: notificationsRouter,
  push: pushRouter,
  // Accounts and community moderation (docs/decisions/0004-community-moderation.md).
  account: accountRouter,
  invites: invitesRouter,
  relations: relationsRouter,
  reports: reportsRouter,
  admin: adminRouter,
  secondFactor: secondFactorRouter,
  passkeys: passkeysRouter,
  // Signing in from apps (docs/decisions/0013-oauth-for-apps.md).
  oauth: oauthRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
