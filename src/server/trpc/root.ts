import { createCallerFactory, router } from './init.js';
import { authRouter } from './routers/auth.js';
import { bookmarksRouter } from './routers/bookmarks.js';
import { commentsRouter } from './routers/comments.js';
import { followRouter } from './routers/follow.js';
import { instanceRouter } from './routers/instance.js';
import { notificationsRouter } from './routers/notifications.js';
import { postsRouter } from './routers/posts.js';
import { usersRouter } from './routers/users.js';

export const appRouter = router({
  auth: authRouter,
  posts: postsRouter,
  comments: commentsRouter,
  users: usersRouter,
  bookmarks: bookmarksRouter,
  follow: followRouter,
  instance: instanceRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
