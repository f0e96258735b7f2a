import type { FastifyInstance } from 'fastify';
import type { RegistrationMode } from '../shared/community-schemas.js';
import { instanceSettings } from './domain/instance-settings.js';
import type { Store } from './store/store.js';

// The web app manifest (docs/web-app.md, "Installing Realm on a phone"): what a phone's "Add to Home
// Screen" reads. Served by the server rather than as a file because it carries the instance's own name.

/** The home screen's label: the name, cut at a word where it can be, as launchers show about 12 characters. */
export function shortName(name: string): string {
  if (name.length <= 12) return name;
  const cut = name.slice(0, 12);
  const space = cut.lastIndexOf(' ');
  return (space >= 4 ? cut.slice(0, space) : cut).trim();
}

export function webAppManifest(name: string) {
  return {
    name,
    short_name: shortName(name),
    description: `${name} on your home screen`,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // The app's light background and accent (styles.css); the splash screen shows it while the app loads.
    background_color: '#f4f5fb',
    theme_color: '#4f46e5',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export function serveWebAppManifest(
  app: FastifyInstance,
  options: { store: Store; registrationDefault: RegistrationMode },
) {
  app.get('/manifest.webmanifest', async (_request, reply) => {
    const { name } = await instanceSettings(options.store, options.registrationDefault);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(webAppManifest(name)));
  });
}
