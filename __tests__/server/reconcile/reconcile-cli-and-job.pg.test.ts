/**
 * `npm run reconcile` as an operator runs it (a child process on a PostgreSQL scratch database:
 * exit 0 and the JSON report when the books balance, 1 with the finding named, 2 when it cannot
 * reconcile), and the daily job: of several processes on one database, one runs the day's
 * reconciliation and stores its report.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrations';
import { runDailyReconciliation } from '../../../src/server/modules/reconcile/reconcile.service';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { funded, ngnWithdrawal, userTransfer } from '../transfers/helpers';
import { onPostgres as onPostgresAt } from '../../support/on-postgres';
import { nodeArgsFor } from '../../support/entry';

if (process.env.KUDI_TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL) {
  throw new Error('reconcile-cli-and-job.pg.test.ts runs only against PostgreSQL: TEST_DATABASE_URL=postgres://… npx jest --selectProjects server-pg');
}
const baseUrl = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(__dirname, '../../..');

const onPostgres = (statements: string) => onPostgresAt(baseUrl!, statements);

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run reconcile` (its script's command) with this environment. */
function runCli(env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      nodeArgsFor('src/server/cli/reconcile.ts'),
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: ':memory:', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

describe('npm run reconcile on a PostgreSQL database', () => {
  const name = `kudi_reconcile_cli_${randomBytes(4).toString('hex')}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    await onPostgres(`create database ${name}`);
    handle = await openDatabase({ databaseUrl, dataDir: null, databaseSchema: null, databasePoolSize: 2 });
  });
  afterAll(async () => {
    await t?.close();
    await handle?.close();
    await onPostgres(`drop database if exists ${name} with (force)`);
  });

  it('refuses to reconcile (exit 2) a database never migrated, or a bad configuration, saying why', async () => {
    const [unmigrated, badConfig] = await Promise.all([runCli({ DATABASE_URL: databaseUrl }), runCli({ DATABASE_URL: 'mysql://localhost/kudi' })]);
    expect(unmigrated).toEqual({
      code: 2,
      stdout: '',
      stderr: 'The database has no Kudi schema (never migrated): start the server once to migrate it; this command changes nothing.\n',
    });
    // Nothing was written: still no table.
    const { rows } = await sql<{ present: boolean }>`select to_regclass('ledger_accounts') is not null as present`.execute(handle.db);
    expect(rows[0].present).toBe(false);
    expect(badConfig).toEqual({ code: 2, stdout: '', stderr: 'Configuration error: DATABASE_URL must start with postgres: or postgresql:, got "mysql:"\n' });
  });

  it('prints the JSON report and exits 0 when the books balance, 1 naming a wallet changed behind the ledger', async () => {
    await migrateToLatest(handle.db);
    // An app on the scratch database (as a server would run on it) moves money through the API.
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_DIR: '/nonexistent-kudi-public', PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_TIME_COST: '1' },
      { dataDir: null, databaseUrl, payoutSettleMs: 0, payoutHoldS: 0 },
    );
    const app = await buildApp({ config, db: handle.db });
    await app.ready();
    t = { app, db: handle.db, config, kind: 'postgres', close: () => app.close() };
    const ada = await funded(t, { CAD: '100.00', NGN: '50000.00' });
    const bola = await funded(t, { CAD: '1.00' });
    expect((await userTransfer(t, ada, 'CAD', { amount: '12.34', recipient_email: bola.email })).statusCode).toBe(200);
    expect((await ngnWithdrawal(t, ada, { amount: '2000.00' })).statusCode).toBe(200);
    await settleDuePayouts(t.app);

    const clean = await runCli({ DATABASE_URL: databaseUrl });
    expect(clean.stderr).toBe('');
    expect(clean.code).toBe(0);
    expect(JSON.parse(clean.stdout)).toMatchObject({ ok: true, checks: expect.arrayContaining([{ name: 'payouts_settle_once', ok: true, findings: [] }]) });

    const account = await t.db.selectFrom('ledger_accounts').select('id').where('user_id', '=', bola.id).where('currency', '=', 'CAD').executeTakeFirstOrThrow();
    await sql`update ledger_accounts set balance = balance - 34 where id = ${account.id}`.execute(t.db);
    const broken = await runCli({ DATABASE_URL: databaseUrl });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe('Reconciliation found differences: currencies_sum_to_zero (1), balances_match_entries (1)\n');
    const report = JSON.parse(broken.stdout);
    expect(report.ok).toBe(false);
    expect(report.checks.find((c: { name: string }) => c.name === 'balances_match_entries').findings).toEqual([
      {
        account_id: String(account.id),
        currency: 'CAD',
        kind: 'customer',
        user_id: bola.id,
        problem: 'the balance is not the sum of its entries',
        expected: '1334',
        actual: '1300',
      },
    ]);
    expect(report.checks.find((c: { name: string }) => c.name === 'currencies_sum_to_zero').findings).toEqual([
      { currency: 'CAD', problem: "the accounts' balances do not sum to zero", expected: '0', actual: '-34' },
    ]);
  });
});

describe('the daily reconciliation job (RECONCILE_JOB)', () => {
  let t: TestApp;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await t.close();
  });

  /** Another database handle (its own pool) on the test's schema: what another process opens. */
  async function anotherConnection() {
    const handle = await openDatabase(t.config);
    handles.push(handle);
    return handle.db;
  }

  const rows = () => t.db.selectFrom('reconciliations').selectAll().execute();

  it('two app instances with the job on, on one database, run the day once: one row, its report stored', async () => {
    const customer = await funded(t, { CAD: '20.00' });
    expect(customer.id).toBeTruthy();
    const apps = await Promise.all(
      [await anotherConnection(), await anotherConnection()].map(async (db) => {
        const app = await buildApp({ config: { ...t.config, reconcileJob: true }, db });
        await app.ready();
        return app;
      }),
    );
    // Each app looks when it is ready; wait (bounded) until the day's reconciliation has finished.
    const deadline = Date.now() + 20_000;
    while (!(await rows()).some((row) => row.finished_at) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all(apps.map((app) => app.close()));
    const done = await rows();
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ day: todayUtc(), ok: true, report: { ok: true, checks: expect.any(Array) } });
    expect(done[0].finished_at).toBeInstanceOf(Date);
  });

  it('of two processes claiming the same day at once exactly one runs it; a claim left unfinished past its lease is taken over', async () => {
    await t.db.deleteFrom('reconciliations').execute();
    const [a, b] = [await anotherConnection(), await anotherConnection()];
    const runs = await Promise.all([runDailyReconciliation(a, 'host-a:1'), runDailyReconciliation(b, 'host-b:2')]);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    const winner = runs[0].ran ? 'host-a:1' : 'host-b:2';
    expect(await rows()).toEqual([expect.objectContaining({ day: todayUtc(), claimed_by: winner, ok: true })]);
    // Done for the day: nobody runs it again.
    expect(await runDailyReconciliation(a, 'host-c:3')).toEqual({ day: todayUtc(), ran: false });

    // A process that claimed the day and died: within the lease nobody else runs it; after, one does.
    await t.db.deleteFrom('reconciliations').execute();
    await sql`insert into reconciliations (day, claimed_by, claimed_at) values (${todayUtc()}::date, 'dead:9', now() - interval '10 minutes')`.execute(t.db);
    expect((await runDailyReconciliation(a, 'host-a:1', 60 * 60_000)).ran).toBe(false);
    const takeover = await runDailyReconciliation(b, 'host-b:2', 5 * 60_000);
    expect(takeover.ran).toBe(true);
    expect(await rows()).toEqual([expect.objectContaining({ claimed_by: 'host-b:2', ok: true })]);
  });

  it("stores a finding in the day's row (ok false, the report naming the row)", async () => {
    await t.db.deleteFrom('reconciliations').execute();
    const account = await t.db.selectFrom('ledger_accounts').select('id').where('code', '=', 'fees').where('currency', '=', 'NGN').executeTakeFirstOrThrow();
    await sql`update ledger_accounts set pending_debits = 5 where id = ${account.id}`.execute(t.db);
    const run = await runDailyReconciliation(t.db, 'host-a:1');
    expect(run.ran && run.report.ok).toBe(false);
    const [row] = await rows();
    expect(row.ok).toBe(false);
    const report = row.report as { checks: { name: string; findings: Record<string, unknown>[] }[] };
    expect(report.checks.find((c) => c.name === 'accounts_within_bounds')?.findings).toEqual([
      expect.objectContaining({ account_id: String(account.id), code: 'fees', currency: 'NGN', problem: 'a system account reserves funds (no pending transfer debits one)', actual: '5' }),
    ]);
    await sql`update ledger_accounts set pending_debits = 0 where id = ${account.id}`.execute(t.db);
  });
});
