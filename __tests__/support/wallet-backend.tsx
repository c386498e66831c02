// A fake wallet backend for the money screens' tests (msw, bearer auth enforced): both wallets,
// quoted rates, activation, conversion (at the quoted rate, like the server), history, and a
// history item's detail and cancel (spec-next §C).
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { endpoints } from '../../src/shared/endpoints';
import { convert, formatMinor, parseAmount } from '../../src/shared/money';
import * as M from '../../src/shared/messages';
import type { CadWallet, Currency, NairaWallet, Transaction, TransactionDetail, User } from '../../src/shared/types';
import { redeemQuote } from './pricing-backend';
import { apiPath, authed, server, TEST_EMAIL } from './server-mock';

/** identity_status follows is_identity_verified (approved or unverified) unless given. */
export const userWith = (overrides: Partial<User> = {}): User => {
  const user = {
    is_email_verified: true,
    is_phone_verified: true,
    is_identity_verified: true,
    is_set_transaction_pin: true,
    first_name: 'Ada',
    last_name: 'Obi',
    email: TEST_EMAIL,
    phone_number: '+2348012345678',
    address: '',
    nationality: 'NG',
    country_of_residence: 'CA',
    dob: '01/01/1990',
    ...overrides,
  };
  return { ...user, identity_status: overrides.identity_status ?? (user.is_identity_verified ? 'approved' : 'unverified') };
};

/** Preloaded state with a current user (the gate reads it). */
export const withUser = (overrides: Partial<User> = {}) => ({ user: { profile: userWith(overrides) } });

/** Quotes, NGN per 1 CAD: selling CAD gets fewer naira than buying CAD costs. */
export const RATES = { CAD_TO_NGN: '1,039.50', NGN_TO_CAD: '1,060.50' } as const;

export interface FakeWallets {
  cad: CadWallet;
  ngn: NairaWallet;
  transactions: Transaction[];
  /** Transactions per page (the pagination limit). */
  limit: number;
  /** What GET /transactions/{id} answers, by id; an id not here is a 404 (another customer's, or none). */
  details: Record<string, TransactionDetail>;
  /** Conversions made: their references are KD-CONV-1, KD-CONV-2… */
  conversions: number;
}

export function fakeWallets(overrides: { cad?: Partial<CadWallet>; ngn?: Partial<NairaWallet> } = {}): FakeWallets {
  return {
    cad: { balance: 1234.5, email: 'deposit+ada@kudi.example', security_question: 'Kudi', security_answer: 'wallet42', ...overrides.cad },
    ngn: {
      balance: 250000,
      is_wallet_activated: true,
      bank_name: 'Kudi Partner Bank',
      account_name: 'Ada Obi',
      account_number: '0123456789',
      tx_ref: 'KUDI-REF-1',
      ...overrides.ngn,
    },
    transactions: [],
    limit: 10,
    details: {},
    conversions: 0,
  };
}

const ok = <T,>(data: T) => HttpResponse.json({ success: true as const, data });

const toMinor = (major: number) => {
  const parsed = parseAmount(major);
  return parsed.ok ? parsed.minor : 0n;
};
const toMajor = (minor: bigint) => Number(formatMinor(minor, { withCommas: false }));

/** Installs handlers serving `state` (mutated by activation and conversion). */
export function serveWallets(state: FakeWallets): FakeWallets {
  server.use(
    http.post(apiPath(endpoints.updateTimezone.path), authed(() => HttpResponse.json({ success: true, message: 'Time zone updated' }))),
    http.get(apiPath(endpoints.cadWallet.path), authed(() => ok(state.cad))),
    http.get(apiPath(endpoints.nairaWallet.path), authed(() => ok(state.ngn))),
    http.get(
      apiPath(endpoints.getRates.path),
      authed(({ request }) => {
        const from = new URL(request.url).searchParams.get('from_currency') as Currency;
        const to = from === 'CAD' ? 'NGN' : 'CAD';
        return ok({ from_currency: from, to_currency: to, actual_rate: from === 'CAD' ? RATES.CAD_TO_NGN : RATES.NGN_TO_CAD });
      }),
    ),
    http.post(
      apiPath(endpoints.activateNairaWallet.path),
      authed(() => {
        state.ngn = { ...state.ngn, is_wallet_activated: true, bank_name: 'Kudi Partner Bank', account_name: 'Ada Obi', account_number: '9876543210', tx_ref: 'KUDI-REF-2' };
        return HttpResponse.json({ success: 'true', message: 'Wallet activated successfully!' });
      }),
    ),
    http.post(
      apiPath(endpoints.currencyConversion.path),
      authed(async ({ request }) => {
        const body = (await request.json()) as { from_currency: Currency; to_currency: Currency; amount: string; quote_id?: string };
        const amount = parseAmount(body.amount);
        if (!amount.ok) return HttpResponse.json({ success: false, message: 'Bad amount' }, { status: 400 });
        // With a quote_id (spec-next §A): the quote's rate and amounts, or its refusal; nothing moves on a refusal.
        const quoted = redeemQuote(body);
        if (quoted && 'refusal' in quoted) return quoted.refusal;
        const cadToNgn = body.from_currency === 'CAD';
        const rate = quoted ? quoted.quote.rate : cadToNgn ? RATES.CAD_TO_NGN : RATES.NGN_TO_CAD;
        const quotedReceive = quoted && parseAmount(quoted.quote.receive_amount);
        const received = quotedReceive && quotedReceive.ok ? quotedReceive.minor : convert(amount.minor, rate, cadToNgn ? 'CAD_TO_NGN' : 'NGN_TO_CAD');
        const [source, target] = cadToNgn ? [state.cad, state.ngn] : [state.ngn, state.cad];
        source.balance = toMajor(toMinor(source.balance) - amount.minor);
        target.balance = toMajor(toMinor(target.balance) + received);
        return HttpResponse.json({
          success: true,
          message: 'Currency conversion successful!',
          data: { ...body, amount: toMajor(amount.minor), converted_amount: toMajor(received), rate, reference: `KD-CONV-${(state.conversions += 1)}`, created_at: new Date().toISOString() },
        });
      }),
    ),
    http.get(
      apiPath(endpoints.transactions.path),
      authed(({ request }) => {
        const query = new URL(request.url).searchParams;
        const page = Number(query.get('page'));
        const type = query.get('transaction_type');
        const matching = state.transactions.filter(
          (item) => item.currency === query.get('currency') && (!type || item.transaction_type === type),
        );
        return HttpResponse.json({
          success: true,
          data: matching.slice((page - 1) * state.limit, page * state.limit),
          pagination: { total: matching.length, limit: state.limit, page },
        });
      }),
    ),
    http.get(
      apiPath(endpoints.transactionDetail.path),
      authed(({ params }) => {
        const detail = state.details[String(params.id)];
        return detail ? ok(detail) : HttpResponse.json({ success: false, message: M.activity.notFound }, { status: 404 });
      }),
    ),
    // Like the server: a payout in its hold becomes cancelled and refunded (the money back in its
    // wallet, the history row follows); anything else is a 409. Nothing moves on a refusal.
    http.post(
      apiPath(endpoints.cancelTransaction.path),
      authed(({ params }) => {
        const id = String(params.id);
        const detail = state.details[id];
        if (!detail) return HttpResponse.json({ success: false, message: M.activity.notFound }, { status: 404 });
        if (!detail.cancellable) return HttpResponse.json({ success: false, message: M.activity.cannotCancel }, { status: 409 });
        const at = new Date().toISOString();
        const cancelled: TransactionDetail = {
          ...detail,
          status: 'cancelled',
          refunded: true,
          cancellable: false,
          events: [...detail.events, { status: 'cancelled', at, note: 'Cancelled by you' }, { status: 'refunded', at, note: null }],
        };
        state.details[id] = cancelled;
        state.transactions = state.transactions.map((item) => (item.id === id ? { ...item, status: 'cancelled', refunded: true } : item));
        const wallet = detail.currency === 'CAD' ? state.cad : state.ngn;
        wallet.balance = toMajor(toMinor(wallet.balance) + toMinor(detail.amount));
        return HttpResponse.json({ success: true, message: M.activity.cancelled, data: cancelled });
      }),
    ),
  );
  return state;
}

/**
 * A history item's detail (GET /transactions/{id}): the item's fields plus spec-next §C's fee,
 * rate, counterparty, arrival, cancellable and timeline. The default is a completed deposit.
 */
export function transactionDetail(item: Transaction, overrides: Partial<Omit<TransactionDetail, keyof Transaction>> = {}): TransactionDetail {
  return {
    ...item,
    fee: '0.00',
    rate: null,
    conversion: null,
    counterparty: { name: item.recipient_name || item.sent_to || item.recieved_from, bank_name: item.bank_name, account_number_masked: null, email: null },
    arrives_by: null,
    cancellable: false,
    events: [
      { status: 'created', at: item.transaction_date, note: null },
      ...(item.status === 'completed' ? [{ status: 'completed' as const, at: item.transaction_date, note: null }] : []),
    ],
    ...overrides,
  };
}

/** Shows where the router went: '/transfer-cad', '/bill-payment?category=school'. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

let transactionCount = 0;

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  transactionCount += 1;
  const id = overrides.id ?? `TX-${transactionCount}`;
  const type = overrides.transaction_type ?? 'DEPOSIT';
  return {
    id,
    reference: id,
    direction: type === 'DEPOSIT' || overrides.recieved_from ? 'credit' : 'debit',
    refunded: false,
    transaction_date: '2025-03-14T12:00:00.000Z',
    transaction_type: 'DEPOSIT',
    amount: 250.75,
    currency: 'CAD',
    status: 'completed',
    recipient_name: null,
    sent_to: null,
    recieved_from: 'Bola Ade',
    description: null,
    bank_name: null,
    account_number: null,
    ...overrides,
  };
}
