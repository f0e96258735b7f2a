import type { FastifyCompressOptions } from '@fastify/compress';

// gzip level 2 instead of 6: a third of the CPU for about 13% more bytes (the legacy GET /api/posts is
// megabytes: 9.8 MB of JSON at 10k posts, 55 ms at level 2, 145 ms at level 6).
const zlibOptions = { level: 2 };

/** Every compressed response (@fastify/compress, registered in app.ts). */
export const compression: FastifyCompressOptions = { zlibOptions };

/**
 * The legacy lists, streamed while SQLite writes them (rest/post-views.ts). zlib hands its output back in
 * chunks of 16 KB by default, each through the main thread, which is busy writing the next page: gzip so
 * waited on SQLite. In 1 MB chunks it keeps up; 10k posts streamed and gzipped in-process: ~240 -> ~195 ms
 * (SQLite alone ~175).
 */
export const listCompression: FastifyCompressOptions = {
  zlibOptions: { ...zlibOptions, chunkSize: 1024 * 1024 },
  brotliOptions: { chunkSize: 1024 * 1024 },
};
