/*
 * The boot script: a classic script the page runs in its <head>, before anything is shown (built apart by
 * vite.config.ts, served from /assets, so the CSP's script-src 'self' allows it). The server may have drawn
 * the first screen into the page for the member its cookie names (src/server/first-screen.ts); the cookie
 * is shared by the browser's tabs, the session is each tab's own (src/client/lib/session.ts). When this
 * tab's member is not the one the page was drawn for (another tab signed in as someone else since, or this
 * tab signed out), the drawn screen is hidden until the app draws its
 * own (main.tsx), so nobody ever glimpses a screen that is not theirs.
 */

/** The id of this tab's member, as src/client/lib/session.ts keeps it; '' when nobody is signed in here. */
function tabMember(): string {
  try {
    const user = sessionStorage.getItem('user');
    const id = sessionStorage.getItem('token') && user ? (JSON.parse(user) as { id?: unknown }).id : '';
    return id === undefined || id === null ? '' : String(id);
  } catch {
    return '';
  }
}

const drawnFor = document.querySelector('meta[name="realm-drawn-for"]')?.getAttribute('content');
if (drawnFor !== null && drawnFor !== undefined && drawnFor !== tabMember())
  document.documentElement.setAttribute('data-drawn-elsewhere', '');
