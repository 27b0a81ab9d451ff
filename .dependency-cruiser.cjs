// The import rule of the layers (docs/architecture.md §6, docs/decisions/080-import-rule-of-the-layers.md), run by `npm run deps`
// in `npm test`. The HTTP and web layer (server/api, server/web, server/middleware, server/render
// and the entry files) may import domains; a domain (every other folder of server/) may not import
// that layer, nor Express; shared/ imports neither side, nor Node; the browser's code no server code.

/** The HTTP and web layer of server/. */
const HTTP_LAYER = ['^server/(api|web|middleware|render|backends)/', '^server/(app|index|serve|cluster)\\.tsx?$'];
/** Express and its types: the HTTP layer's library. */
const EXPRESS = ['(^|/)node_modules/express/', '(^|/)node_modules/@types/express(-serve-static-core)?/'];
const TESTS = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-imports-http',
      comment: 'Domain code knows no HTTP: it throws DomainError (server/domain/DomainError.ts) and the HTTP layer translates.',
      severity: 'error',
      from: { path: '^server/[^/]+/', pathNot: [...HTTP_LAYER, '^server/admin/', TESTS] },
      to: { path: [...HTTP_LAYER, ...EXPRESS] },
    },
    {
      name: 'shared-imports-a-side',
      comment: 'shared/ runs in the browser and on the server: it imports neither, nor Node.',
      severity: 'error',
      from: { path: '^shared/', pathNot: TESTS },
      to: { path: ['^server/', '^client/'] },
    },
    {
      name: 'shared-imports-node',
      comment: 'shared/ runs in the browser too: no Node modules.',
      severity: 'error',
      from: { path: '^shared/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'client-imports-server',
      comment: "Server code stays out of the browser's bundle.",
      severity: 'error',
      from: { path: '^client/', pathNot: TESTS },
      to: { path: '^server/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: '^node_modules/' },
    exclude: { path: '^(dist|data|coverage)/' },
  },
};
