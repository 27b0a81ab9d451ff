// Lint rules for the whole tree (`npm run lint`, part of `npm test`): JavaScript's and
// typescript-eslint's recommended sets, React's hook rules, and our house rules (no `any`, no
// non-null assertions; the layout rules of docs/architecture.md). Formatting is Prettier's alone.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_CODE = { group: ['**/server', '**/server/**'], message: 'Server code stays out of the browser bundle and shared/.' };

/** The domain folders of server/: they know no HTTP, and the web layer over them (server/web/) is theirs to be called by, never to call. */
const DOMAINS = [
  'accounts',
  'admin',
  'content',
  'db',
  'domain',
  'jobs',
  'mail',
  'media',
  'newsletter',
  'payments',
  'pdf',
  'redeem',
  'search',
  'security',
  'seo',
  'sms',
  'startup',
  'stats',
  'tracking',
  'wechat',
];
/** An import path that reaches a folder named web (esquery's regex takes no slash: \x2F is one). */
const WEB_FOLDER = '/(^|\\x2F)web(\\x2F|$)/';
const WEB_LAYER_MESSAGE = 'Domain code does not import the web layer (server/web/): the web apps call the domains (docs/decisions/077).';

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
  // The web layer imports the domains, never the other way round (docs/decisions/077). Its own rule, not
  // no-restricted-imports: a later block setting that rule for the same files would replace this one.
  {
    files: DOMAINS.map((domain) => `server/${domain}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].map((node) => ({
          selector: `${node}[source.value=${WEB_FOLDER}]`,
          message: WEB_LAYER_MESSAGE,
        })),
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
);
