/**
 * The real server entry (src/server/main.ts; under Jest its bundle, support/entry.ts) as child
 * processes of a test, on a scratch PostgreSQL database of their own: spawned, watched (their
 * output kept), and killed by the test whatever happens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort, ROOT } from '../../bank/server';
import { Http, sleep } from '../../bank/http';
import { nodeArgsFor } from '../../support/entry';

/** tsx's cold start (the bank runner's; Jest spawns a bundle) on a loaded 2-core machine can take 10-20 s. */
export const START_TIMEOUT_MS = 60_000;

const secret = () => randomBytes(32).toString('base64url');

/**
 * What the processes of one test share: the secrets (a token one signs, another checks), the
 * database, the test's cheap password hashing and quiet logs, simulators for the dev outbox.
 */
export function sharedEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: secret(),
    PIN_SECRET: secret(),
    WEBHOOK_SECRET: secret(),
    OTP_SECRET: secret(),
    PASSWORD_HASH_MEMORY_KIB: '8',
    PASSWORD_HASH_TIME_COST: '1',
    DATABASE_POOL_SIZE: '4',
  };
}

/** A scratch database next to TEST_DATABASE_URL's, dropped by `drop`. */
export async function scratchDatabase(tag: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set (this file runs in the server-pg project)');
  const name = `kudi_processes_${tag}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export class ServerProcess {
  readonly child: ChildProcess;
  readonly http: Http;
  private text = '';
  private watchers: (() => void)[] = [];
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;

  constructor(
    readonly port: number,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, nodeArgsFor('src/server/main.ts'), {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.http = new Http(`http://127.0.0.1:${port}`);
    const take = (chunk: Buffer) => {
      this.text += chunk.toString();
      for (const watcher of this.watchers) watcher();
    };
    this.child.stdout?.on('data', take);
    this.child.stderr?.on('data', take);
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        for (const watcher of this.watchers) watcher();
        resolve(this.exit);
      });
    });
  }

  static async start(env: Record<string, string>): Promise<ServerProcess> {
    return new ServerProcess(await freePort(), env);
  }

  /** Everything the process printed so far (stdout and stderr). */
  get output(): string {
    return this.text;
  }

  /** Waits until the output matches `pattern` (every match so far, in order). */
  async waitForOutput(pattern: RegExp, count = 1, timeoutMs = START_TIMEOUT_MS): Promise<RegExpMatchArray[]> {
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    return new Promise((resolve, reject) => {
      const check = () => {
        const matches = [...this.text.matchAll(global)];
        if (matches.length >= count) return done(() => resolve(matches));
        if (this.exit) done(() => reject(new Error(`process exited (${JSON.stringify(this.exit)}) before printing ${pattern}:\n${this.text}`)));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`no ${pattern} after ${timeoutMs / 1000} s:\n${this.text}`))), timeoutMs);
      const done = (settle: () => void) => {
        clearTimeout(timer);
        this.watchers = this.watchers.filter((w) => w !== check);
        settle();
      };
      this.watchers.push(check);
      check();
    });
  }

  /** Waits until GET /api/health answers 200. */
  async healthy(timeoutMs = START_TIMEOUT_MS): Promise<void> {
    const started = Date.now();
    for (;;) {
      if (this.exit) throw new Error(`process exited (${JSON.stringify(this.exit)}) before it was healthy:\n${this.text}`);
      const answer = await this.http.call('/api/health', { timeoutMs: 5_000 });
      if (answer.status === 200) return;
      if (Date.now() - started > timeoutMs) throw new Error(`not healthy after ${timeoutMs / 1000} s:\n${this.text}`);
      await sleep(100);
    }
  }

  /** SIGKILL unless it already exited (afterAll, whatever happened). */
  async kill(): Promise<void> {
    if (this.exit) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}
