import { useEffect } from 'react';
import { unreadBadge } from './notification-text';

// The tab's title is two parts kept here: the screen's name ("Settings · Realm", or the page's own title on
// screens that name none) and the unread notifications the bell counts, in front as Mastodon and Bluesky
// put them: "(3) Settings · Realm". Either part changing writes the whole title again.

let screen = typeof document === 'undefined' ? 'Realm' : document.title;
let unread = 0;

function write() {
  document.title = unread > 0 ? `(${unreadBadge(unread)}) ${screen}` : screen;
}

/** Names the screen in the tab and the history ("#realm · Realm"); the previous title comes back on leaving. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = screen;
    screen = `${title} · Realm`;
    write();
    return () => {
      screen = before;
      write();
    };
  }, [title]);
}

/** The bell's unread count in front of every screen's title, live; gone when signed out. */
export function useUnreadInTitle(count: number) {
  useEffect(() => {
    unread = count;
    write();
    return () => {
      unread = 0;
      write();
    };
  }, [count]);
}
