import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

// The JavaScript that `/` loads before anything else (the boot script included) may be at most 130 KB gzipped.
const initialJsBudget = 130 * 1024;

/**
 * The chunks of a build, its entry, and the files the entry brings: its own imports, and the app it imports
 * once the page is painted (src/client/main.tsx) with that chunk's static imports.
 */
function appFiles(bundle: Rolldown.OutputBundle) {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) return null;
  const files = new Set<string>();
  const visit = (name: string) => {
    if (files.has(name) || name === entry.fileName) return;
    files.add(name);
    chunks.find((chunk) => chunk.fileName === name)?.imports.forEach(visit);
  };
  [...entry.imports, ...entry.dynamicImports].forEach(visit);
  return { chunks, entry, files };
}

/**
 * Prints the gzipped size of the entry chunk, its static imports and the boot script, and fails the build
 * over budget. It runs after the boot script's plugin, which adds that script.
 */
function initialJsBudgetPlugin(): Plugin {
  return {
    name: 'realm-initial-js-budget',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const app = appFiles(bundle);
      if (!app) return;
      const { chunks } = app;
      const seen = new Set([app.entry.fileName, ...app.files]);
      const boot = Object.values(bundle).filter(
        (item): item is Rolldown.OutputAsset =>
          item.type === 'asset' && /^assets\/boot-.*\.js$/.test(item.fileName),
      );
      boot.forEach((asset) => seen.add(asset.fileName));
      const bytes = [...seen].reduce((sum, name) => {
        const chunk = chunks.find((c) => c.fileName === name);
        const asset = boot.find((a) => a.fileName === name);
        return sum + (chunk ? gzipSync(chunk.code).length : asset ? gzipSync(asset.source).length : 0);
      }, 0);
      const kb = (bytes / 1024).toFixed(1);
      // eslint-disable-next-line no-console -- the build's report is meant for the terminal
      console.log(
        `\nInitial JS of /: ${kb} KB gzipped in ${seen.size} files (budget ${initialJsBudget / 1024} KB)`,
      );
      if (bytes > initialJsBudget) this.error(`Initial JS of / is ${kb} KB gzipped, over the budget.`);
    },
  };
}

const bootEntry = fileURLToPath(new URL('./src/client/boot/check-drawn-page.ts', import.meta.url));

/**
 * Builds the boot script (src/client/boot/check-drawn-page.ts), which hides a first screen the server drew
 * for another member than this tab's, as one small classic script under /assets named by its content's
 * hash, and puts it in index.html's <head> before the bundle, so it runs before anything is shown. A file
 * rather than inline code: the CSP allows scripts from 'self' only.
 */
function bootScriptPlugin(): Plugin {
  return {
    name: 'realm-boot-script',
    apply: 'build',
    // After Vite has written index.html.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: [bootEntry],
        bundle: true,
        format: 'iife',
        minify: true,
        write: false,
        target: 'es2020',
      });
      const code = result.outputFiles[0]!.text;
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      const fileName = `assets/boot-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return this.error('index.html is missing from the build');
      const source = String(html.source);
      if (!source.includes('<script type="module"')) return this.error('index.html has no module script');
      html.source = source.replace('<script type="module"', `<script src="/${fileName}"></script>\n    $&`);
    },
  };
}

/**
 * The entry imports the app only once the page is painted (src/client/main.tsx); the browser fetches and
 * compiles the app's files meanwhile, as index.html names them for preloading here.
 */
function preloadAppPlugin(): Plugin {
  return {
    name: 'realm-preload-app',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const app = appFiles(bundle);
      const html = bundle['index.html'];
      if (!app || html?.type !== 'asset') return;
      const files = [...app.files].filter((name) => !app.entry.imports.includes(name));
      const links = files.map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`);
      html.source = String(html.source).replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
    },
  };
}

export default defineConfig({
  root: 'src/client',
  plugins: [react(), bootScriptPlugin(), preloadAppPlugin(), initialJsBudgetPlugin()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
  },
  test: {
    root: '.',
    include: ['tests/**/*.test.ts'],
    // Suites with their own configs: the browser, the HTTP contract (built program), the binary, the
    // PostgreSQL tests and the Mastodon client libraries (built program and browser).
    exclude: [
      'tests/e2e/**',
      'tests/contract/**',
      'tests/binary/**',
      'tests/pg/**',
      'tests/clients/**',
      'node_modules/**',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
});
