// Two projects: the browser app under jsdom, the API server under node.
// When TEST_DATABASE_URL is set, the server suite runs a second time against PostgreSQL.
// Sources and the ESM-only packages below are compiled by swc (much faster than babel on a cold
// cache, which is what CI has) to CommonJS for the Node that runs the tests.
const swc = (syntax) => ['@swc/jest', {
  jsc: {
    parser: syntax === 'typescript' ? { syntax, tsx: true } : { syntax },
    target: 'es2022',
    transform: { react: { runtime: 'automatic' } },
  },
  module: { type: 'commonjs' },
}];
const nodeModulesTransform = { '/node_modules/.+\\.(m|c)?js$': swc('ecmascript') };
const sourceTransform = { '^.+\\.(t|j)sx?$': swc('typescript') };

const client = {
  displayName: 'client',
  testEnvironment: '<rootDir>/__tests__/support/jsdom-env.js',
  testMatch: ['<rootDir>/__tests__/client/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/support/client-setup.ts'],
  transform: { ...nodeModulesTransform, ...sourceTransform },
  transformIgnorePatterns: ['/node_modules/(?!(msw|@mswjs|@bundled-es-modules|until-async|outvariant|strict-event-emitter|headers-polyfill|is-node-process|rettime|@open-draft|tough-cookie|tldts|tldts-core|@inquirer)/)'],
  moduleNameMapper: { '\\.(png|svg|jpg|css)$': '<rootDir>/__tests__/support/file-stub.js' },
  testEnvironmentOptions: { customExportConditions: [''] },
  // webpack's DefinePlugin constants (src/client/globals.d.ts).
  globals: { __API_BASE__: '/api', __APP_VERSION__: 'test', __BUILD_ID__: 'test', __SUPPORT_TOOLS__: false, __IDENTITY_KEY__: 'kudi-public-identity-key' },
};

const server = (name, extra = {}) => ({
  displayName: name,
  // Node's, with the worker's embedded databases lent to file after file (support/server-env.js).
  testEnvironment: '<rootDir>/__tests__/support/server-env.js',
  testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
  transform: { ...nodeModulesTransform, ...sourceTransform },
  // ESM-only dependencies of the server (Node 20 loads them natively; Jest needs them compiled),
  // and PGlite, whose `await import('fs')` calls Jest's CommonJS runtime cannot run untransformed.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|cookie|@electric-sql/pglite)/)'],
  ...extra,
});

const shared = {
  displayName: 'shared',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/shared/**/*.test.ts'],
  transform: sourceTransform,
};

// `*.cluster.test.ts`: PostgreSQL behind PgBouncer and a streaming replica (npm run dev:cluster), a
// project of their own when its URLs are set (TEST_PGBOUNCER_URL, TEST_PRIMARY_URL, TEST_REPLICA_URL).
const clusterFiles = '\\.cluster\\.test\\.ts$';
// `*.pglite.test.ts`: the embedded database as the app opens it, whatever the run's database: not run again in server-pg.
const pgliteFiles = '\\.pglite\\.test\\.ts$';
const projects = [shared, client, server('server', { testPathIgnorePatterns: ['/node_modules/', '\\.pg\\.test\\.ts$', clusterFiles] })];
if (process.env.TEST_DATABASE_URL) {
  projects.push(server('server-pg', { setupFiles: ['<rootDir>/__tests__/support/use-postgres.js'], testPathIgnorePatterns: ['/node_modules/', clusterFiles, pgliteFiles] }));
}
if (process.env.TEST_PGBOUNCER_URL || process.env.TEST_REPLICA_URL) {
  projects.push(server('server-cluster', { testMatch: ['<rootDir>/__tests__/server/**/*.cluster.test.ts'] }));
}

// At least two workers: Jest's default (cores - 1) runs a 2-core machine's suite in one process,
// while the main process only waits; two workers there take about two thirds of the time.
const maxWorkers = Math.max(2, require('node:os').availableParallelism() - 1);

// Once per `jest` run: the programs the server tests spawn (the server, the CLIs), bundled
// (support/bundle-entries.js), so each child starts without compiling TypeScript (support/entry.ts).
const globalSetup = '<rootDir>/__tests__/support/bundle-entries.js';

// How long a test or hook may run before Jest calls it hung: a hang detector, not a speed check
// (speed is measured by npm run bench). In CI the suite runs at a lower priority beside the
// journeys on two cores, where a file's first app (a PGlite instance loaded from the template) took
// over 30 s of waiting for the CPU (2026-11-28). Tests that wait longer on purpose say so themselves.
const testTimeout = 120_000;

module.exports = { projects, globalSetup, testTimeout, maxWorkers };
