/**
 * How a test spawns one of the repository's programs (a TypeScript file relative to the root, run
 * with the root as cwd): `node <args> …the program's own arguments`. Under Jest, the bundle of
 * this run (support/bundle-entries.js, the globalSetup, names its folder in KUDI_TEST_ENTRIES);
 * otherwise, or for a file it does not bundle, the source under tsx (the bank runner, `npm run
 * test:bank`, runs outside Jest).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export function nodeArgsFor(file: string): string[] {
  const bundles = process.env.KUDI_TEST_ENTRIES;
  const bundle = bundles ? path.join(bundles, file.replace(/\.ts$/, '.js')) : null;
  // Stack traces name the TypeScript source, as under tsx.
  if (bundle && existsSync(bundle)) return ['--enable-source-maps', bundle];
  return ['--import', 'tsx', file];
}
