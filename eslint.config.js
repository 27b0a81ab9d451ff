// Lint rules for the whole tree (`npm run lint`, part of `npm test`): JavaScript's and
// typescript-eslint's recommended sets, React's hook rules, and our house rules (no `any`, no
// non-null assertions). Formatting is Prettier's alone; the layers' import rule is dependency-cruiser's.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  // shared/ runs on the server too: no DOM. (Which layer may import which is dependency-cruiser's,
  // .dependency-cruiser.cjs, docs/decisions/080.)
  {
    files: ['shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator'].map((name) => ({ name, message: 'shared/ runs on the server too: no DOM.' })),
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
);
