// One lint setup for the whole repository (run by `npm run lint`, which `npm test` runs first).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // react-router is shared through the tree-shaken facade; importing it directly would load a second copy
    // (another router context) in the browser. See docs/adr/0002. A package is used through its entry points
    // (`@portal/shared-ui`, `/router`, `/lists`, `/testing`), never by a path into its sources.
    files: ['**/*.{ts,tsx}'],
    ignores: ['shared-ui/src/router/**', 'api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            message: "Import routing from '@portal/shared-ui/router' (the shared, tree-shaken facade).",
          })),
          patterns: [
            {
              group: ['@portal/*/src', '@portal/*/src/**'],
              message: "Import a package's entry point (e.g. '@portal/shared-ui/testing'), not its sources.",
            },
          ],
        },
      ],
    },
  },
  {
    // The API's layers (docs/adr/0005): a route folder never imports another route folder.
    files: ['api/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^.][^/]*/',
              message:
                'A route folder does not import another: move shared code to services/ or lib/ (docs/adr/0005).',
            },
          ],
        },
      ],
    },
  },
  {
    // Only app.ts registers routes; nothing else in the API depends on them (docs/adr/0005).
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/routes/**', 'api/src/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+routes(/|$)|^\\./routes/',
              message: 'Only app.ts imports routes: move what is shared to services/ or lib/ (docs/adr/0005).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
