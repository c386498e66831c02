/**
 * A PostgreSQL server of a test's own (initdb in a temporary folder, on a free port), for tests that
 * stop, restart or kill PostgreSQL itself: the machine's shared server (TEST_DATABASE_URL) serves
 * every other test and is never restarted. Runs as the `postgres` OS user when this process is root
 * (PostgreSQL refuses to run as root). Needs the PostgreSQL server binaries (PG_BIN, else the
 * newest /usr/lib/postgresql/<version>/bin).
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../bank/server';

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  readonly port: number;
  /** `pg_ctl restart -m <mode>`: every connection is closed, the server is back when it returns. */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its folder. */
  destroy(): Promise<void>;
}

/** The folder of initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
export function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error('No PostgreSQL server binaries found: set PG_BIN to the folder of initdb and pg_ctl');
}

export function privatePostgresAvailable(): boolean {
  try {
    binDir();
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs one of PostgreSQL's programs (a path), as the `postgres` OS user when this process is root.
 * Asynchronous, so the test's own requests keep flowing while PostgreSQL stops and starts.
 */
export function runPostgresTool(file: string, args: string[]): Promise<void> {
  const [command, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return new Promise<void>((resolve, reject) => {
    execFile(command, argv, { cwd: '/' }, (err, _stdout, stderr) => (err ? reject(new Error(`${path.basename(file)} failed: ${stderr || err.message}`)) : resolve()));
  });
}

/** A new PostgreSQL data folder at `data` (trust, UTF-8, C locale, no sync: a test's or a bench's own server). */
export function initPostgres(data: string): Promise<void> {
  return runPostgresTool(path.join(binDir(), 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kudi-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (asRoot) {
    chmodSync(dir, 0o777);
  }
  const run = (tool: string, args: string[]) => runPostgresTool(path.join(bin, tool), args);
  await initPostgres(data);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='${dir}' -c fsync=off -c max_connections=100`;
  const start = async () => {
    await run('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    restart: async (mode = 'fast') => {
      await run('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-m', mode, '-w', '-t', '60', 'restart']);
    },
    destroy: async () => {
      try {
        await stop('immediate');
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
