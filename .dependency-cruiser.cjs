/**
 * Import rules of src (docs/ARCHITECTURE.md), checked by `npm run lint:deps`. The ESLint
 * boundary rules in eslint.config.mjs stay as a second guard (they also keep TypeBox out of the
 * browser bundle, which this file does not check).
 *
 * Type-only imports count everywhere (tsPreCompilationDeps): TypeScript erases them, but a
 * type-only cycle still ties the modules' designs together (neither can change or move alone),
 * and the boundaries are about what one part knows of another, not only about what it runs.
 */

/** A feature folder of the client; group 1 of `from` is its name, used as $1 in `to`. */
const FEATURE = '^src/client/features/([^/]+)/';

/** The public surface of a feature other features may import: its endpoints (`*-api.ts`) or an index. */
const FEATURE_SURFACE = '(?:[^/]+-api\\.ts|index\\.tsx?)$';

/**
 * Features every feature may import whole: `money` holds what the money flows share (PIN modal,
 * receipts, submit hook), as docs/ARCHITECTURE.md describes it.
 */
const SHARED_FEATURES = ['money'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle anywhere under src, type-only imports included (see the header).',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'shared-imports-nothing-of-ours',
      severity: 'error',
      comment: 'src/shared is the contract: it imports neither the client nor the server.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'shared-no-ui-or-http-framework',
      severity: 'error',
      comment: 'src/shared holds no React and no Fastify: both sides import it.',
      from: { path: '^src/shared/' },
      // Resolved (…/node_modules/react/…) or not (a bare 'react' that does not resolve).
      to: { path: '(^|/node_modules/)(react[^/]*|fastify[^/]*|@fastify/[^/]+)(/|$)' },
    },
    {
      name: 'client-not-to-server',
      severity: 'error',
      comment: 'The browser app never imports server code.',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-to-client',
      severity: 'error',
      comment: 'The server never imports client code.',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'feature-through-public-surface',
      severity: 'error',
      comment:
        'A feature imports another feature only through its endpoints (`<name>-api.ts`) or an `index.ts`; ' +
        `shared features (${SHARED_FEATURES.join(', ')}) may be imported whole. ` +
        'Move what several features need to src/client/app, src/client/ui or src/client/api, or expose it from the owner.',
      from: { path: FEATURE },
      to: {
        path: '^src/client/features/([^/]+)/',
        pathNot: [`^src/client/features/$1/`, `^src/client/features/[^/]+/${FEATURE_SURFACE}`, `^src/client/features/(${SHARED_FEATURES.join('|')})/`],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports and re-exports are dependencies too (see the header).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.cjs', '.mjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
