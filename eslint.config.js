import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'migrations/', 'coverage/', 'release/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['seed/**', 'tests/bench/**', 'src/server/dev.ts', 'src/cli/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  // Plain Node scripts: TypeScript files get Node's globals from @types/node, these from here.
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: globals.node } },
  // The service worker is a plain script the browser runs as a worker (docs/web-app.md, "Offline").
  { files: ['src/client/public/sw.js'], languageOptions: { globals: globals.serviceworker } },
  prettier,
);
