/**
 * What stops a server's start on PostgreSQL, said in one line (src/server/main.ts): a second
 * server whose PIN_SECRET is not the one the database's PINs were set with (another folder's
 * generated secrets) refuses to start, while the first keeps serving; a database that was never
 * created is named with what to do, not a stack trace.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServerProcess, scratchDatabase, sharedEnv, START_TIMEOUT_MS } from './processes';

let database: Awaited<ReturnType<typeof scratchDatabase>> | null = null;
const processes: ServerProcess[] = [];
const dataDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kudi-start-checks-'));
  dataDirs.push(dir);
  return dir;
};
const start = async (env: Record<string, string>) => {
  const started = await ServerProcess.start(env);
  processes.push(started);
  return started;
};

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('starting on PostgreSQL', () => {
  it("refuses a second server with another PIN_SECRET, naming it, and the first one's customers are unaffected", async () => {
    database = await scratchDatabase('secrets');
    const env = sharedEnv(database.url, tempDir());
    const first = await start(env);
    await first.healthy();

    const second = await start({ ...env, DATA_DIR: tempDir(), PIN_SECRET: 'another-pin-secret-of-at-least-32-chars' });
    const { code } = await second.exited;

    expect(code).toBe(1);
    expect(second.output).toContain("Configuration error: PIN_SECRET is not the one this database's transaction PINs were set with");
    expect(second.output).not.toMatch(/\n\s+at /); // no stack trace
    expect((await first.http.call('/api/health')).status).toBe(200);

    // The same secrets start a second server beside the first.
    const third = await start({ ...env, DATA_DIR: tempDir() });
    await third.healthy();
  }, START_TIMEOUT_MS * 3);

  it('names a database that does not exist and says to create it, without a stack trace', async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    base.pathname = '/kudi_never_created_database';
    const server = await start(sharedEnv(base.toString(), tempDir()));
    const { code } = await server.exited;

    expect(code).toBe(1);
    expect(server.output).toContain('Database error: database "kudi_never_created_database" does not exist. Create it first (e.g. createdb kudi), then start again.');
    expect(server.output).not.toMatch(/\n\s+at /);
  }, START_TIMEOUT_MS);
});
