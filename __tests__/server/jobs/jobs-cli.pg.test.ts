/**
 * `npm run jobs` (src/server/cli/jobs.ts) as an operator runs it: a child process against a
 * PostgreSQL schema, listing waiting and failed jobs as a table and as JSON (exit 0), making a
 * failed job due again, and saying clearly when the database is not migrated or cannot be read.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrations';
import type { JobListing } from '../../../src/server/modules/jobs/jobs.listing';
import { enqueueJobs } from '../../../src/server/modules/jobs/jobs.repository';
import { runDueJobs } from '../../../src/server/modules/jobs/jobs.service';
import { nodeArgsFor } from '../../support/entry';

const ROOT = path.resolve(__dirname, '../../..');
const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('jobs-cli.pg.test.ts runs on PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
const tag = randomBytes(5).toString('hex');
const [migrated, empty] = [`jobs_cli_${tag}`, `jobs_cli_empty_${tag}`];

/** TEST_DATABASE_URL with this schema as the search path, as an operator would point DATABASE_URL at it. */
function urlOf(schema: string): string {
  const u = new URL(url!);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

function cli(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const child = spawn(path.join(ROOT, 'node_modules/.bin/node'), [...nodeArgsFor('src/server/cli/jobs.ts'), ...args], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

let database: DatabaseHandle;
let failedId: bigint;
beforeAll(async () => {
  const admin = await openDatabase({ dataDir: null, databaseUrl: url, databaseSchema: null, databasePoolSize: 1 });
  await sql`create schema ${sql.id(migrated)}`.execute(admin.db);
  await sql`create schema ${sql.id(empty)}`.execute(admin.db);
  await admin.close();
  database = await openDatabase({ dataDir: null, databaseUrl: url, databaseSchema: migrated, databasePoolSize: 1 });
  await migrateToLatest(database.db);
  [failedId] = await enqueueJobs(database.db, [{ kind: 'test.export', maxAttempts: 1 }]) as [bigint];
  await runDueJobs({ db: database.db }, { 'test.export': { run: async () => Promise.reject(new Error('bucket not found')) } });
  await enqueueJobs(database.db, [{ kind: 'test.later', delayMs: 3_600_000 }]);
});
afterAll(async () => {
  await sql`drop schema ${sql.id(migrated)} cascade`.execute(database.db);
  await sql`drop schema ${sql.id(empty)} cascade`.execute(database.db);
  await database.close();
});

it('lists failed and scheduled jobs as JSON and as a table (exit 0), and retries a failed one', async () => {
  const json = await cli(['--json'], { DATABASE_URL: urlOf(migrated) });
  expect(json).toMatchObject({ code: 0, stderr: '' });
  const listing = JSON.parse(json.stdout) as JobListing;
  expect(listing.jobs).toEqual([
    expect.objectContaining({ source: 'jobs', kind: 'test.export', id: failedId.toString(), state: 'failed', attempts: 1, max_attempts: 1, last_error: 'bucket not found' }),
    expect.objectContaining({ source: 'jobs', kind: 'test.later', state: 'scheduled', attempts: 0, last_error: null }),
  ]);
  expect(listing.counts).toEqual([
    { kind: 'test.export', state: 'failed', count: 1 },
    { kind: 'test.later', state: 'scheduled', count: 1 },
  ]);

  const text = await cli([], { DATABASE_URL: urlOf(migrated) });
  expect(text.code).toBe(0);
  const lines = text.stdout.split('\n');
  expect(lines).toContainEqual(expect.stringMatching(/^STATE\s+KIND\s+ID\s+DUE\s+LEASE ENDS\s+ATTEMPTS\s+LAST ERROR$/));
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^failed\\s+test\\.export\\s+${failedId}\\s+\\d+ s ago\\s+1/1\\s+bucket not found$`)));
  expect(lines).toContainEqual(expect.stringMatching(/^scheduled\s+test\.later\s+\d+\s+in (60 min|1 h)\s+0\/5$/));
  expect(text.stdout).toContain('2 jobs: 1 failed, 1 scheduled');

  const retried = await cli(['retry', 'job', failedId.toString()], { DATABASE_URL: urlOf(migrated) });
  expect(retried).toMatchObject({ code: 0, stdout: '1 failed job due again now.\n' });
  const after = JSON.parse((await cli(['--json'], { DATABASE_URL: urlOf(migrated) })).stdout) as JobListing;
  expect(after.jobs.find((j) => j.id === failedId.toString())).toMatchObject({ state: 'due', attempts: 0 });
});

it('says so, exit 1, when the database is not migrated or cannot be read from outside the server', async () => {
  const unmigrated = await cli([], { DATABASE_URL: urlOf(empty) });
  expect(unmigrated.code).toBe(1);
  expect(unmigrated.stderr).toMatch(/^The database \(PostgreSQL .+\) is not migrated: migration 0018-jobs is not applied \(it has no Kudi tables at all\)\. Start the server once \(npm start\) to migrate it\.\n$/);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'kudi-jobs-cli-'));
  try {
    const none = await cli([], { DATA_DIR: path.join(dir, 'nothing') });
    expect(none).toMatchObject({ code: 1, stderr: `No Kudi database in ${path.join(dir, 'nothing')} (DATA_DIR): start the server once (npm start), or set DATABASE_URL.\n` });
    // An embedded database a running server holds (PGlite writes postmaster.pid while open).
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(dir, 'postmaster.pid'), '-42\n');
    const held = await cli([], { DATA_DIR: dir });
    expect(held.code).toBe(1);
    expect(held.stderr).toContain(`The embedded database in ${dir} is open in another process (a running server): PGlite serves one process only.`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
