// Builds what Realm runs in production: the client (Vite) into dist/client and the server with its
// command-line program (esbuild) into dist/server/realm.cjs, so neither tsx nor Vite runs when it serves.
//
//   node scripts/build.mjs              build both
//   node scripts/build.mjs --if-stale   build only what is missing or older than its sources (npm start)
//   node scripts/build.mjs --sea        also bundle the single executable's main script (npm run package)
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path) => join(root, path);

/** The newest modification time among these files and folders (walked), 0 when none exists. */
function newest(sources) {
  let latest = 0;
  for (const source of sources.map(at)) {
    if (!existsSync(source)) continue;
    const stat = statSync(source);
    if (!stat.isDirectory()) latest = Math.max(latest, stat.mtimeMs);
    else
      for (const entry of readdirSync(source, { recursive: true })) {
        latest = Math.max(latest, statSync(join(source, String(entry))).mtimeMs);
      }
  }
  return latest;
}

const isStale = (output, sources) =>
  !existsSync(at(output)) || statSync(at(output)).mtimeMs < newest(sources);

export async function buildClient() {
  // A NODE_ENV of development or test in the shell would otherwise give React's development build.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  // vite.config.ts names its folders relative to the project folder.
  process.chdir(root);
  await build({ configFile: at('vite.config.ts'), logLevel: 'warn' });
}

/** In the single executable's bundle, `sharp` (imported by src/server/media/) is src/sea/sharp-shim.ts. */
const sharpStandIn = {
  name: 'sharp-stand-in',
  setup(build) {
    build.onResolve({ filter: /^sharp$/ }, () => ({ path: at('src/sea/sharp-shim.ts') }));
  },
};

/**
 * One CommonJS file: a single executable needs CommonJS (no top-level await). `import.meta.url` has no
 * value in CommonJS, so it is given this file's own URL; the bundle sits two folders down (dist/server/),
 * as src/server/paths.ts expects. The checkout's build leaves better-sqlite3 in node_modules, with its
 * addon; the single executable's carries everything and is handed the addon (src/sea/main.ts).
 */
export async function buildServer({ sea = false } = {}) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [at(sea ? 'src/sea/main.ts' : 'src/cli/entry.ts')],
    outfile: at(sea ? 'dist/sea/realm.cjs' : 'dist/server/realm.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: sea ? 'node24' : 'node22',
    // sharp loads its addon and libvips from its own package folders at run time (require over its own
    // files), so the checkout's build leaves it in node_modules. The single executable carries sharp's tree
    // as assets and unpacks it on the first upload: there `sharp` is a stand-in that loads it then
    // (src/sea/sharp-shim.ts).
    external: sea ? [] : ['better-sqlite3', 'sharp'],
    plugins: sea ? [sharpStandIn] : [],
    // The server draws a page's first screen with the client's components (src/client/ssr/); their styles
    // are the browser's business.
    loader: { '.css': 'empty' },
    define: { 'import.meta.url': 'importMetaUrl', 'process.env.NODE_ENV': '"production"' },
    banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
  });
}

const clientSources = ['src/client', 'src/shared', 'vite.config.ts', 'package.json'];
const serverSources = ['src/server', 'src/shared', 'src/client', 'src/cli', 'seed', 'package.json'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { 'if-stale': { type: 'boolean' }, sea: { type: 'boolean' } } });
  const all = !values['if-stale'];
  if (all || isStale('dist/client/index.html', clientSources)) {
    console.error('Building the client (dist/client)...');
    await buildClient();
  }
  if (all || isStale('dist/server/realm.cjs', serverSources)) {
    console.error('Building the server (dist/server/realm.cjs)...');
    await buildServer();
  }
  if (values.sea) await buildServer({ sea: true });
}
