import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { paths } from './paths.js';

// `npm start` on a fresh clone: build the client once if there is no build yet.
if (!existsSync(join(paths.clientDist, 'index.html'))) {
  console.log('No client build found; building it once (npm run build)...');
  // A NODE_ENV of development or test in the shell would otherwise give React's development build.
  process.env.NODE_ENV = 'production';
  await build({ logLevel: 'warn' });
}
