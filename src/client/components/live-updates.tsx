import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountStateOfMessage } from '../lib/account-state';
import { connectLive, dispatchLive, type LiveMessage } from '../lib/live';
import { postCache } from '../lib/post-cache';
import { session, useSession } from '../lib/session';
import { trpc } from '../lib/trpc';

/**
 * Mounted once, above the routes: the tab's one live stream while a member is signed in, closed when the
 * session ends or changes. What every screen shares is applied here: counts to every cached card, the unread
 * count to the bell. Screens listen for the rest with useLiveEvent. A refused stream stops: a 401 ends the
 * session (another tab changed the password, or signed out everywhere), a 403 shows the account's state.
 */
export function LiveUpdates() {
  const current = useSession();
  // A pending or suspended account has no stream (the server refuses it).
  const token = current?.state === 'active' ? current.token : undefined;
  const client = useQueryClient();
  const utils = trpc.useUtils();

  useEffect(() => {
    if (!token) return;
    const setUnread = (count: number) => utils.notifications.unreadCount.setData(undefined, { count });
    const apply = (message: LiveMessage) => {
      if (message.type === 'hello') setUnread(message.data.unread);
      else if (message.type === 'unread') setUnread(message.data.count);
      else if (message.type === 'resync') void utils.notifications.unreadCount.invalidate();
      else if (message.type === 'counts') {
        const change = message.data;
        if ('deleted' in change) {
          postCache.remove(client, change.postId);
          // A post's own page holds the post alone, which no list can drop: read it again (now a 404).
          void utils.posts.byId.invalidate({ postId: change.postId });
        } else {
          const { likeCount, commentCount } = change;
          postCache.update(client, change.postId, () => ({ likeCount, commentCount }));
        }
      }
      dispatchLive(message);
    };
    return connectLive({
      token,
      onMessage: apply,
      // Not when this tab has moved on to a new token (its own password change ended the old one).
      onUnauthorized: () => session.token() === token && session.signOut('expired'),
      onForbidden: (message) => {
        const state = accountStateOfMessage(message);
        if (state && session.token() === token) session.setState(state);
      },
    });
  }, [token, client, utils]);

  return null;
}
