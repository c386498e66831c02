/**
 * Several processes (issue 18): `WEB_CONCURRENCY=2` on PostgreSQL runs a primary and two workers on
 * one port; a worker killed is replaced while the other keeps serving; SIGTERM drains (a request
 * already running gets its answer, new ones get 503 or find the port closed) and the primary exits
 * 0. On PGlite the same setting runs one process and says so.
 */
import http from 'node:http';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DRAINING_MESSAGE } from '../../../src/server/lib/errors';
import { server as serverMessages } from '../../../src/shared/messages';
import { nodeArgsFor } from '../../support/entry';
import { ServerProcess, scratchDatabase, sharedEnv, START_TIMEOUT_MS } from './processes';

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  /** Why no answer came (connection refused or reset). */
  error?: string;
}

/** One request on a connection of its own (no keep-alive), so each is dealt to a worker anew. */
function request(port: number, method: string, path: string, body?: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : null }));
      res.on('error', (err) => resolve({ status: 0, body: null, error: err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ status: 0, body: null, error: err.code ?? err.message }));
    req.setTimeout(5_000, () => req.destroy(new Error('no answer in 5 s')));
    req.end(body);
  });
}

const WORKER_LISTENING = /worker (\d+) listening \(pid (\d+)\)/;
const alive = (pid: number) => {
  try {
    return process.kill(pid, 0);
  } catch {
    return false;
  }
};

/** The load of the cluster test runs while this is true (afterAll ends it whatever happened). */
let loading = false;
let database: Awaited<ReturnType<typeof scratchDatabase>> | null = null;
const dataDirs: string[] = [];
/** The secrets of the cluster's database: every server started on it shares them (db/secret-check.ts). */
let clusterEnv: Record<string, string> = {};
let primary: ServerProcess | null = null;
let single: ServerProcess | null = null;
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kudi-cluster-'));
  dataDirs.push(dir);
  return dir;
};

beforeAll(async () => {
  database = await scratchDatabase('cluster');
  // The cluster migrates the new database itself (once, in its primary, before it forks).
  clusterEnv = sharedEnv(database.url, tempDir());
  primary = await ServerProcess.start({ ...clusterEnv, WEB_CONCURRENCY: '2' });
  // No DATABASE_URL: the embedded PGlite, in memory.
  single = await ServerProcess.start({ ...sharedEnv('', tempDir()), DATA_DIR: ':memory:', WEB_CONCURRENCY: '2' });
  await Promise.all([primary.waitForOutput(/Kudi is running at .* \(2 processes\)/), single.healthy()]);
}, START_TIMEOUT_MS + 30_000);

afterAll(async () => {
  loading = false;
  await Promise.all([primary?.kill(), single?.kill()]);
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('serves from two workers; a killed worker is replaced and the other serves meanwhile; SIGTERM drains and the primary exits 0', async () => {
    const cluster = primary!;
    const port = cluster.port;
    const workers = (await cluster.waitForOutput(WORKER_LISTENING, 2)).map((m) => ({ id: Number(m[1]), pid: Number(m[2]) }));
    expect(new Set(workers.map((w) => w.pid)).size).toBe(2);
    expect(workers.every((w) => alive(w.pid) && w.pid !== cluster.child.pid)).toBe(true);
    expect(cluster.output).toMatch(/workers on PostgreSQL/);

    // Requests one after another, each on a new connection, while the workers are killed in turn.
    const log: { startedAt: number; endedAt: number; answer: Answer }[] = [];
    loading = true;
    const load = (async () => {
      while (loading) {
        const startedAt = Date.now();
        const answer = await request(port, 'GET', '/api/health');
        log.push({ startedAt, endedAt: Date.now(), answer });
      }
    })();
    const answeredAfter = async (at: number, count: number) => {
      while (log.filter((entry) => entry.startedAt > at).length < count) {
        if (!loading) throw new Error('the load stopped');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    let listening = 2;
    /** From each SIGKILL to the primary's line about the death: a request running then may have been the dead worker's. */
    const kills: { at: number; seen: number }[] = [];
    for (const worker of workers) {
      await answeredAfter(Date.now(), 5);
      const at = Date.now();
      process.kill(worker.pid, 'SIGKILL');
      await cluster.waitForOutput(new RegExp(`worker ${worker.id} died \\(pid ${worker.pid}, signal SIGKILL\\); replacing it`), 1, 10_000);
      kills.push({ at, seen: Date.now() });
      // Before its replacement listens, the other worker answers alone.
      await answeredAfter(Date.now(), 5);
      listening += 1;
      const replacement = (await cluster.waitForOutput(WORKER_LISTENING, listening, 30_000))[listening - 1];
      expect(alive(Number(replacement[2]))).toBe(true);
    }
    // The second kill leaves only the replacement of the first (and then its own): they serve.
    await answeredAfter(Date.now(), 10);
    loading = false;
    await load;
    const notTheKilledWorkers = log.filter(
      (entry) => entry.answer.status !== 200 && !kills.some((kill) => entry.endedAt >= kill.at && entry.startedAt <= kill.seen),
    );
    expect(notTheKilledWorkers).toEqual([]);
    expect(log.filter((entry) => entry.answer.status === 200).length).toBeGreaterThanOrEqual(30);
    expect(workers.some((w) => alive(w.pid))).toBe(false);

    // A request already running when SIGTERM comes: headers sent (the server said 100 Continue), body not yet.
    let finishSlow = (): void => undefined;
    let continued = (): void => undefined;
    const started = new Promise<void>((resolve) => (continued = resolve));
    const slow = new Promise<Answer>((resolve) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login', agent: false, headers: { 'content-type': 'application/json', expect: '100-continue' } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
        },
      );
      req.on('error', (err) => resolve({ status: 0, body: null, error: err.message }));
      req.on('continue', () => {
        req.write('{"email":"nobody@example.com",');
        finishSlow = () => void req.end('"password":"Wrong!Password1","method":"EMAIL"}');
        continued();
      });
      req.flushHeaders();
    });
    await started;

    const termAt = Date.now();
    cluster.child.kill('SIGTERM');
    await cluster.waitForOutput(/SIGTERM: draining 2 workers/, 1, 5_000);
    // New requests are refused: 503 in the API's shape while a worker drains, or no connection once the port closed.
    let refused: Answer;
    for (;;) {
      refused = await request(port, 'GET', '/api/health');
      if (refused.status !== 200) break;
    }
    // (ECONNRESET: a connection still queued on the shared socket when the last worker closed it.)
    if (refused.status === 0) expect(['ECONNREFUSED', 'ECONNRESET']).toContain(refused.error);
    else expect(refused).toEqual({ status: 503, body: { success: false, message: DRAINING_MESSAGE } });

    finishSlow();
    expect(await slow).toEqual({ status: 401, body: { success: false, message: serverMessages.invalidCredentials } });
    expect(await cluster.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - termAt).toBeLessThan(10_000);
    expect(cluster.output.match(/worker \d+ stopped \(pid \d+, code 0\)/g)).toHaveLength(2);
    expect(cluster.output).toMatch(/all workers stopped\n/);
  });
});

describe('WEB_CONCURRENCY=2 on PostgreSQL, stopped as it starts', () => {
  it('a SIGTERM that meets the workers before they listen stops them cleanly: the primary exits 0', async () => {
    const starting = await ServerProcess.start({ ...clusterEnv, DATA_DIR: tempDir(), WEB_CONCURRENCY: '2' });
    try {
      // Both forked, neither listening yet (each still loads and opens the database).
      await starting.waitForOutput(/worker 2 started \(pid \d+\)/);
      expect(starting.output).not.toMatch(WORKER_LISTENING);
      starting.child.kill('SIGTERM');
      expect(await starting.exited).toEqual({ code: 0, signal: null });
      expect(starting.output).toMatch(/all workers stopped\n/);
      expect(starting.output).not.toMatch(WORKER_LISTENING);
    } finally {
      await starting.kill();
    }
  });
});

describe('WEB_CONCURRENCY=2 on PGlite', () => {
  it('runs one process, says so, and drains on SIGTERM', async () => {
    const process1 = single!;
    expect(process1.output).toContain('WEB_CONCURRENCY=2 ignored: the embedded PGlite database is single-process, so Kudi runs as one process (set DATABASE_URL to run several)');
    expect(process1.output).not.toMatch(/cluster:/);
    // No worker processes, which would run the entry the test started (under tsx, its esbuild
    // service may run beside it: not a server).
    const entry = nodeArgsFor('src/server/main.ts').at(-1)!;
    const children = spawnSync('ps', ['--ppid', String(process1.child.pid), '-o', 'args='], { encoding: 'utf8' }).stdout;
    expect(children.split('\n').filter((args) => args.includes(entry))).toEqual([]);
    expect((await process1.http.call('/api/health')).status).toBe(200);
    process1.child.kill('SIGTERM');
    expect(await process1.exited).toEqual({ code: 0, signal: null });
  });
});
