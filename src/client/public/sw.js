// Realm's service worker (docs/web-app.md, "Offline" and "Notifications on this device"), served from the
// site's root so its scope is the whole app. It keeps the app's shell (the page and the built files it
// loads, whose names carry their content's hash) so that Realm installed on a phone opens without a
// network, and it shows Web Push notifications. It never stores what the API answers: the API, tRPC, live
// events and pictures go to the network untouched, so no member's data is ever kept on the device by it.

const shellCache = 'realm-shell-v1';
const shellKey = '/';
// Small files the installed app shows on its own: its icons, and the manifest a phone reads.
const appFiles = ['/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(shellCache);
      await cache.addAll(appFiles).catch(() => undefined);
      await refreshShell();
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== shellCache) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** The built files a page names: /assets/ scripts, styles and preloads. */
function assetsOf(html) {
  return [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]))];
}

/**
 * Keeps this page as the shell, with the built files it names. When a deploy changed them, the files of
 * the earlier build go (the lazily loaded ones too: they are cached again as the new build asks for them).
 */
async function keepShell(response) {
  const html = await response.clone().text();
  const cache = await caches.open(shellCache);
  const before = await cache.match(shellKey);
  const assets = assetsOf(html);
  const changed = !before || assetsOf(await before.text()).join() !== assets.join();
  if (changed) {
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname.startsWith('/assets/')) await cache.delete(request);
    }
    await cache.addAll(assets);
  }
  await cache.put(shellKey, response);
}

/**
 * The shell as a signed-out visitor's `/` comes: without cookies, so never a page the server drew with a
 * member's posts (src/server/first-screen.ts). What the device keeps holds no member's data.
 */
async function refreshShell() {
  const page = await fetch(shellKey, { cache: 'no-store', credentials: 'omit' }).catch(() => null);
  if (page && page.ok) await keepShell(page);
}

/** Shown when there is neither a network nor a kept shell (the app was never opened while online). */
function offlinePage(url) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">
<title>You are offline · Realm</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<main><h1>You are offline</h1><p>Realm needs a connection to open this page. Check your connection, then try again.</p>
<p><a href="${url.replace(/"/g, '&quot;')}">Try again</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/**
 * A page: from the network when there is one, else the kept shell. A page whose built files differ from the
 * kept shell's (a deploy) has the shell fetched anew; the page itself is never kept (it may be drawn for the
 * member).
 */
async function navigate(event) {
  try {
    const response = await fetch(event.request);
    const isPage = response.ok && (response.headers.get('content-type') || '').startsWith('text/html');
    if (isPage) event.waitUntil(refreshIfDeployed(response.clone()).catch(() => undefined));
    return response;
  } catch {
    const shell = await caches.match(shellKey, { cacheName: shellCache });
    return shell || offlinePage(event.request.url);
  }
}

async function refreshIfDeployed(page) {
  const kept = await caches.match(shellKey, { cacheName: shellCache });
  const entry = (html) =>
    assetsOf(html)
      .filter((name) => /\/assets\/index-/.test(name))
      .join();
  if (!kept || entry(await kept.text()) !== entry(await page.text())) await refreshShell();
}

/** A built file: its name never changes meaning, so a kept copy is always right. */
async function builtFile(request) {
  const cache = await caches.open(shellCache);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** An icon or the manifest: fresh when online, the kept copy when not. */
async function appFile(request) {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(shellCache)).put(request, response.clone());
    return response;
  } catch {
    const kept = await caches.match(request, { cacheName: shellCache });
    if (kept) return kept;
    throw new Error('offline');
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(navigate(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(builtFile(request));
  else if (appFiles.includes(url.pathname)) event.respondWith(appFile(request));
  // Anything else (/api, /trpc, /events, /pictures) is not handled here: never cached.
});

// Web Push: the server sends { title, body, url } (src/server/domain/push-message.ts).
self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Realm', {
      body: message.body || 'You have a new notification.',
      icon: '/icons/icon-192.png',
      data: { url: typeof message.url === 'string' ? message.url : '/notifications' },
    }),
  );
});

// A click opens what the notification is about: in a window of the app already open if there is one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  let target = new URL(event.notification.data?.url || '/notifications', self.location.origin);
  if (target.origin !== self.location.origin) target = new URL('/notifications', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => client.url === target.href);
      if (same) return same.focus();
      const open = windows.find((client) => 'navigate' in client);
      if (open) {
        await open.focus();
        return open.navigate(target.href);
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});
