// Lint rules for the whole tree (`npm run lint`, part of `npm test`): JavaScript's and
// typescript-eslint's recommended sets, React's hook rules, and our house rules (no `any`, no
// non-null assertions; the layout rules of docs/architecture.md). Formatting is Prettier's alone.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_CODE = { group: ['**/server', '**/server/**'], message: 'Server code stays out of the browser bundle and shared/.' };

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  // Type-aware rules read the types of every file, TypeScript and the build's JavaScript alike (tsconfig.json checks both).
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      // Express's Request is extended by declaration merging (server/api/auth.ts).
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // Control characters are matched on purpose: file names, XML text, redirect targets, NUL in paths.
      'no-control-regex': 'off',
      // A loader stops with React Router's own throwables: `redirect()` (a Response) and `data()`.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  // Tests read what supertest, Playwright and JSON hand them, typed `any` by those libraries, and
  // assert on it: the assertion is their type check (docs/decisions/078). Their fakes are `async`
  // to stand in for the interfaces they replace, and `expect(object.method)` names a method on purpose.
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  // The layout rules: server code never reaches the browser's bundle, and shared/ stays pure.
  {
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_CODE] }] },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SERVER_CODE, { group: ['node:*'], message: 'shared/ runs in the browser too: no Node modules.' }] }],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator'].map((name) => ({ name, message: 'shared/ runs on the server too: no DOM.' })),
      ],
    },
  },
  // Domain code (every folder of server/ but the HTTP layer) speaks in DomainError, not HTTP: no
  // express, nothing of server/api (server/api/domainErrorAnswer.ts maps the error; docs/decisions/076).
  // Exempt: the HTTP layer itself, the entry points that build the app, and, by name, the page and
  // endpoint files still inside domain folders.
  {
    files: ['server/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'server/api/**',
      'server/middleware/**',
      'server/render/**',
      'server/web/**',
      'server/app.ts',
      'server/index.ts',
      'server/serve.ts',
      'server/cluster.ts',
      'server/proxy.ts',
      'server/accounts/wechatSignIn.ts',
      'server/payments/sandboxPages.ts',
      'server/media/routes.ts',
      'server/media/uploadRoute.ts',
      'server/media/qiniuCallback.ts',
      'server/media/mediaHost.ts',
      'server/media/bucketMediaHost.ts',
      'server/media/renderView.ts',
      'server/metrics/bearerToken.ts',
      'server/metrics/healthEndpoint.ts',
      'server/metrics/metricsEndpoint.ts',
      'server/metrics/requestMetrics.ts',
      'server/newsletter/linkPages.ts',
      'server/seo/routes.ts',
      'server/seo/origin.ts',
      'server/tracking/logEndpoint.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['express'],
          patterns: [{ group: ['**/api', '**/api/**'], message: 'Domain code throws DomainError; the API calls it and maps it to HTTP.' }],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
);
