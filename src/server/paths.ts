import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Every file the server reads at run time is found here, so that packaging Realm as one executable later
// changes this module and nothing else.
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const paths = {
  root: projectRoot,
  migrations: resolve(projectRoot, 'migrations'),
  clientDist: resolve(projectRoot, 'dist/client'),
  seedPictures: resolve(projectRoot, 'seed/pictures'),
};
