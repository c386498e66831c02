/**
 * GET /transactions/{id} (spec-next §C) and the history fields it shares: direction on both sides
 * of a user transfer, the fee, a conversion's rate, the counterparty (masked account number or
 * e-mail), the expected arrival of a payout and the timeline; another customer's id is a 404.
 */
import { parseFees } from '../../../src/server/config';
import type { Currency } from '../../../src/shared/types';
import { expectRefusal } from '../../support/auth-flow';
import type { Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { convert } from '../../support/wallets';
import { ACCESS_ACCOUNT, cadWithdrawal, funded, get, history, ngnWithdrawal, userTransfer } from '../transfers/helpers';

const HOLD_S = 30;
const SETTLE_MS = 4_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    payoutHoldS: HOLD_S,
    payoutSettleMs: SETTLE_MS,
    fees: parseFees(JSON.stringify({ wallet_transfer_ngn: { flat: '10.00' }, ngn_bank: { flat: '50.00', percent: '0.25' } })),
  });
});
afterAll(() => t.close());

const detail = (customer: Customer, id: string) => get(t, customer, `/transactions/${encodeURIComponent(id)}`);

async function detailOf(customer: Customer, id: string) {
  const res = await detail(customer, id);
  expect(res.statusCode).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().data as Record<string, unknown> & { events: { status: string; at: string; note: string | null }[] };
}

/** The detail's own history fields equal the history line of the same id. */
async function expectHistoryFields(customer: Customer, currency: Currency, id: string) {
  const item = (await history(t, customer, currency)).find((line) => line.id === id);
  expect(item).toBeDefined();
  expect(await detailOf(customer, id)).toMatchObject(item!);
}

describe.each(['CAD', 'NGN'] as const)('a %s transfer between two customers', (currency) => {
  it('is a debit for the sender and a credit for the recipient, each seeing the other as counterparty', async () => {
    const sender = await funded(t, { [currency]: currency === 'CAD' ? '100.00' : '50000.00', activate: true }, { firstName: 'Sade', lastName: 'Bello' });
    const recipient = await funded(t, { activate: true }, { firstName: 'Tunde', lastName: 'Ajayi' });
    const res = await userTransfer(t, sender, currency, { amount: '25.00', recipient_email: recipient.email });
    expect(res.statusCode).toBe(200);
    const id = (res.json().data.transaction_reference ?? res.json().data.tx_ref) as string;
    expect(id).toMatch(/^KD[0-9A-F]{16}$/);

    const [sent] = (await history(t, sender, currency)).filter((line) => line.id === id);
    const [received] = (await history(t, recipient, currency)).filter((line) => line.id === id);
    expect(sent).toMatchObject({ reference: id, direction: 'debit', status: 'completed', refunded: false, sent_to: 'Tunde Ajayi' });
    expect(received).toMatchObject({ reference: id, direction: 'credit', status: 'completed', refunded: false, recieved_from: 'Sade Bello' });

    const fee = currency === 'NGN' ? '10.00' : '0.00';
    const forSender = await detailOf(sender, id);
    expect(forSender).toMatchObject({
      direction: 'debit',
      fee,
      rate: null,
      arrives_by: null,
      cancellable: false,
      counterparty: { name: 'Tunde Ajayi', email: recipient.email, bank_name: null, account_number_masked: null },
    });
    expect(forSender.events).toEqual([
      { status: 'created', at: sent.transaction_date, note: null },
      { status: 'completed', at: expect.any(String), note: null },
    ]);
    const forRecipient = await detailOf(recipient, id);
    expect(forRecipient).toMatchObject({
      direction: 'credit',
      // The fee is the sender's: the recipient paid none (and is not told what the sender paid).
      fee: '0.00',
      counterparty: { name: 'Sade Bello', email: sender.email, bank_name: null, account_number_masked: null },
    });
    await expectHistoryFields(sender, currency, id);
    await expectHistoryFields(recipient, currency, id);
  });
});

describe('GET /transactions/{id}', () => {
  it('a bank payout: its fee, the holder, bank and masked number, arrival after the hold and the rail, cancellable in the hold', async () => {
    const customer = await funded(t, { NGN: '20000.00' });
    const res = await ngnWithdrawal(t, customer, { amount: '5000.00' });
    const receipt = res.json().data;
    const data = await detailOf(customer, receipt.tx_ref);
    expect(data).toMatchObject({
      id: receipt.tx_ref,
      reference: receipt.tx_ref,
      transaction_type: 'WITHDRAWAL',
      direction: 'debit',
      status: 'pending',
      refunded: false,
      amount: 5000,
      // 50.00 + 0.25% of 5,000.00
      fee: '62.50',
      rate: null,
      counterparty: { name: ACCESS_ACCOUNT.name, bank_name: 'Access Bank', account_number_masked: '******5790', email: null },
      cancellable: true,
      events: [{ status: 'created', at: data.transaction_date, note: null }],
    });
    expect(Date.parse(data.arrives_by as string) - Date.parse(data.transaction_date as string)).toBe(HOLD_S * 1000 + SETTLE_MS);
    expect(data.arrives_by).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The receipt says the same arrival (spec-next §C: the result screen tells the truth).
    expect(receipt.arrives_by).toBe(data.arrives_by);
    await expectHistoryFields(customer, 'NGN', receipt.tx_ref);
  });

  it('an Interac e-Transfer: the recipient and their e-mail; the receipt has its arrival', async () => {
    const customer = await funded(t, { CAD: '50.00' });
    const receipt = (await cadWithdrawal(t, customer, { Amount: '12.00', CustomerEmail: 'ngozi@example.com', CustomerName: 'Ngozi Eze' })).json().data;
    const data = await detailOf(customer, receipt.transaction_reference);
    expect(data).toMatchObject({
      fee: '0.00',
      counterparty: { name: 'Ngozi Eze', email: 'ngozi@example.com', bank_name: null, account_number_masked: null },
      arrives_by: receipt.arrives_by,
      cancellable: true,
    });
  });

  it("a conversion: each side's rate as NGN per 1 CAD without separators, the CAD leg a debit, the NGN leg a credit", async () => {
    const customer = await funded(t, { CAD: '100.00', activate: true });
    const res = await convert(t, customer, { from_currency: 'CAD', to_currency: 'NGN', amount: '10.00' });
    expect(res.statusCode).toBe(200);
    const quoted = (res.json().data.rate as string).replace(/,/g, '');
    expect(quoted).toBe('1039.50');
    const [out] = await history(t, customer, 'CAD');
    const [credited] = await history(t, customer, 'NGN');
    expect(await detailOf(customer, out.id as string)).toMatchObject({
      direction: 'debit',
      rate: '1039.50',
      fee: '0.00',
      arrives_by: null,
      cancellable: false,
      counterparty: { name: null, bank_name: null, account_number_masked: null, email: null },
    });
    expect(await detailOf(customer, credited.id as string)).toMatchObject({ direction: 'credit', rate: '1039.50', amount: 10395 });
  });

  it("a deposit: a credit from its sender, with the sender's bank account masked; created then completed", async () => {
    const customer = await funded(t, { NGN: '1000.00' }, { firstName: 'Kemi', lastName: 'Ade' });
    const [line] = await history(t, customer, 'NGN');
    const data = await detailOf(customer, line.id as string);
    expect(data).toMatchObject({
      direction: 'credit',
      status: 'completed',
      fee: '0.00',
      rate: null,
      arrives_by: null,
      cancellable: false,
      counterparty: { name: 'Kemi Ade', email: null, bank_name: line.bank_name, account_number_masked: expect.stringMatching(/^\*{6}\d{4}$/) },
    });
    expect((data.counterparty as { account_number_masked: string }).account_number_masked.slice(-4)).toBe((line.account_number as string).slice(-4));
    expect(data.events.map((event) => event.status)).toEqual(['created', 'completed']);
  });

  it("another customer's id, an unknown one or none of the history's is a 404; no token is a 401", async () => {
    const owner = await funded(t, { CAD: '20.00' });
    const stranger = await funded(t, { CAD: '1.00' });
    const [line] = await history(t, owner, 'CAD');
    expectRefusal(await detail(stranger, line.id as string), 404, 'Transaction not found');
    expectRefusal(await detail(owner, 'KD0000000000000000'), 404, 'Transaction not found');
    expectRefusal(await detail(owner, "KD' or 1=1 --"), 404, 'Transaction not found');
    expect((await t.app.inject({ method: 'GET', url: `/api/transactions/${line.id as string}` })).statusCode).toBe(401);
    expect((await detail(owner, line.id as string)).statusCode).toBe(200);
  });
});

describe('history with the new fields: filters and paging as before', () => {
  it('counts a cancelled payout and its fee among the WITHDRAWALs, pages them newest first, and totals every line', async () => {
    const customer = await funded(t, { NGN: '100000.00' });
    const refs: string[] = [];
    for (let i = 1; i <= 5; i += 1) refs.push((await ngnWithdrawal(t, customer, { amount: `${i}000.00` })).json().data.tx_ref);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/transactions/${refs[2]}/cancel`, headers: customer.headers });
    expect(cancelled.statusCode).toBe(200);

    const page = async (query: string) => (await get(t, customer, `/wallet/transactions?currency=NGN&${query}`)).json();
    // 1 deposit + 5 payouts + 5 fees.
    expect((await page('page=1')).pagination).toEqual({ total: 11, limit: 10, page: 1 });
    const withdrawals = await page('transaction_type=WITHDRAWAL&page=1');
    expect(withdrawals.pagination).toEqual({ total: 10, limit: 10, page: 1 });
    const lines = withdrawals.data as { id: string; amount: number; status: string; refunded: boolean; direction: string }[];
    expect(lines.filter((_, index) => index % 2 === 1).map((line) => line.id)).toEqual([...refs].reverse());
    expect(lines.map((line) => [line.amount, line.status, line.refunded])).toEqual([
      [62.5, 'pending', false],
      [5000, 'pending', false],
      [60, 'pending', false],
      [4000, 'pending', false],
      [57.5, 'cancelled', true],
      [3000, 'cancelled', true],
      [55, 'pending', false],
      [2000, 'pending', false],
      [52.5, 'pending', false],
      [1000, 'pending', false],
    ]);
    expect(lines.every((line) => line.direction === 'debit')).toBe(true);
    const deposits = await page('transaction_type=DEPOSIT');
    expect(deposits.pagination.total).toBe(1);
    expect(deposits.data[0]).toMatchObject({ direction: 'credit', status: 'completed', refunded: false });
    const second = await page('page=2');
    expect(second.pagination).toEqual({ total: 11, limit: 10, page: 2 });
    expect(second.data).toHaveLength(1);
    expect(second.data[0]).toMatchObject({ transaction_type: 'DEPOSIT', direction: 'credit' });
  });
});
