// The member's theme on this device: Light, Dark, or System (the system's, followed as it changes). Kept in
// localStorage, read before the first paint by public/theme.js, which this mirrors: both set
// <html data-theme> and the color-scheme meta to the theme in effect.

export type ThemeChoice = 'light' | 'dark' | 'system';

const key = 'realm-theme';

export function themeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(key);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function apply(choice: ThemeChoice) {
  const dark = choice === 'system' ? matchMedia('(prefers-color-scheme: dark)').matches : choice === 'dark';
  const theme = dark ? 'dark' : 'light';
  document.documentElement.setAttribute('data-theme', theme);
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', theme);
}

/** Keeps the choice (System is no stored choice at all) and shows it at once. */
export function chooseTheme(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(key);
    else localStorage.setItem(key, choice);
  } catch {
    // Storage refused (a private window may): the theme still changes for this page.
  }
  apply(choice);
}
