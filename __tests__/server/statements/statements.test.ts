/**
 * Statements (spec-next §E) through HTTP on a real database: GET /statements as CSV and PDF, for a
 * period of the customer's days. A month of a wallet (deposits, user transfers both ways, fees,
 * an Interac payout completed, one failed and refunded, one cancelled in its hold, a conversion, a
 * payout sent at the end of the month and completed after it) in Pacific/Kiritimati (UTC+14), with
 * items a second before and after its local midnights: opening + credits − debits = closing to the
 * cent, and both ends equal the ledger's balance at those moments (summed here from every entry,
 * not read the way the service reads them). Statements read 2 rows per query here
 * (STATEMENT_PAGE_ROWS), so every statement of more than two rows is read over several pages.
 *
 * The items happen now, one after another, and are then moved to the moments the story needs:
 * their transfers' and entries' times are set to those moments (in the order they happened, so
 * each wallet's entries keep their times in their order, as migration 0015 makes them).
 */
import { formatRate } from '../../../src/shared/money';
import { sql } from 'kysely';
import { parseFees } from '../../../src/server/config';
import { settleDuePayouts } from '../../../src/server/sim/payout-rail';
import { customerAccount } from '../../../src/server/modules/ledger/accounts.repository';
import type { Currency } from '../../../src/shared/types';
import { expectRefusal } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { pdfText } from '../../support/pdf-text';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { activateNairaWallet, convert, deposit } from '../../support/wallets';
import { ACCESS_ACCOUNT, cadWithdrawal, get, ngnWithdrawal, post, userTransfer } from '../transfers/helpers';
import { parseCsv } from '../../support/csv';

const FEES = { wallet_transfer_cad: { flat: '0.50' }, interac: { flat: '1.50' } };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ fees: parseFees(JSON.stringify(FEES)), payoutHoldS: 600, payoutSettleMs: 0, statementPageRows: 2 });
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Helpers

const statement = (customer: Customer, query: Record<string, string>) =>
  get(t, customer, `/statements?${new URLSearchParams(query).toString()}`);

const BOM = '\uFEFF';

const HEADER = ['Date', 'Reference', 'Type', 'Description', 'Counterparty', 'Debit', 'Credit', 'Balance after'];

/** A CSV statement's rows (header checked and dropped), as a customer's spreadsheet reads them. */
async function csvRows(customer: Customer, query: Record<string, string>): Promise<string[][]> {
  const res = await statement(customer, { format: 'csv', ...query });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename="kudi-statement-${query.currency}-${query.from}-to-${query.to}.csv"`,
  );
  expect(res.body.startsWith(BOM)).toBe(true);
  const [header, ...rows] = parseCsv(res.body.slice(BOM.length));
  expect(header).toEqual(HEADER);
  return rows;
}

/** Cents of a money cell ('' is none). */
const cents = (cell: string): bigint => (cell === '' ? 0n : BigInt(cell.replace('.', '')));

/** Opening + credits − debits of a statement's rows, and each row's balance after as the running total. */
function checkArithmetic(rows: string[][]): { opening: bigint; credits: bigint; debits: bigint; closing: bigint } {
  const opening = rows[0];
  const closing = rows[rows.length - 1];
  expect(opening[2]).toBe('Opening balance');
  expect(closing[2]).toBe('Closing balance');
  let balance = cents(opening[7]);
  let credits = 0n;
  let debits = 0n;
  for (const row of rows.slice(1, -1)) {
    credits += cents(row[6]);
    debits += cents(row[5]);
    balance += cents(row[6]) - cents(row[5]);
    expect({ reference: row[1], balanceAfter: cents(row[7]) }).toEqual({ reference: row[1], balanceAfter: balance });
  }
  expect(balance).toBe(cents(closing[7]));
  return { opening: cents(opening[7]), credits, debits, closing: cents(closing[7]) };
}

async function accountOf(customer: Customer, currency: Currency): Promise<bigint> {
  return (await customerAccount(t.db, customer.id, currency)).id;
}

/** The ledger's balance of a wallet at a moment: every entry written before it, summed. */
async function ledgerBalanceAt(customer: Customer, currency: Currency, at: Date): Promise<bigint> {
  const { rows } = await sql<{ total: string }>`
    select coalesce(sum(amount), 0)::text as total from ledger_entries
    where account_id = ${await accountOf(customer, currency)} and created_at < ${at}`.execute(t.db);
  return BigInt(rows[0].total);
}

/** The newest transfer of a wallet (its reference). */
async function newestTransfer(customer: Customer, currency: Currency): Promise<string> {
  const account = await accountOf(customer, currency);
  const row = await t.db
    .selectFrom('ledger_transfers')
    .select('reference')
    .where((eb) => eb.or([eb('debit_account_id', '=', account), eb('credit_account_id', '=', account)]))
    .where('kind', '<>', 'fee')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.reference;
}

async function feeOf(reference: string): Promise<string> {
  const { rows } = await sql<{ reference: string }>`
    select f.reference from ledger_transfers f join ledger_transfers t on f.linked_id = t.id
    where t.reference = ${reference} and f.kind = 'fee'`.execute(t.db);
  return rows[0].reference;
}

/**
 * Moves a transfer (with its fee and, for a conversion, its other leg) to the moments of the story:
 * made at `created`, its money moved (posted: entries) or released (voided) at `settled`.
 */
async function placeAt(reference: string, created: Date, settled: Date = created): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: bigint }>`
      with target as (select id, linked_id from ledger_transfers where reference = ${reference})
      select t.id from ledger_transfers t, target
      where t.id = target.id or t.linked_id = target.id or t.id = target.linked_id`.execute(trx);
    const ids = rows.map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    await sql`
      update ledger_transfers set created_at = ${created},
        posted_at = case when status = 'posted' then ${settled}::timestamptz end,
        voided_at = case when status = 'voided' then ${settled}::timestamptz end
      where id = any(${ids}::bigint[])`.execute(trx);
    await sql`update ledger_entries set created_at = ${settled} where transfer_id = any(${ids}::bigint[])`.execute(trx);
    await sql`update payouts set created_at = ${created} where transfer_id = any(${ids}::bigint[])`.execute(trx);
  });
}

/** A local time of Pacific/Kiritimati (UTC+14 all year). */
const kiritimati = (local: string) => new Date(`${local}+14:00`);

const setZone = async (customer: Customer, timezone: string) =>
  expect((await post(t, customer, '/auth/update-timezone', { timezone })).statusCode).toBe(200);

const release = (customer: Customer) => t.app.inject({ method: 'POST', url: '/api/dev/payouts/release', payload: { email: customer.email } });

/** An Interac payout of the customer; answers its reference. */
async function interac(customer: Customer, amount: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await cadWithdrawal(t, customer, { Amount: amount, ...overrides });
  expect(res.statusCode).toBe(200);
  return res.json().data.transaction_reference as string;
}

/** The rail answers the customer's payouts now: completed, or failed for an e-mail ending in 'fail'. */
async function settlePayouts(customer: Customer): Promise<void> {
  expect((await release(customer)).statusCode).toBe(200);
  await settleDuePayouts(t.app);
}

// ---------------------------------------------------------------------------------------------

describe('a month of a CAD wallet in Pacific/Kiritimati (UTC+14)', () => {
  let me: Customer;
  let friend: Customer;
  const ref: Record<string, string> = {};
  let rate = '';
  const MARCH = { currency: 'CAD', from: '2025-03-01', to: '2025-03-31' };
  const APRIL = { currency: 'CAD', from: '2025-04-01', to: '2025-04-30' };

  beforeAll(async () => {
    me = await createCustomer(t, { firstName: 'Amara', lastName: 'Nwosu' });
    friend = await createCustomer(t, { firstName: 'Bola', lastName: 'Ade' });
    await activateNairaWallet(t, me);
    await setZone(me, 'Pacific/Kiritimati');
    await deposit(t, friend, 'CAD', '100.00');
    await placeAt(await newestTransfer(friend, 'CAD'), kiritimati('2025-02-01T12:00:00'));

    // A second before March begins where the customer lives (2025-02-28 09:59:59 UTC).
    await deposit(t, me, 'CAD', '500.00');
    ref.before = await newestTransfer(me, 'CAD');
    await placeAt(ref.before, kiritimati('2025-02-28T23:59:59'));
    // A second after.
    await deposit(t, me, 'CAD', '100.00');
    ref.first = await newestTransfer(me, 'CAD');
    await placeAt(ref.first, kiritimati('2025-03-01T00:00:01'));

    const sent = await userTransfer(t, me, 'CAD', { amount: '25.00', recipient_email: friend.email });
    expect(sent.statusCode).toBe(200);
    ref.sent = sent.json().data.transaction_reference;
    await placeAt(ref.sent, kiritimati('2025-03-05T10:00:00'));
    const received = await userTransfer(t, friend, 'CAD', { amount: '10.00', recipient_email: me.email });
    expect(received.statusCode).toBe(200);
    ref.received = received.json().data.transaction_reference;
    await placeAt(ref.received, kiritimati('2025-03-06T10:00:00'));

    ref.completed = await interac(me, '40.00', { Description: 'Rent, March "flat 2"\nsecond line' });
    await settlePayouts(me);
    await placeAt(ref.completed, kiritimati('2025-03-10T09:00:00'), kiritimati('2025-03-10T09:05:00'));

    ref.failed = await interac(me, '30.00', { CustomerEmail: 'jane.fail@example.com', Description: '=HYPERLINK("http://x.example","click")' });
    await settlePayouts(me);
    await placeAt(ref.failed, kiritimati('2025-03-12T09:00:00'), kiritimati('2025-03-12T09:05:00'));

    ref.cancelled = await interac(me, '20.00', { Description: '+1+2' });
    expect((await post(t, me, `/transactions/${ref.cancelled}/cancel`, {})).statusCode).toBe(200);
    await placeAt(ref.cancelled, kiritimati('2025-03-15T09:00:00'), kiritimati('2025-03-15T09:01:00'));

    const converted = await convert(t, me, { from_currency: 'CAD', to_currency: 'NGN', amount: '50.00' });
    expect(converted.statusCode).toBe(200);
    rate = formatRate(converted.json().data.rate); // As the description shows it: '1,039.50'.
    ref.conversion = await newestTransfer(me, 'CAD');
    await placeAt(ref.conversion, kiritimati('2025-03-20T12:00:00'));
    // A bank payout from the NGN wallet the conversion filled.
    const bank = await ngnWithdrawal(t, me, { amount: '5000.00', description: 'School fees' });
    expect(bank.statusCode).toBe(200);
    ref.bank = bank.json().data.tx_ref;
    await settlePayouts(me);
    await placeAt(ref.bank, kiritimati('2025-03-25T08:00:00'), kiritimati('2025-03-25T08:02:00'));

    // Sent in the last hour of March, completed in the first minute of April.
    ref.lateSend = await interac(me, '15.00', { Description: '-5 owed' });
    await placeAt(ref.lateSend, kiritimati('2025-03-31T23:00:00'));
    await deposit(t, me, 'CAD', '5.00');
    ref.last = await newestTransfer(me, 'CAD');
    await placeAt(ref.last, kiritimati('2025-03-31T23:59:59'));
    await deposit(t, me, 'CAD', '7.00');
    ref.april = await newestTransfer(me, 'CAD');
    await placeAt(ref.april, kiritimati('2025-04-01T00:00:01'));
    await settlePayouts(me);
    await placeAt(ref.lateSend, kiritimati('2025-03-31T23:00:00'), kiritimati('2025-04-01T00:00:30'));

    ref.at = await interac(me, '3.00', { Description: '@SUM(A1)' });
    await settlePayouts(me);
    await placeAt(ref.at, kiritimati('2025-04-02T08:00:00'), kiritimati('2025-04-02T08:01:00'));
  });

  it("lists March's completed and refunded items between the ledger's balances at its local midnights", async () => {
    const rows = await csvRows(me, MARCH);
    const [completedFee, failedFee, cancelledFee, sentFee] = await Promise.all([
      feeOf(ref.completed),
      feeOf(ref.failed),
      feeOf(ref.cancelled),
      feeOf(ref.sent),
    ]);
    expect(rows).toEqual([
      ['2025-03-01', '', 'Opening balance', '', '', '', '', '500.00'],
      ['2025-03-01 00:00:01', ref.first, 'Deposit', 'Interac e-Transfer', 'Amara Nwosu', '', '100.00', '600.00'],
      ['2025-03-05 10:00:00', ref.sent, 'Transfer sent', 'Wallet transfer', 'Bola Ade', '25.00', '', '575.00'],
      ['2025-03-05 10:00:00', sentFee, 'Fee', `Fee for ${ref.sent}`, '', '0.50', '', '574.50'],
      ['2025-03-06 10:00:00', ref.received, 'Transfer received', 'Wallet transfer', 'Bola Ade', '', '10.00', '584.50'],
      // A payout is dated when its rail confirmed it, its money moved.
      ['2025-03-10 09:05:00', ref.completed, 'Interac e-Transfer', 'Rent, March "flat 2"\nsecond line', 'Jane Doe, jane.doe@example.com', '40.00', '', '544.50'],
      ['2025-03-10 09:05:00', completedFee, 'Fee', `Fee for ${ref.completed}`, '', '1.50', '', '543.00'],
      // Refunded: out and back in one row, the balance untouched (its money was only reserved).
      ['2025-03-12 09:05:00', ref.failed, 'Interac e-Transfer (failed, refunded)', `'=HYPERLINK("http://x.example","click")`, 'Jane Doe, jane.fail@example.com', '30.00', '30.00', '543.00'],
      ['2025-03-12 09:05:00', failedFee, 'Fee (failed, refunded)', `Fee for ${ref.failed}`, '', '1.50', '1.50', '543.00'],
      ['2025-03-15 09:01:00', ref.cancelled, 'Interac e-Transfer (cancelled, refunded)', "'+1+2", 'Jane Doe, jane.doe@example.com', '20.00', '20.00', '543.00'],
      ['2025-03-15 09:01:00', cancelledFee, 'Fee (cancelled, refunded)', `Fee for ${ref.cancelled}`, '', '1.50', '1.50', '543.00'],
      ['2025-03-20 12:00:00', ref.conversion, 'Conversion', `Converted to NGN at 1 CAD = ${rate} NGN`, '', '50.00', '', '493.00'],
      ['2025-03-31 23:59:59', ref.last, 'Deposit', 'Interac e-Transfer', 'Amara Nwosu', '', '5.00', '498.00'],
      ['2025-03-31', '', 'Closing balance', '', '', '', '', '498.00'],
    ]);
    // 500.00 + 168.00 − 170.00 = 498.00, to the cent.
    expect(checkArithmetic(rows)).toEqual({ opening: 50_000n, credits: 16_800n, debits: 17_000n, closing: 49_800n });
    // The ends are the ledger's balance at March's first and last local midnight.
    expect(await ledgerBalanceAt(me, 'CAD', kiritimati('2025-03-01T00:00:00'))).toBe(50_000n);
    expect(await ledgerBalanceAt(me, 'CAD', kiritimati('2025-04-01T00:00:00'))).toBe(49_800n);
    // Neither the deposit a second before March nor the one a second after it, nor the payout
    // sent in March and completed in April, is a March item.
    const references = rows.map((row) => row[1]);
    for (const outside of [ref.before, ref.april, ref.lateSend]) expect(references).not.toContain(outside);
  });

  it('April opens where March closed and closes at the wallet\'s balance now; a payout completed in April is an April item', async () => {
    const rows = await csvRows(me, APRIL);
    const [lateFee, atFee] = await Promise.all([feeOf(ref.lateSend), feeOf(ref.at)]);
    expect(rows).toEqual([
      ['2025-04-01', '', 'Opening balance', '', '', '', '', '498.00'],
      ['2025-04-01 00:00:01', ref.april, 'Deposit', 'Interac e-Transfer', 'Amara Nwosu', '', '7.00', '505.00'],
      ['2025-04-01 00:00:30', ref.lateSend, 'Interac e-Transfer', "'-5 owed", 'Jane Doe, jane.doe@example.com', '15.00', '', '490.00'],
      ['2025-04-01 00:00:30', lateFee, 'Fee', `Fee for ${ref.lateSend}`, '', '1.50', '', '488.50'],
      ['2025-04-02 08:01:00', ref.at, 'Interac e-Transfer', "'@SUM(A1)", 'Jane Doe, jane.doe@example.com', '3.00', '', '485.50'],
      ['2025-04-02 08:01:00', atFee, 'Fee', `Fee for ${ref.at}`, '', '1.50', '', '484.00'],
      ['2025-04-30', '', 'Closing balance', '', '', '', '', '484.00'],
    ]);
    checkArithmetic(rows);
    const { balance } = await t.db.selectFrom('ledger_accounts').select('balance').where('id', '=', await accountOf(me, 'CAD')).executeTakeFirstOrThrow();
    expect(balance).toBe(48_400n);
    expect(await ledgerBalanceAt(me, 'CAD', kiritimati('2025-05-01T00:00:00'))).toBe(48_400n);
  });

  it('the two months together are one statement whose ends are the same balances', async () => {
    const rows = await csvRows(me, { currency: 'CAD', from: '2025-03-01', to: '2025-04-30' });
    expect(checkArithmetic(rows)).toEqual({ opening: 50_000n, credits: 17_500n, debits: 19_100n, closing: 48_400n });
    expect(rows).toHaveLength(12 + 5 + 2);
  });

  it('one day: 2025-03-01 in Kiritimati holds only the deposit a second after its midnight', async () => {
    const rows = await csvRows(me, { currency: 'CAD', from: '2025-03-01', to: '2025-03-01' });
    expect(rows.map((row) => [row[1], row[2], row[7]])).toEqual([
      ['', 'Opening balance', '500.00'],
      [ref.first, 'Deposit', '600.00'],
      ['', 'Closing balance', '600.00'],
    ]);
    // The same instants in UTC are another day: 2025-02-28 10:00:01 UTC.
    await setZone(me, 'UTC');
    try {
      const utc = await csvRows(me, { currency: 'CAD', from: '2025-02-28', to: '2025-02-28' });
      expect(utc.map((row) => [row[0], row[1], row[7]])).toEqual([
        ['2025-02-28', '', '0.00'],
        ['2025-02-28 09:59:59', ref.before, '500.00'],
        ['2025-02-28 10:00:01', ref.first, '600.00'],
        ['2025-02-28', '', '600.00'],
      ]);
    } finally {
      await setZone(me, 'Pacific/Kiritimati');
    }
  });

  it("the NGN wallet's March: the conversion's credit and a bank payout (its account masked), from 0.00 to the ledger's balance", async () => {
    const rows = await csvRows(me, { currency: 'NGN', from: '2025-03-01', to: '2025-03-31' });
    const ngn = await ledgerBalanceAt(me, 'NGN', kiritimati('2025-04-01T00:00:00'));
    const money = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
    const received = ngn + 500_000n;
    expect(rows).toEqual([
      ['2025-03-01', '', 'Opening balance', '', '', '', '', '0.00'],
      ['2025-03-20 12:00:00', expect.any(String), 'Conversion', `Converted from CAD at 1 CAD = ${rate} NGN`, '', '', money(received), money(received)],
      ['2025-03-25 08:02:00', ref.bank, 'Bank transfer', 'School fees', `${ACCESS_ACCOUNT.name}, Access Bank, ******5790`, '5000.00', '', money(ngn)],
      ['2025-03-31', '', 'Closing balance', '', '', '', '', money(ngn)],
    ]);
    expect(rows[1][1]).not.toBe(ref.conversion);
    checkArithmetic(rows);
  });

  it("the PDF: the customer's name, the period, the same rows, the totals and the page number", async () => {
    const res = await statement(me, { ...MARCH, format: 'pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="kudi-statement-CAD-2025-03-01-to-2025-03-31.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = pdfText(res.rawPayload);
    expect(pdf.total).toBe(1);
    const text = pdf.pages[0];
    expect(text).toContain('Customer: Amara Nwosu');
    expect(text).toContain('Wallet: CAD');
    expect(text).toContain('Period: 2025-03-01 to 2025-03-31 (days in Pacific/Kiritimati)');
    expect(text).toContain('Page 1');
    for (const line of ['Opening balance (CAD) 500.00', 'Total credits (CAD) 168.00', 'Total debits (CAD) 170.00', 'Closing balance (CAD) 498.00']) {
      expect(text).toContain(line);
    }
    for (const reference of [ref.first, ref.sent, ref.received, ref.completed, ref.failed, ref.cancelled, ref.conversion, ref.last]) {
      expect(text).toContain(reference);
    }
    expect(text).toContain('2025-03-12 09:05:00');
    expect(text).toContain('Interac e-Transfer (failed, refunded)');
    expect(text).not.toContain(ref.lateSend);
  });
});

describe("the zone's name on the PDF", () => {
  it("is the one the customer's device gave (Europe/Kyiv), not Node's older name for it (Europe/Kiev)", async () => {
    const customer = await createCustomer(t);
    await setZone(customer, 'Europe/Kyiv');
    const res = await statement(customer, { currency: 'CAD', from: '2025-03-01', to: '2025-03-31', format: 'pdf' });
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload).pages[0]).toContain('Period: 2025-03-01 to 2025-03-31 (days in Europe/Kyiv)');
  });
});

describe('the period is counted in the customer\'s days, wherever they are', () => {
  it.each([
    // America/Adak: UTC−10, then UTC−9 from 2 a.m. on 2025-03-09 (a day of 23 hours).
    ['America/Adak', ['2025-03-09T00:00:00-10:00', '2025-03-10T00:00:00-09:00'], ['2025-03-08T23:59:59-10:00', '2025-03-09T00:00:01-10:00', '2025-03-09T23:59:59-09:00', '2025-03-10T00:00:01-09:00']],
    // An offset as update-timezone may store it: +05:30, not POSIX's reverse.
    ['+05:30', ['2025-03-09T00:00:00+05:30', '2025-03-10T00:00:00+05:30'], ['2025-03-08T23:59:59+05:30', '2025-03-09T00:00:01+05:30', '2025-03-09T23:59:59+05:30', '2025-03-10T00:00:01+05:30']],
    // America/Vancouver: UTC−7 all year from March 2026 by the app's rules (tz 2026); the database's
    // own tzdata (2025) would begin its days an hour later from 2026-11-01.
    ['America/Vancouver', ['2026-11-15T00:00:00-07:00', '2026-11-16T00:00:00-07:00'], ['2026-11-14T23:59:59-07:00', '2026-11-15T00:00:01-07:00', '2026-11-15T23:59:59-07:00', '2026-11-16T00:00:01-07:00']],
  ])('%s: of four deposits around its day, the two inside its midnights', async (zone, [start, end], moments) => {
    const customer = await createCustomer(t);
    await setZone(customer, zone);
    const refs: string[] = [];
    for (const [index, moment] of moments.entries()) {
      await deposit(t, customer, 'CAD', `${index + 1}.00`);
      refs.push(await newestTransfer(customer, 'CAD'));
      await placeAt(refs[index], new Date(moment));
    }
    const day = start.slice(0, 10);
    const rows = await csvRows(customer, { currency: 'CAD', from: day, to: day });
    expect(rows.map((row) => [row[0], row[1], row[6], row[7]])).toEqual([
      [day, '', '', '1.00'],
      [`${day} 00:00:01`, refs[1], '2.00', '3.00'],
      [`${day} 23:59:59`, refs[2], '3.00', '6.00'],
      [day, '', '', '6.00'],
    ]);
    expect(await ledgerBalanceAt(customer, 'CAD', new Date(start))).toBe(100n);
    expect(await ledgerBalanceAt(customer, 'CAD', new Date(end))).toBe(600n);
  });
});

describe("the PDF's letters", () => {
  it('keeps a name in Greek, Cyrillic and with the naira sign; a character its font lacks is a ?', async () => {
    const customer = await createCustomer(t, { firstName: 'Ἀλέξανδρος ₦', lastName: 'Жуков 王' });
    await deposit(t, customer, 'CAD', '5.00');
    const today = new Date().toISOString().slice(0, 10);
    const res = await statement(customer, { currency: 'CAD', from: today, to: today, format: 'pdf' });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload).pages[0].normalize('NFC');
    expect(text).toContain('Customer: Ἀλέξανδρος ₦ Жуков ?'.normalize('NFC'));
  });
});

describe("the PDF's long cells", () => {
  /** Whether every character of `text` appears in `page`, in order (a wrapped cell's lines are interleaved with its row's other cells). */
  const inOrder = (page: string, text: string): boolean => {
    let at = 0;
    for (const char of page) if (char === text[at]) at += 1;
    return at === text.length;
  };

  it('wraps a long counterparty and description within their columns: the whole text, nothing cut', async () => {
    const customer = await createCustomer(t);
    await deposit(t, customer, 'CAD', '50.00');
    const email = 'an.unusually.long.mailbox.name.for.a.payee@a-very-long-domain-name-of-a-canadian-bank.example.ca';
    const description = 'Rent for the basement flat on Bathurst Street, November';
    await interac(customer, '10.00', { CustomerEmail: email, CustomerName: 'Oluwaseun Adebayo-Johnson', Description: description });
    await settlePayouts(customer);
    const today = new Date().toISOString().slice(0, 10);
    const query = { currency: 'CAD', from: today, to: today };
    const row = (await csvRows(customer, query)).find((cells) => cells[2].startsWith('Interac'));
    expect(row?.[4]).toContain(email);
    if (!row) return;

    const res = await statement(customer, { ...query, format: 'pdf' });
    expect(res.statusCode).toBe(200);
    const page = pdfText(res.rawPayload).pages[0];
    expect(page).not.toContain('…');
    const compact = page.replace(/\s+/g, '');
    expect(inOrder(compact, row[4].replace(/\s+/g, ''))).toBe(true);
    expect(inOrder(compact, row[3].replace(/\s+/g, ''))).toBe(true);
    expect(compact).toContain('Closingbalance(CAD)38.50');
  });
});

describe('a statement of many rows', () => {
  it('the PDF runs over pages, each numbered and with the table head, every item once; the CSV has them all', async () => {
    // A Yoruba name: whole in the CSV (UTF-8) and in the PDF (its embedded font has every letter).
    const customer = await createCustomer(t, { firstName: 'Tọ́lá', lastName: 'Ẹ̀kọ́' });
    const refs: string[] = [];
    for (let i = 0; i < 45; i += 1) {
      await deposit(t, customer, 'CAD', `${i + 1}.00`);
      refs.push(await newestTransfer(customer, 'CAD'));
    }
    const today = new Date().toISOString().slice(0, 10);
    const query = { currency: 'CAD', from: today, to: today };
    const rows = await csvRows(customer, query);
    expect(rows.slice(1, -1).map((row) => row[1])).toEqual(refs);
    expect(rows[1][4]).toBe('Tọ́lá Ẹ̀kọ́');
    // 1 + 2 + … + 45 = 1,035.00
    expect(checkArithmetic(rows)).toEqual({ opening: 0n, credits: 103_500n, debits: 0n, closing: 103_500n });

    const res = await statement(customer, { ...query, format: 'pdf' });
    expect(res.statusCode).toBe(200);
    const pdf = pdfText(res.rawPayload);
    expect(pdf.total).toBeGreaterThanOrEqual(2);
    expect(pdf.pages).toHaveLength(pdf.total);
    pdf.pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1}`);
      expect(page).toContain('Date Reference Type Description Counterparty Debit Credit Balance after');
    });
    expect(pdf.pages[0].normalize('NFC')).toContain('Customer: Tọ́lá Ẹ̀kọ́'.normalize('NFC'));
    const all = pdf.pages.join('\n');
    for (const reference of refs) expect(all.split(reference)).toHaveLength(2);
    expect(all).toContain('Total credits (CAD) 1,035.00');
    expect(all).toContain('Closing balance (CAD) 1,035.00');
  });
});

describe('refusals', () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await createCustomer(t);
  });

  it.each([
    ['to before from', { currency: 'CAD', from: '2025-03-02', to: '2025-03-01', format: 'csv' }, 'to must be on or after from'],
    ['367 days', { currency: 'CAD', from: '2024-01-01', to: '2025-01-01', format: 'pdf' }, 'A statement covers at most 366 days'],
    ['a day that does not exist', { currency: 'CAD', from: '2025-02-29', to: '2025-03-01', format: 'csv' }, 'from must be a real date written YYYY-MM-DD, e.g. 2025-03-01'],
    ['a date in another form', { currency: 'CAD', from: '2025-03-01', to: '31/03/2025', format: 'csv' }, 'to must be a real date written YYYY-MM-DD, e.g. 2025-03-01'],
    ['a month 13', { currency: 'NGN', from: '2025-13-01', to: '2025-03-01', format: 'csv' }, 'from must be a real date written YYYY-MM-DD, e.g. 2025-03-01'],
    ['another currency', { currency: 'USD', from: '2025-03-01', to: '2025-03-31', format: 'csv' }, 'currency must be one of: CAD, NGN (querystring)'],
    ['another format', { currency: 'CAD', from: '2025-03-01', to: '2025-03-31', format: 'xlsx' }, 'format must be one of: csv, pdf (querystring)'],
    ['no from', { currency: 'CAD', to: '2025-03-31', format: 'csv' }, 'from is required (querystring)'],
    ['the last day of year 9999', { currency: 'CAD', from: '9999-12-31', to: '9999-12-31', format: 'csv' }, 'A statement covers days from 1900-01-01 to 9999-12-30'],
    ['a day before 1900', { currency: 'NGN', from: '1899-12-31', to: '1900-01-01', format: 'pdf' }, 'A statement covers days from 1900-01-01 to 9999-12-30'],
  ])('%s: 400 with its reason', async (_what, query, message) => {
    expectRefusal(await statement(customer, query), 400, message);
  });

  it('the first and the last day a statement may cover are fine in the time zones furthest from UTC, as CSV and as PDF', async () => {
    const west = await createCustomer(t);
    await setZone(west, 'Etc/GMT+12');
    const east = await createCustomer(t);
    await setZone(east, 'Pacific/Kiritimati');
    for (const [customer, from, to] of [[west, '9999-12-30', '9999-12-30'], [east, '1900-01-01', '1900-01-01'], [west, '1900-01-01', '1900-12-31']] as const) {
      expect(await csvRows(customer, { currency: 'CAD', from, to })).toEqual([
        [from, '', 'Opening balance', '', '', '', '', '0.00'],
        [to, '', 'Closing balance', '', '', '', '', '0.00'],
      ]);
      const pdf = await statement(customer, { currency: 'NGN', from, to, format: 'pdf' });
      expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    }
  });

  it('366 days (a leap year) are fine', async () => {
    const rows = await csvRows(customer, { currency: 'CAD', from: '2024-01-01', to: '2024-12-31' });
    expect(rows).toEqual([
      ['2024-01-01', '', 'Opening balance', '', '', '', '', '0.00'],
      ['2024-12-31', '', 'Closing balance', '', '', '', '', '0.00'],
    ]);
  });

  it('without a token: 401, no file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/statements?currency=CAD&from=2025-03-01&to=2025-03-31&format=csv' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('is documented as a file: CSV or PDF with its Content-Disposition', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ok = doc.paths['/api/statements'].get.responses['200'];
    expect(Object.keys(ok.content).sort()).toEqual(['application/pdf', 'text/csv']);
    expect(ok.headers['Content-Disposition'].schema.type).toBe('string');
  });
});
