// `npm start`: builds the app only when its inputs changed since the last build, so a second start
// of an unchanged checkout serves at once. The inputs' digest is kept beside the build output.
// `--record` only records the digest (run at the end of `npm run build`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const STAMP = path.join(root, 'dist', '.build-inputs');
const INPUT_DIRS = ['src', 'public'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'webpack.config.js', 'tsconfig.json', '.babelrc',
  'scripts/prerender.mjs', 'scripts/styled-component-ids.js'];
const OUTPUTS = [path.join('dist', 'public', 'index.html'), path.join('dist', 'server', 'main.js'), path.join('dist', 'server', 'db', 'pglite-worker.js')];

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

function digest() {
  const hash = createHash('sha256');
  const files = [...INPUT_DIRS.flatMap(filesUnder), ...INPUT_FILES.filter((f) => existsSync(path.join(root, f)))].sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(path.join(root, file))).update('\0');
  return hash.digest('hex');
}

const current = digest();
if (process.argv.includes('--record')) {
  writeFileSync(STAMP, `${current}\n`);
} else {
  const built = OUTPUTS.every((f) => existsSync(path.join(root, f)));
  const recorded = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
  if (built && recorded === current) {
    console.log('The build is up to date; starting without rebuilding.');
  } else {
    const run = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}
