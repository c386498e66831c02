// A fake backend for the money flows' tests (msw, bearer auth enforced), on top of serveWallets():
// NGN limit, bank list, name inquiry, withdrawals, the recipient check, user transfers, payee
// search, PIN confirmation and bill payment. It checks the PIN, moves the balances of the
// FakeWallets it is given and records every body it receives. Plus enterPin() for the PIN modal.
import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api } from '../../src/client/api/api';
import { endpoints } from '../../src/shared/endpoints';
import { formatMinor, parseAmount } from '../../src/shared/money';
import type { Bank, Currency, Payee } from '../../src/shared/types';
import { recipients } from './recipients-backend';
import { apiPath, authed, server } from './server-mock';
import type { FakeWallets } from './wallet-backend';

export const PIN = '1234';
export const WRONG_PIN_MESSAGE = 'Incorrect transaction PIN. 4 attempts left.';
export const NGN_LIMIT = 500000;
export const CREATED_AT = '2025-03-14T12:00:00.000Z';
/** When the payouts answered pending are expected (spec-next §C): 3:45 PM today, in the test's own time zone. */
export const ARRIVES_BY = (() => {
  const at = new Date();
  at.setHours(15, 45, 0, 0);
  return at.toISOString();
})();
/** What the result of those payouts says, never 'Transaction completed successfully!'. */
export const ON_ITS_WAY = 'On its way. Expected by 3:45 PM';

export const BANKS: Bank[] = [
  { bankName: 'Access Bank', bankCode: '044', nibssBankCode: '000014' },
  { bankName: 'Guaranty Trust Bank (GTBank)', bankCode: '058', nibssBankCode: '000013' },
  { bankName: 'Zenith Bank', bankCode: '057', nibssBankCode: '000015' },
];

/** Accounts the name inquiry knows: '<nibssBankCode>/<accountNumber>' → name. */
export const ACCOUNTS: Record<string, string> = {
  '000013/0123456789': 'BOLA ADE',
  '000014/0123456789': 'CHIDI OKAFOR',
};

/** Users of the product who can receive money: email → name. */
export const RECIPIENTS: Record<string, string> = { 'bola@example.com': 'Bola Ade' };

/** The billers the payee search knows, each in one bill screen category (?category=). */
export const PAYEES: (Payee & { category: 'school' | 'electricity' | 'bills' })[] = [
  { PayeeName: 'University of Lagos', PayeeCode: 'UNILAG', category: 'school' },
  { PayeeName: 'University of Toronto', PayeeCode: 'UOFT', category: 'school' },
  { PayeeName: 'Toronto Hydro', PayeeCode: 'TOHYDRO', category: 'electricity' },
  { PayeeName: 'Toronto Water', PayeeCode: 'TOWATER', category: 'bills' },
];

type Body = Record<string, unknown>;

export interface MoneyBackend {
  /**
   * What each call carried, per API path without the prefix: its JSON body, e.g.
   * calls('/wallet/cad-withdrawal'); for '/auth/check-email', the email and currency_type.
   */
  calls(path: string): Body[];
}

const refused = (message: string, status = 400) => HttpResponse.json({ success: false, message }, { status });

/** As the server shows an account number after its first send: '******6789'. */
export const masked = (number = '') => `${'*'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;

const minor = (amount: unknown) => {
  const parsed = parseAmount(amount as number | string);
  return parsed.ok ? parsed.minor : 0n;
};

/** Takes `amount` from the wallet of `currency`; false when the balance is short. */
function debit(wallets: FakeWallets, currency: Currency, amount: unknown): boolean {
  const wallet = currency === 'CAD' ? wallets.cad : wallets.ngn;
  const left = minor(wallet.balance) - minor(amount);
  if (left < 0n) return false;
  wallet.balance = Number(formatMinor(left, { withCommas: false }));
  return true;
}

/** Installs the handlers; `wallets` is the state serveWallets() serves. */
export function serveMoney(wallets: FakeWallets): MoneyBackend {
  const received = new Map<string, Body[]>();
  let pinConfirmed = false;

  const record = (path: string, call: Body) => received.set(path, [...(received.get(path) ?? []), call]);

  /** Records the body; answers the refusal of a wrong PIN (when the body carries one) or null. */
  async function receive(path: string, request: Request): Promise<{ body: Body; wrongPin: Response | null }> {
    const body = (await request.json()) as Body;
    record(path, body);
    const wrongPin = 'transaction_pin' in body && body.transaction_pin !== PIN ? refused(WRONG_PIN_MESSAGE) : null;
    return { body, wrongPin };
  }

  const post = (path: string, answer: (body: Body) => Response) =>
    http.post(
      apiPath(path),
      authed(async ({ request }) => {
        const { body, wrongPin } = await receive(path, request);
        return wrongPin ?? answer(body);
      }),
    );

  const userTransfer = (currency: Currency, success: 'true' | true, receipt: (body: Body) => Body) => (body: Body) => {
    const name = RECIPIENTS[String(body.recipient_email)];
    if (!name) return refused('User does not exist', 404);
    if (!debit(wallets, currency, body.amount)) return refused('Insufficient balance');
    return HttpResponse.json({ success, message: 'Transfer successful', data: { amount: Number(body.amount), created_at: CREATED_AT, ...receipt(body) } });
  };

  server.use(
    http.get(apiPath(endpoints.ngnLimit.path), authed(() => HttpResponse.json({ success: true, data: NGN_LIMIT }))),
    http.get(apiPath(endpoints.ngnBanks.path), authed(() => HttpResponse.json({ success: true, data: { bankList: BANKS } }))),
    http.get(
      apiPath('/wallet/get_name_inquiry/:accountNumber/:nibssBankCode/:senderAccountNumber'),
      authed(({ params, request }) => {
        // A saved recipient's account (spec-next §E): the server's full number, answered masked.
        const recipientId = new URL(request.url).searchParams.get('recipient_id');
        if (recipientId !== null) {
          const saved = recipients.accounts.get(recipientId);
          const [nibss, number] = saved?.split('/') ?? [];
          if (!saved || nibss !== String(params.nibssBankCode) || String(params.accountNumber) !== masked(number)) return refused('Recipient not found', 404);
          return HttpResponse.json({ success: true, code: '00', customer: { account: { name: ACCOUNTS[saved], number: masked(number) } } });
        }
        const name = ACCOUNTS[`${String(params.nibssBankCode)}/${String(params.accountNumber)}`];
        return name
          ? HttpResponse.json({ success: true, code: '00', customer: { account: { name, number: String(params.accountNumber) } } })
          : HttpResponse.json({ success: false, code: '25', customer: null, message: 'Account not found at this bank. Check the bank and account number.' });
      }),
    ),
    post(endpoints.cadWithdrawal.path, (body) =>
      debit(wallets, 'CAD', body.Amount)
        ? HttpResponse.json({
            success: 'true',
            data: {
              amount: Number(body.Amount),
              recipient_name: body.CustomerName,
              transaction_reference: 'CAD-TX-1',
              created_at: CREATED_AT,
              status: 'pending',
              arrives_by: ARRIVES_BY,
              fee: '0.00',
            },
          })
        : refused('Insufficient balance'),
    ),
    post(endpoints.ngnWithdrawal.path, (body) =>
      debit(wallets, 'NGN', body.amount)
        ? HttpResponse.json({
            success: 'true',
            data: {
              amount: Number(body.amount),
              account_number: body.account_number,
              account_name: body.account_name,
              bank_name: 'Guaranty Trust Bank (GTBank)',
              tx_ref: 'NGN-TX-1',
              created_at: CREATED_AT,
              status: 'pending',
              arrives_by: ARRIVES_BY,
              fee: '0.00',
            },
          })
        : refused('Insufficient balance'),
    ),
    http.post(
      apiPath('/auth/check-email/:email'),
      authed(({ params, request }) => {
        record('/auth/check-email', { email: params.email, currency_type: new URL(request.url).searchParams.get('currency_type') });
        const name = RECIPIENTS[String(params.email)];
        return HttpResponse.json(name ? { success: true, message: 'User found', data: { name } } : { success: false, message: 'User does not exist' });
      }),
    ),
    post(endpoints.cadWalletTransfer.path, userTransfer('CAD', 'true', (body) => ({ recipient_name: RECIPIENTS[String(body.recipient_email)], transaction_reference: 'CAD-WT-1' }))),
    post(endpoints.ngnWalletTransfer.path, userTransfer('NGN', true, (body) => ({ sent_to: RECIPIENTS[String(body.recipient_email)], tx_ref: 'NGN-WT-1' }))),
    // Like the server: the payees whose name contains `name`, of `category` when one is given
    // (school, electricity; 'bills', the Pay Bills screen, searches them all).
    post(endpoints.searchPayee.path, (body) =>
      HttpResponse.json({
        success: true,
        data: PAYEES.filter(
          (payee) =>
            payee.PayeeName.toLowerCase().includes(String(body.name).toLowerCase()) &&
            (body.category === undefined || body.category === 'bills' || payee.category === body.category),
        ).map(({ PayeeName, PayeeCode }) => ({ PayeeName, PayeeCode })),
      }),
    ),
    post(endpoints.confirmTransactionPin.path, () => {
      pinConfirmed = true;
      return HttpResponse.json({ success: true, message: 'Transaction PIN confirmed' });
    }),
    post(endpoints.createBillPayment.path, (body) => {
      if (!pinConfirmed) return refused('Please confirm your transaction PIN first', 403);
      pinConfirmed = false;
      if (!debit(wallets, 'CAD', body.Amount)) return refused('Insufficient balance');
      return HttpResponse.json({
        success: true,
        message: 'Payment made successfully',
        data: { Amount: body.Amount, TransactionNumber: 'BILL-1', Description: body.Description },
      });
    }),
  );

  return { calls: (path) => received.get(path) ?? [] };
}

/** Types the PIN into the open PIN modal and presses Confirm. */
export async function enterPin(user: UserEvent, pin = PIN): Promise<void> {
  const dialog = await screen.findByRole('dialog', { name: 'Enter Transaction PIN' });
  await user.keyboard(pin);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

/** The review step (spec-next §A: every money flow goes form → review → PIN): Continue on the open review. */
export async function continueReview(user: UserEvent): Promise<void> {
  const dialog = await screen.findByRole('dialog', { name: 'Review' });
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
}

/** While the PIN is asked, the CAD balance drops (another device spent it) and the wallet refetches: shown as `shown`. */
export async function cadBalanceDrops(
  store: { dispatch(action: unknown): unknown },
  wallets: FakeWallets,
  { to, shown }: { to: number; shown: string },
): Promise<void> {
  await screen.findByRole('dialog', { name: 'Enter Transaction PIN' });
  wallets.cad.balance = to;
  act(() => void store.dispatch(api.util.invalidateTags([{ type: 'Wallet', id: 'CAD' }])));
  expect(await screen.findByText(shown)).toBeInTheDocument();
}
