/* global document, window, localStorage */
// Realm's theme, set on <html data-theme> before the first paint so no page flashes the other colours.
// A separate file, not inline, because the Content-Security-Policy allows scripts from this server only.
// The choice is per device (localStorage "realm-theme": "light", "dark", or none for the system's), made
// in /settings (src/client/lib/theme.ts writes it and applies it the same way).
(function () {
  var root = document.documentElement;
  var system = window.matchMedia('(prefers-color-scheme: dark)');
  function choice() {
    try {
      return localStorage.getItem('realm-theme');
    } catch {
      return null;
    }
  }
  function apply() {
    var chosen = choice();
    var theme = chosen === 'light' || chosen === 'dark' ? chosen : system.matches ? 'dark' : 'light';
    root.setAttribute('data-theme', theme);
    var meta = document.querySelector('meta[name="color-scheme"]');
    if (meta) meta.setAttribute('content', theme);
  }
  apply();
  // System follows the system while the page is open, and a choice made in another tab comes here too.
  system.addEventListener('change', apply);
  window.addEventListener('storage', function (event) {
    if (event.key === 'realm-theme') apply();
  });
})();
