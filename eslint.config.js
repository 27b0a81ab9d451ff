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
  ...tseslint.configs.recommended,
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
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
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
  // The payments domain speaks in DomainError, not HTTP (server/api/domainErrorAnswer.ts maps it); its sandbox pages are in server/web/.
  {
    files: ['server/payments/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['express'], patterns: [{ group: ['**/api', '**/api/**'], message: 'Domain code throws DomainError; the API maps it to HTTP.' }] },
      ],
    },
  },
  // Search is domain code too: the API calls it, never the other way round (docs/decisions/038).
  {
    files: ['server/search/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['express'], patterns: [{ group: ['**/api', '**/api/**'], message: 'Search is domain code: the API calls it.' }] },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
);
