import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DrawnScreen } from './first-screen.js';
import { escapeHtml, withPreviewTags } from './page-meta.js';
import { paths } from './paths.js';

const oneYear = 'public, max-age=31536000, immutable';

// Shown when `dist` has not been built (tests, a first `npm run dev` request before Vite answers).
const placeholder = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Realm</title></head>
<body><main><h1>Realm</h1><p>The web client has not been built. Run <code>npm run build</code>.</p></main></body></html>`;

/**
 * Serves the seed pictures and, unless Vite serves it (dev), the built client. Returns the function that
 * answers a client route (/, /explore, /profile/x...) with index.html, never cached so a deploy shows at once,
 * its <head> carrying the page's link-preview tags (`previewTags`, page-meta.ts).
 */
export async function serveClient(
  app: FastifyInstance,
  options: {
    builtClient: boolean;
    clientDir: string;
    previewTags: (path: string) => Promise<string>;
    drawScreen: (path: string, cookieHeader: string | undefined) => Promise<DrawnScreen | null>;
    /** Where a page that moved now is (an old profile address), or null. */
    movedTo: (path: string) => Promise<string | null>;
  },
) {
  await app.register(fastifyStatic, {
    root: paths.seedPictures,
    prefix: '/pictures/',
    decorateReply: false,
    maxAge: '1d',
  });
  if (!options.builtClient) return null;

  const indexHtml = join(options.clientDir, 'index.html');
  const hasBuild = existsSync(indexHtml);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      prefix: '/',
      decorateReply: false,
      index: false,
      // One route per built file; every other path falls through to the client-route handler below.
      wildcard: false,
      cacheControl: false,
      // Vite puts content hashes in every asset name under /assets, so they never change.
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.includes('/assets/') ? oneYear : 'no-cache');
      },
    });
  }
  const html = hasBuild ? readFileSync(indexHtml, 'utf8') : placeholder;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const moved = await options.movedTo(path);
    if (moved) return reply.header('cache-control', 'no-cache').redirect(moved, 301);
    const [tags, screen] = await Promise.all([
      options.previewTags(path),
      hasBuild ? options.drawScreen(path, request.headers.cookie) : null,
    ]);
    const page = withPreviewTags(html, tags);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!screen) return reply.send(page);
    // Drawn for the member the cookie names: never kept by a shared cache, nor served to another cookie.
    reply.header('vary', 'cookie').header('cache-control', 'private, no-cache');
    return reply.send(withDrawnScreen(page, screen));
  };
}

/**
 * The page with its first screen drawn inside #root, inert until the app has started (a tap or a keystroke
 * before then would be lost when the app draws the screen afresh: the page ignores them), the answers it was drawn from beside it (JSON, never
 * run: `<` is escaped so no text can end the element), and whom it was drawn for in the <head>, where the
 * boot script reads it before anything is shown.
 */
export function withDrawnScreen(page: string, screen: DrawnScreen): string {
  const data = JSON.stringify({ drawnFor: screen.drawnFor, answers: screen.answers }).replace(
    /</g,
    '\\u003c',
  );
  const meta = `<meta name="realm-drawn-for" content="${escapeHtml(screen.drawnFor)}" />`;
  return page
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/(<meta charset="[^"]*" \/?>)/i, (charset) => `${charset}\n    ${meta}`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" inert>${screen.html}</div>\n    <script type="application/json" id="realm-first-screen">${data}</script>`,
    );
}
