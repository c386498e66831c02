/**
 * A PostgreSQL primary, its streaming replica and PgBouncer in transaction mode of a test's own:
 * `scripts/dev-cluster.sh` (npm run dev:cluster) in a temporary folder on free ports, for tests that
 * kill or restart one of the three parts (the bank test's --cluster). Never the shared cluster CI
 * starts for the server-cluster project: other tests read through that one meanwhile.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../bank/server';
import { binDir, runPostgresTool } from './private-postgres';

export interface PrivateCluster {
  /** What the API is given: PgBouncer's URL, DATABASE_POOLER=pgbouncer, the replica's URL. */
  readonly env: { DATABASE_URL: string; DATABASE_POOLER: 'pgbouncer'; DATABASE_REPLICA_URL: string };
  /** The primary itself (not through PgBouncer), e.g. for the checks after the run. */
  readonly primaryUrl: string;
  /** `pg_ctl restart -m <mode>` of the primary: PgBouncer and the replica connect to it again by themselves. */
  restartPrimary(mode?: 'fast' | 'immediate'): Promise<void>;
  /** SIGKILL of PgBouncer (every client connection through it breaks), then a new PgBouncer at once. */
  restartBouncer(): Promise<void>;
  /** The replica stopped at once (`pg_ctl stop -m immediate`, as a crash), down for `downMs`, then started again. */
  crashReplica(downMs: number): Promise<void>;
  /** Stops all three and deletes the folder. */
  destroy(): Promise<void>;
}

const SCRIPT = path.join(ROOT, 'scripts/dev-cluster.sh');
const HOST = '127.0.0.1';

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });

/**
 * A base port whose next two are free as well (the script's primary, replica and PgBouncer), below
 * Linux's ephemeral ports (32768 on): no outgoing connection takes one while PgBouncer restarts.
 */
async function threeFreePorts(): Promise<number> {
  for (let tries = 0; tries < 50; tries += 1) {
    const base = 21_000 + Math.floor(Math.random() * 8_000);
    if ((await portIsFree(base)) && (await portIsFree(base + 1)) && (await portIsFree(base + 2))) return base;
  }
  throw new Error('no three consecutive free ports for the private cluster');
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = binDir();
  const parent = mkdtempSync(path.join(os.tmpdir(), 'kudi-cluster-'));
  // As root, PostgreSQL and PgBouncer run as `postgres` (the script): they must reach the folder.
  chmodSync(parent, 0o755);
  const dir = path.join(parent, 'cluster');
  const base = await threeFreePorts();
  const scriptEnv = { ...process.env, KUDI_CLUSTER_DIR: dir, KUDI_CLUSTER_PORT: String(base), PGBIN: bin };
  const script = (command: string) =>
    new Promise<void>((resolve, reject) => {
      execFile('bash', [SCRIPT, command], { env: scriptEnv, cwd: ROOT }, (err, stdout, stderr) =>
        (err ? reject(new Error(`dev-cluster.sh ${command} failed: ${stderr || stdout || err.message}`)) : resolve()));
    });
  const pgCtl = (args: string[]) => runPostgresTool(path.join(bin, 'pg_ctl'), args);
  await script('start');
  const database = 'kudi';
  return {
    env: {
      DATABASE_URL: `postgres://postgres@${HOST}:${base + 2}/${database}`,
      DATABASE_POOLER: 'pgbouncer',
      DATABASE_REPLICA_URL: `postgres://postgres@${HOST}:${base + 1}/${database}`,
    },
    primaryUrl: `postgres://postgres@${HOST}:${base}/${database}`,
    restartPrimary: (mode = 'fast') => pgCtl(['-D', path.join(dir, 'primary'), '-l', path.join(dir, 'primary.log'), '-m', mode, '-w', '-t', '60', 'restart']),
    async restartBouncer() {
      const pid = Number(readFileSync(path.join(dir, 'pgbouncer.pid'), 'utf8').trim());
      process.kill(pid, 'SIGKILL');
      while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
      // The script starts whatever is not running (here: PgBouncer only), and waits until it answers.
      await script('start');
    },
    async crashReplica(downMs) {
      await pgCtl(['-D', path.join(dir, 'replica'), '-m', 'immediate', '-w', '-t', '60', 'stop']);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await script('start');
    },
    async destroy() {
      await script('destroy');
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
