import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A built client's index.html as Vite writes it (whether or not `dist` is built where the test runs): the
 * boot script and the entry in the <head>, an empty #root.
 */
export function builtClient(): string {
  const dir = mkdtempSync(join(tmpdir(), 'realm-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Realm</title>\n' +
      '    <script src="/assets/boot-abc.js"></script>\n' +
      '    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n' +
      '  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  );
  return dir;
}
