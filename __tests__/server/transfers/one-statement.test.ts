/**
 * The one-statement user transfer (transfers/user-transfer.one-statement.ts): it moves money only
 * when every check of the checked path would pass, writes exactly what that path writes, and in
 * any other case writes nothing and answers null (the route then runs the checked path, whose
 * answers the other transfer tests check through HTTP).
 */
import { sql } from 'kysely';
import { MAX_BALANCE_MINOR } from '../../../src/shared/limits';
import { newReference } from '../../../src/server/modules/ledger/ledger.service';
import { transferInOneStatement } from '../../../src/server/modules/transfers/user-transfer.batches';
import { userTransferOrder } from '../../../src/server/modules/transfers/user-transfer.service';
import { cadEquivalent } from '../../../src/server/modules/limits/limits.service';
import { limitArray } from '../../../src/server/modules/limits/tiers';
import type { Currency } from '../../../src/shared/types';
import type { Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { activateNairaWallet, ledgerSums } from '../../support/wallets';
import { funded, history, PIN, TIMEZONE, userTransfer } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function oneStatement(sender: Customer, recipientEmail: string, amount: string, currency: Currency = 'CAD', pin = PIN) {
  const order = userTransferOrder(currency, { amount, recipient_email: recipientEmail, transaction_pin: pin, timezone: TIMEZONE }, t.config.ngnMaxSingleKobo);
  // The send counted against the sender's limits as the route counts it (CAD as is; NGN at the test's mid rate, rounded up).
  const limit = { amount: cadEquivalent({ midRate: t.config.fxMidRate }, currency, order.amount), array: limitArray(t.config.limits) };
  return transferInOneStatement(t.db, {
    senderId: sender.id, pinSecret: t.config.pinSecret, pin, order, reference: newReference(), description: 'Wallet transfer', limit,
  });
}

/** Everything a transfer can change: balances, reservations, transfers, entries, PIN counters. */
async function snapshot() {
  const accounts = await sql`select id, balance, pending_debits from ledger_accounts order by id`.execute(t.db);
  const transfers = await sql`select count(*)::int as n from ledger_transfers`.execute(t.db);
  const entries = await sql`select count(*)::int as n from ledger_entries`.execute(t.db);
  const users = await sql`select id, pin_failed_count, pin_locked_until from users order by id`.execute(t.db);
  return { accounts: accounts.rows, transfers: transfers.rows, entries: entries.rows, users: users.rows };
}

describe('a transfer every check allows', () => {
  it('is written in one statement exactly as the checked path writes it: transfer, metadata, entries with balances after, balances', async () => {
    const [a, b] = [await funded(t, { CAD: '100.00' }, { firstName: 'Ada', lastName: 'Obi' }), await funded(t, { CAD: '5.00' }, { firstName: 'Ngozi', lastName: 'Eze' })];
    const fast = await oneStatement(a, b.email.toUpperCase(), '12.34');
    expect(fast).not.toBeNull();
    expect(fast!.recipientName).toBe('Ngozi Eze');
    expect(fast!.row).toMatchObject({ amount: 1234n, currency: 'CAD', kind: 'wallet_transfer', status: 'posted', linked_id: null, provider: null, external_ref: null });
    // The checked path (an Idempotency-Key sends the request that way) for the same movement back.
    const checked = await userTransfer(t, b, 'CAD', { amount: '12.34', recipient_email: a.email }, 'one-statement-equivalence');
    expect(checked.statusCode).toBe(200);

    const { rows } = await sql<{ id: string; kind: string; status: string; amount: string; metadata: unknown; posted: boolean; entries: unknown }>`
      select t.id::text, t.kind, t.status, t.amount::text, t.metadata, t.posted_at is not null as posted,
        (select json_agg(json_build_object('amount', e.amount::text, 'balance_after', e.balance_after::text) order by e.amount)
         from ledger_entries e where e.transfer_id = t.id) as entries
      from ledger_transfers t where t.reference in (${fast!.row.reference}, ${checked.json().data.transaction_reference}) order by t.id`.execute(t.db);
    expect(rows).toHaveLength(2);
    const [one, two] = rows;
    expect(one).toMatchObject({ kind: 'wallet_transfer', status: 'posted', amount: '1234', posted: true });
    expect(one.metadata).toEqual({ sender_name: 'Ada Obi', recipient_name: 'Ngozi Eze', description: 'Wallet transfer' });
    expect(one.entries).toEqual([{ amount: '-1234', balance_after: '8766' }, { amount: '1234', balance_after: '1734' }]);
    // The same shape from the checked path: the metadata keys, both entries with their balances after.
    expect(two.metadata).toEqual({ sender_name: 'Ngozi Eze', recipient_name: 'Ada Obi', description: 'Wallet transfer' });
    expect(two.entries).toEqual([{ amount: '-1234', balance_after: '500' }, { amount: '1234', balance_after: '10000' }]);
    // And both customers' histories show the two movements alike.
    const aHistory = await history(t, a, 'CAD');
    const transfers = aHistory.filter((row) => row.transaction_type === 'WALLET TRANSACTION');
    expect(transfers).toHaveLength(2);
  });

  it('moves naira between activated naira wallets', async () => {
    const [a, b] = [await funded(t, { NGN: '50000.00' }), await funded(t, { activate: true })];
    const fast = await oneStatement(a, b.email, '2500.50', 'NGN');
    expect(fast?.row).toMatchObject({ amount: 250050n, currency: 'NGN' });
    const { rows } = await sql<{ balance: string }>`
      select a.balance::text from ledger_accounts a where a.currency = 'NGN' and a.user_id in (${a.id}, ${b.id}) order by a.user_id = ${a.id} desc`.execute(t.db);
    expect(rows.map((row) => row.balance)).toEqual(['4749950', '250050']);
  });

  it('keeps each currency summing to zero and every balance equal to its entries after many transfers back and forth', async () => {
    const people = [await funded(t, { CAD: '50.00' }), await funded(t, { CAD: '50.00' }), await funded(t, { CAD: '50.00' })];
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => oneStatement(people[i % 3], people[(i + 1) % 3].email, `${(i % 7) + 1}.0${i % 10}`)),
    );
    expect(Object.values(await ledgerSums(t))).toEqual(['0', '0']);
    const { rows } = await sql<{ mismatched: number }>`
      select count(*)::int as mismatched from ledger_accounts a
      where a.balance <> coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0)`.execute(t.db);
    expect(rows[0].mismatched).toBe(0);
  });
});

describe('any other case writes nothing and is left to the checked path', () => {
  const cases: [string, (a: Customer, b: Customer) => Promise<[string, string, Currency?, string?, Customer?]>][] = [
    ['a wrong PIN (the checked path counts it)', async (_a, b) => [b.email, '1.00', 'CAD', '9999']],
    ['a right PIN after a counted wrong try (the checked path resets the count)', async (a, b) => {
      await sql`update users set pin_failed_count = 1 where id = ${a.id}`.execute(t.db);
      return [b.email, '1.00'];
    }],
    ['a locked PIN, even the right one', async (a, b) => {
      await sql`update users set pin_locked_until = now() + interval '30 minutes' where id = ${a.id}`.execute(t.db);
      return [b.email, '1.00'];
    }],
    ['a lock that has ended (the checked path clears it)', async (a, b) => {
      await sql`update users set pin_locked_until = now() - interval '1 minute' where id = ${a.id}`.execute(t.db);
      return [b.email, '1.00'];
    }],
    ['a sender whose identity is not verified', async (a, b) => {
      await sql`update users set is_identity_verified = false where id = ${a.id}`.execute(t.db);
      return [b.email, '1.00'];
    }],
    ['a sender whose phone is not verified', async (a, b) => {
      await sql`update users set is_phone_verified = false where id = ${a.id}`.execute(t.db);
      return [b.email, '1.00'];
    }],
    ['a sender without a PIN', async (a, b) => {
      await sql`update users set pin_hash = null where id = ${a.id}`.execute(t.db);
      return [b.email, '1.00'];
    }],
    ['more than the sender has', async (_a, b) => [b.email, '100.01']],
    ['more than the sender has once reserved payouts are counted', async (a, b) => {
      await sql`update ledger_accounts set pending_debits = 5000 where user_id = ${a.id} and currency = 'CAD'`.execute(t.db);
      return [b.email, '50.01'];
    }],
    ["a credit above the recipient's balance ceiling", async (_a, b) => {
      await sql`update ledger_accounts set balance = ${MAX_BALANCE_MINOR - 50n}::bigint where user_id = ${b.id} and currency = 'CAD'`.execute(t.db);
      return [b.email, '1.00'];
    }],
    ['the sender themself', async (a) => [a.email, '1.00']],
    ['an unknown recipient', async () => ['nobody-here@example.com', '1.00']],
    ['a recipient whose e-mail is not verified', async (_a, b) => {
      await sql`update users set is_email_verified = false where id = ${b.id}`.execute(t.db);
      return [b.email, '1.00'];
    }],
    ["naira to a recipient whose naira wallet is not activated", async (_a, b) => [b.email, '1.00', 'NGN']],
    ["naira from a sender whose naira wallet is not activated", async (a, b) => {
      await activateNairaWallet(t, b);
      const sender = await funded(t, { CAD: '10.00' });
      // Naira it could cover, so only the activation is in question.
      await sql`update ledger_accounts set balance = 100000 where user_id = ${sender.id} and currency = 'NGN'`.execute(t.db);
      return [b.email, '1.00', 'NGN', PIN, sender];
    }],
  ];

  it.each(cases)('%s', async (_case, arrange) => {
    const a = await funded(t, { CAD: '100.00', NGN: '1000.00' });
    const b = await funded(t, { CAD: '1.00' });
    const [email, amount, currency, pin, sender = a] = await arrange(a, b);
    const before = await snapshot();
    expect(await oneStatement(sender, email, amount, currency, pin)).toBeNull();
    expect(await snapshot()).toEqual(before);
  });
});
