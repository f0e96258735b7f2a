import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withPreviewTags } from './page-meta.js';
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
  options: { builtClient: boolean; clientDir: string; previewTags: (path: string) => Promise<string> },
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
    const page = withPreviewTags(html, await options.previewTags(request.url.split('?')[0] ?? '/'));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  };
}
