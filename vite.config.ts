import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

// Issue 3: the JavaScript that `/` loads before anything else may be at most 130 KB gzipped.
const initialJsBudget = 130 * 1024;

/** Prints the gzipped size of the entry chunk and its static imports, and fails the build over budget. */
function initialJsBudgetPlugin(): Plugin {
  return {
    name: 'realm-initial-js-budget',
    apply: 'build',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rolldown.OutputChunk => item.type === 'chunk',
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const seen = new Set<string>();
      const visit = (name: string) => {
        if (seen.has(name)) return;
        seen.add(name);
        chunks.find((chunk) => chunk.fileName === name)?.imports.forEach(visit);
      };
      visit(entry.fileName);
      const bytes = [...seen].reduce((sum, name) => {
        const chunk = chunks.find((c) => c.fileName === name);
        return sum + (chunk ? gzipSync(chunk.code).length : 0);
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

export default defineConfig({
  root: 'src/client',
  plugins: [react(), initialJsBudgetPlugin()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
  },
  test: {
    root: '.',
    include: ['tests/**/*.test.ts'],
    // Suites with their own configs: the browser, the HTTP contract (built program), the binary and the
    // PostgreSQL tests.
    exclude: ['tests/e2e/**', 'tests/contract/**', 'tests/binary/**', 'tests/pg/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
