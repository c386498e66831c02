import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** What no client file imports. */
const clientPatterns = [
  { group: ['**/server/**'], message: 'The client never imports server code.' },
  { group: ['@sinclair/typebox', '**/shared/schemas/**'], allowTypeImports: true, message: 'Import schemas as types only (keeps TypeBox out of the bundle).' },
];

/** A file of another feature (`<up>other/file`), other than its index.ts; features/money is imported file by file. */
const featureBoundary = (up) => ({
  regex: `^${up}(?!money/)[^./][^/]*/`,
  message: "Import another feature only through its index.ts ('../<feature>'), see docs/ARCHITECTURE.md.",
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // CommonJS config and support files.
    files: ['**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', '__tests__/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The browser bundle must not pull server-only or schema runtime code.
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: clientPatterns }] },
  },
  {
    // Feature boundaries (docs/ARCHITECTURE.md, Conventions): another feature only through its index.ts.
    files: ['src/client/features/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...clientPatterns, featureBoundary('\\.\\./')] }] },
  },
  {
    files: ['src/client/features/*/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...clientPatterns, featureBoundary('\\.\\./\\.\\./')] }] },
  },
  {
    // Server layers (docs/ARCHITECTURE.md): route files translate HTTP into plain inputs; services,
    // repositories and the rest of a module never see Fastify or the app's plugins.
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/**/*.routes.ts', 'src/server/modules/auth/route-spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['fastify', 'fastify-plugin', '@fastify/*', '**/plugins/**'], message: 'Only route files speak HTTP: take plain inputs and a deps object.' },
      ] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-*', 'fastify', '@fastify/*', '**/client/**', '**/server/**'], message: 'src/shared holds the contract only.' },
      ] }],
    },
  },
);
