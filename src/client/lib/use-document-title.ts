import { useEffect } from 'react';

/** Names the screen in the tab and the history ("#realm · Realm"); the previous title comes back on leaving. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · Realm`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
