import type { FirstAnswer } from './seed-first-data';

/**
 * The answers the server drew this page's first screen from (src/server/first-screen.ts), for the app to
 * start with, when they were read for this tab's member. Otherwise the drawn screen is not this tab's
 * (boot/check-drawn-page.ts hid it): it is cleared, and the app asks for its own.
 */
export function takeDrawnScreen(member: string | null): FirstAnswer[] {
  const element = document.getElementById('realm-first-screen');
  const root = document.documentElement;
  const elsewhere = root.hasAttribute('data-drawn-elsewhere');
  root.removeAttribute('data-drawn-elsewhere');
  document.getElementById('root')?.removeAttribute('inert');
  if (!element) return [];
  element.remove();
  try {
    const page = JSON.parse(element.textContent ?? '') as { drawnFor: string; answers: FirstAnswer[] };
    if (!elsewhere && page.drawnFor === member) return page.answers;
  } catch {
    // A page that does not parse is drawn afresh, as one never drawn.
  }
  document.getElementById('root')?.replaceChildren();
  return [];
}
