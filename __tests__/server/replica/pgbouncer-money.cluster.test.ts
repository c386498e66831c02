/**
 * The API through PgBouncer in transaction mode (the `server-cluster` project: npm run dev:cluster,
 * TEST_PGBOUNCER_URL). Each transaction, or statement outside one, may run on another server
 * connection, so nothing may live in a session. With DATABASE_POOLER=pgbouncer, the money flows
 * (deposit, naira activation, conversion, a transfer, a keyed payment replayed, many at once) move
 * the right money, answer as usual and keep the ledger balanced; without it, the named statements
 * the app otherwise prepares break, which is why the setting exists.
 */
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../../src/server/db/database';
import { createCustomer, type Customer } from '../../support/customers';
import { highLimits } from '../../support/limits';
import type { TestApp } from '../../support/test-app';
import { activateNairaWallet, balances, convert, deposit, ledgerSums } from '../../support/wallets';
import { history, userTransfer } from '../transfers/helpers';
import { buildClusterApp, clusterUrls, createDatabase, dropDatabase, onDatabase } from './cluster';
import { onPostgres } from '../../support/on-postgres';

const { TEST_PGBOUNCER_URL: bouncer } = clusterUrls('pgbouncer-money.cluster.test.ts', ['TEST_PGBOUNCER_URL']);

let t: TestApp;
let database: string;
beforeAll(async () => {
  database = await createDatabase(bouncer, 'kudi_pgbouncer');
  t = await buildClusterApp(
    { DATABASE_URL: onDatabase(bouncer, database), DATABASE_POOLER: 'pgbouncer', DATABASE_POOL_SIZE: '8' },
    highLimits,
  );
});
afterAll(async () => {
  await t?.close();
  if (database) await dropDatabase(bouncer, database);
});

it('TEST_PGBOUNCER_URL is PgBouncer in transaction mode (its admin console says so)', async () => {
  const config = await onPostgres<{ key: string; value: string }>(onDatabase(bouncer, 'pgbouncer'), 'show config');
  expect(config.find((row) => row.key === 'pool_mode')?.value).toBe('transaction');
});

it('money flows through PgBouncer: deposit, activation, conversion, transfer, and a keyed payment replayed', async () => {
  const [ada, bola] = [await createCustomer(t), await createCustomer(t)];
  await deposit(t, ada, 'CAD', '100.00');
  await activateNairaWallet(t, ada);
  await activateNairaWallet(t, bola);

  const conversion = await convert(t, ada, { from_currency: 'CAD', to_currency: 'NGN', amount: '10.00' }, randomUUID());
  expect(conversion.statusCode).toBe(200);
  const after = await balances(t, ada);
  expect(after.CAD).toBe(90);
  expect(after.NGN).toBeGreaterThan(0);

  const key = randomUUID();
  const first = await userTransfer(t, ada, 'CAD', { amount: '25.00', recipient_email: bola.email }, key);
  const replay = await userTransfer(t, ada, 'CAD', { amount: '25.00', recipient_email: bola.email }, key);
  expect(first.statusCode).toBe(200);
  expect(replay.statusCode).toBe(200);
  expect(replay.json()).toEqual(first.json());
  expect((await balances(t, ada)).CAD).toBe(65);
  expect((await balances(t, bola)).CAD).toBe(25);

  const lines = await history(t, ada, 'CAD');
  expect(lines.map((line) => line.amount)).toEqual([25, 10, 100]);
  expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
});

it('many payments at once through PgBouncer each move money once, and the ledger balances', async () => {
  const senders: Customer[] = [];
  for (let i = 0; i < 4; i += 1) {
    const sender = await createCustomer(t);
    await deposit(t, sender, 'CAD', '50.00');
    senders.push(sender);
  }
  const recipient = await createCustomer(t);
  // 40 keyed transfers of 1.00, 10 per sender, each sent twice with its key, all at once.
  const keys = senders.flatMap((sender) => Array.from({ length: 10 }, () => ({ sender, key: randomUUID() })));
  const answers = await Promise.all(
    [...keys, ...keys].map(({ sender, key }) => userTransfer(t, sender, 'CAD', { amount: '1.00', recipient_email: recipient.email }, key)),
  );
  // A retry that meets its first still running may be told so (409); none fails otherwise.
  expect(answers.filter((res) => res.statusCode !== 200 && res.statusCode !== 409).map((res) => res.body)).toEqual([]);
  for (const sender of senders) expect((await balances(t, sender)).CAD).toBe(40);
  expect((await balances(t, recipient)).CAD).toBe(40);
  expect(await ledgerSums(t)).toEqual({ CAD: '0', NGN: '0' });
});

it('without DATABASE_POOLER=pgbouncer, the named statements break through PgBouncer (why the setting exists)', async () => {
  const direct = await openDatabase({ dataDir: null, databaseUrl: onDatabase(bouncer, database), databaseSchema: null, databasePoolSize: 4 });
  const failures: string[] = [];
  try {
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        try {
          await sql`select ${i}::int + 1 as n`.execute(direct.db);
          await sql`select ${String(i)}::text || 'x' as s`.execute(direct.db);
        } catch (err) {
          failures.push((err as Error).message);
        }
      }),
    );
  } finally {
    await direct.close();
  }
  expect(failures.length).toBeGreaterThan(0);
  expect(failures.every((message) => /prepared statement "kudi_\d+" (already exists|does not exist)/.test(message))).toBe(true);
});
