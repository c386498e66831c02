/**
 * Jest's globalSetup: bundles the programs the server tests spawn as child processes (the server
 * entry, the CLIs, the jobs test's worker) once per `jest` run, with esbuild as `npm run
 * build:server` does, into node_modules/.cache/kudi-test-entries/<this checkout>/ (the sources'
 * layout kept: `--packages=external` resolves from node_modules above). A bundle starts in about
 * half the time and CPU of `node --import tsx` on the source. support/entry.ts spawns them when
 * KUDI_TEST_ENTRIES, set here for the test workers, names this run's folder; a bundling error
 * stops the run.
 */
const { createHash } = require('node:crypto');
const { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const ROOT = path.resolve(__dirname, '../..');
/** Keep in step with the spawn sites (support/entry.ts nodeArgsFor). */
const ENTRIES = [
  'src/server/main.ts',
  // The embedded database's worker thread (db/pglite-remote.ts finds it beside the bundled server).
  'src/server/db/pglite-worker.ts',
  'src/server/cli/jobs.ts',
  'src/server/cli/reconcile.ts',
  'src/server/cli/simulate.ts',
  '__tests__/server/jobs/job-worker.ts',
];

module.exports = async function bundleTestEntries() {
  const started = performance.now();
  // node_modules may be shared by several checkouts (a symlink): a folder per checkout.
  const checkout = `${path.basename(ROOT)}-${createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}`;
  const outdir = path.join(ROOT, 'node_modules/.cache/kudi-test-entries', checkout);
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: ENTRIES,
      outbase: ROOT,
      outdir,
      bundle: true,
      platform: 'node',
      target: 'node24',
      format: 'cjs',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
      write: false,
    });
  } catch (err) {
    throw new Error(`Could not bundle the spawned test entries (${ENTRIES.join(', ')}):\n${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await esbuild.stop(); // its service process is not needed for the rest of the run
  }
  // Each file written beside its final name, then renamed over it: another run in this checkout
  // may be spawning the previous bundle right now.
  for (const file of result.outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  // A bundle of an entry no longer listed must not be spawned as if it were this run's.
  const written = new Set(result.outputFiles.map((file) => file.path));
  for (const name of readdirSync(outdir, { recursive: true })) {
    const file = path.join(outdir, name);
    if (!written.has(file) && !file.endsWith('.partial') && statSync(file, { throwIfNoEntry: false })?.isFile()) rmSync(file, { force: true });
  }
  process.env.KUDI_TEST_ENTRIES = outdir;
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  process.stderr.write(`\nglobalSetup: bundled ${ENTRIES.length} spawned entries in ${seconds} s (${path.relative(ROOT, outdir)})\n`);
};

module.exports.ENTRIES = ENTRIES;
