/**
 * The server under test: the real entry (`src/server/main.ts`) as a child process on PostgreSQL,
 * which the test kills with SIGKILL and starts again; or, on PGlite, the same app built in this
 * process on a temporary data directory (PGlite is single-process: nothing else may open it),
 * whose database thread the test can stop (crashDatabase).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import threads from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/database';
import { nodeArgsFor } from '../support/entry';
import { Http, sleep } from './http';

export const ROOT = path.resolve(__dirname, '../..');
const START_TIMEOUT_MS = 180_000;

export interface ServerOptions {
  port: number;
  /** Secrets, settlement timing, database: the environment of the server. */
  env: Record<string, string>;
  logFile: string;
}

export interface ServerUnderTest {
  readonly baseUrl: string;
  start(): Promise<void>;
  /** SIGKILL (child only): no shutdown, no flush, in-flight requests lose their answers. */
  kill(): Promise<void>;
  /** Clean stop (SIGTERM / app.close). */
  stop(): Promise<void>;
  /** True between a successful start and a kill or stop. */
  readonly up: boolean;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitHealthy(http: Http, isDead: () => string | null): Promise<void> {
  const started = Date.now();
  for (;;) {
    const dead = isDead();
    if (dead) throw new Error(dead);
    const res = await http.call('/api/health', { timeoutMs: 5_000 });
    if (res.status === 200) return;
    if (Date.now() - started > START_TIMEOUT_MS) throw new Error(`server not healthy after ${START_TIMEOUT_MS / 1000} s`);
    await sleep(150);
  }
}

/**
 * `node --import tsx src/server/main.ts` (under Jest its bundle: support/entry.ts) with the given
 * environment; output appended to logFile.
 */
export class ChildServer implements ServerUnderTest {
  readonly baseUrl: string;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private log: WriteStream;
  private exitNote: string | null = null;
  up = false;
  starts = 0;

  constructor(private options: ServerOptions) {
    this.baseUrl = `http://127.0.0.1:${options.port}`;
    this.log = createWriteStream(options.logFile, { flags: 'a' });
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('server already running');
    this.starts += 1;
    this.log.write(`\n==== start #${this.starts} at ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, nodeArgsFor('src/server/main.ts'), {
      cwd: ROOT,
      env: { ...process.env, ...this.options.env, PORT: String(this.options.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exitNote = null;
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitNote = `server exited (code ${code}, signal ${signal}); see ${this.options.logFile}`;
        this.log.write(`==== exit code=${code} signal=${signal} at ${new Date().toISOString()}\n`);
        if (this.child === child) this.child = null;
        this.up = false;
        resolve();
      });
    });
    await waitHealthy(new Http(this.baseUrl), () => this.exitNote);
    this.up = true;
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.up = false;
    child.kill('SIGKILL');
    await this.exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.up = false;
    child.kill('SIGTERM');
    const done = await Promise.race([this.exited.then(() => true), sleep(20_000).then(() => false)]);
    if (!done) {
      child.kill('SIGKILL');
      await this.exited;
    }
  }

  close(): void {
    this.log.end();
  }
}

/**
 * The worker threads this process starts (the in-process app's PGlite runs in one: src/server/db/
 * pglite-remote.ts), caught as they are made, on the module's own exports, which the app reads.
 */
const workerThreads: threads.Worker[] = [];
let catching = false;

/** From the first in-process start on (a PostgreSQL run's child servers need none of it). */
function catchWorkerThreads(): void {
  if (catching) return;
  catching = true;
  const RealWorker = threads.Worker;
  threads.Worker = class CaughtWorker extends RealWorker {
    constructor(...args: ConstructorParameters<typeof threads.Worker>) {
      super(...args);
      workerThreads.push(this);
    }
  };
  syncBuiltinESMExports();
}

/** The same app, built in this process on a PGlite data directory (no kills: one process only). */
export class InProcessServer implements ServerUnderTest {
  readonly baseUrl: string;
  private app: FastifyInstance | null = null;
  up = false;
  /** Successful starts so far. */
  starts = 0;
  /** The server's own database handle, for the checks (PGlite allows one opener). */
  db: Db | null = null;
  /** How long the first start took to open the database (its PGlite thread's start, initdb of the new directory included). */
  firstOpenMs: number | null = null;

  constructor(private options: ServerOptions & { dataDir: string }) {
    this.baseUrl = `http://127.0.0.1:${options.port}`;
  }

  async start(): Promise<void> {
    const [{ loadConfig }, { openDatabase }, { migrateToLatest }, { buildApp }] = await Promise.all([
      import('../../src/server/config'),
      import('../../src/server/db/database'),
      import('../../src/server/db/migrations'),
      import('../../src/server/app'),
    ]);
    catchWorkerThreads();
    const env = { ...process.env, ...this.options.env, PORT: String(this.options.port), HOST: '127.0.0.1' };
    const config = loadConfig(env, { dataDir: this.options.dataDir, databaseUrl: null });
    const opening = Date.now();
    const database = await openDatabase(config);
    this.firstOpenMs ??= Date.now() - opening;
    await migrateToLatest(database.db);
    const app = await buildApp({ config, db: database.db, onClose: () => database.close() });
    await app.listen({ port: config.port, host: config.host });
    this.app = app;
    this.db = database.db;
    this.up = true;
    this.starts += 1;
  }

  async kill(): Promise<void> {
    throw new Error('an in-process server cannot be killed');
  }

  /**
   * The app's PGlite thread stopped at once (Worker.terminate: whatever it was running is cut off,
   * as in a crash); the app starts a new one on the data directory by itself.
   */
  async crashDatabase(): Promise<void> {
    const worker = workerThreads.at(-1);
    if (!worker) throw new Error('the app runs no PGlite thread');
    await worker.terminate();
  }

  async stop(): Promise<void> {
    const app = this.app;
    this.app = null;
    this.db = null;
    this.up = false;
    if (app) await app.close();
  }
}
