// The fake backend of spec-next §A and §B for client tests (msw, bearer auth enforced): POST /quotes
// (send or receive side, held `ttlS` seconds, used once by a conversion with its quote_id), GET
// /limits and proof of address. Its routes are among server-mock's initial handlers (bearer auth
// enforced there), so every test has them; `pricing` holds their state (reset after each test) and
// what they received.
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { endpoints } from '../../src/shared/endpoints';
import { convert, formatMinor, parseAmount } from '../../src/shared/money';
import { FEE_KIND_CURRENCY, FEE_KINDS, type FeeKind } from '../../src/shared/pricing';
import type { Currency, Limits, Pricing, ProofOfAddress, Quote } from '../../src/shared/types';

/**
 * GET /pricing (public) as the server answers it: a 1.00% margin and these fees, every other kind
 * free (the server's defaults when none is given). `apiPath` is server-mock's (this file is below it).
 */
export function pricingHandler(
  apiPath: (path: string) => string,
  fees: Partial<Record<FeeKind, { flat?: string; percent?: string }>> = {},
  { margin = '1.00', limits = DEFAULT_LIMITS }: { margin?: string; limits?: Pricing['limits'] } = {},
) {
  return http.get(apiPath(endpoints.pricing.path), () =>
    HttpResponse.json({
      success: true,
      data: {
        margin_percent: margin,
        quote_ttl_seconds: 60,
        fees: FEE_KINDS.map((kind) => ({ kind, currency: FEE_KIND_CURRENCY[kind], flat: fees[kind]?.flat ?? '0.00', percent: fees[kind]?.percent ?? '0.00' })),
        limits,
      } satisfies Pricing,
    }),
  );
}

/** spec-next §B's table, as GET /pricing lists it. */
const DEFAULT_LIMITS: Pricing['limits'] = [
  { tier: 'Basic', per_transfer: '1000.00', per_day: '1000.00', per_30_days: '5000.00' },
  { tier: 'Plus', per_transfer: '10000.00', per_day: '10000.00', per_30_days: '50000.00' },
];

/** Quoted rates, NGN per 1 CAD, as the conversion's fake honours them (the same as wallet-backend's RATES). */
export const QUOTE_RATES = { CAD_TO_NGN: '1039.50', NGN_TO_CAD: '1060.50' };

/** The Basic tier of spec-next §B, nothing used yet. */
export const basicLimits = (overrides: Partial<Limits> = {}): Limits => ({
  tier: 'Basic',
  currency: 'CAD',
  per_transfer: '1000.00',
  per_day: '1000.00',
  per_30_days: '5000.00',
  used_today: '0.00',
  remaining_today: '1000.00',
  used_30_days: '0.00',
  remaining_30_days: '5000.00',
  resets_at: '2025-03-15T05:00:00.000Z',
  ngn_mid_rate: '1050.00',
  ...overrides,
});

/** The Plus tier, nothing used yet: the fake's default, above every balance the other fakes hold. */
export const plusLimits = (overrides: Partial<Limits> = {}): Limits =>
  basicLimits({
    tier: 'Plus',
    per_transfer: '10000.00',
    per_day: '10000.00',
    per_30_days: '50000.00',
    remaining_today: '10000.00',
    remaining_30_days: '50000.00',
    ...overrides,
  });

interface StoredQuote extends Quote {
  used: boolean;
}

interface Upload {
  name: string;
  type: string;
  size: number;
}

const initial = () => ({
  rates: { ...QUOTE_RATES },
  ttlS: 60,
  limits: plusLimits(),
  proofOfAddress: { status: 'none' } as ProofOfAddress,
  quotes: new Map<string, StoredQuote>(),
  /** Every POST /quotes body, in order. */
  quoteRequests: [] as Record<string, unknown>[],
  uploads: [] as Upload[],
  /** An answer POST /verification/proof-of-address gives instead of 'pending' (e.g. a 400). */
  uploadRefusal: null as { status: number; message: string } | null,
});

export const pricing = {
  ...initial(),
  reset(): void {
    Object.assign(pricing, initial());
  },
};

const refused = (message: string, status: number) => HttpResponse.json({ success: false, message }, { status });
const text = (minor: bigint) => formatMinor(minor, { withCommas: false });
let quoteCount = 0;

/**
 * The conversion's side of a quote (spec-next §A), for wallet-backend's conversion: null without
 * quote_id; else the refusal, or the quote to honour (then used).
 */
export function redeemQuote(body: { quote_id?: string; from_currency: Currency; to_currency: Currency; amount: string }):
  | null
  | { refusal: Response }
  | { quote: Quote } {
  if (body.quote_id === undefined) return null;
  const quote = pricing.quotes.get(body.quote_id);
  const amount = parseAmount(body.amount);
  const sent = parseAmount(quote?.send_amount ?? '');
  if (!quote || quote.from_currency !== body.from_currency || quote.to_currency !== body.to_currency || !amount.ok || !sent.ok || amount.minor !== sent.minor) {
    return { refusal: refused('This quote does not match this conversion.', 400) };
  }
  if (Date.parse(quote.expires_at) <= Date.now()) return { refusal: refused('This quote has expired. Please review the new rate.', 409) };
  if (quote.used) return { refusal: refused('This quote has already been used.', 409) };
  quote.used = true;
  return { quote };
}

/** The routes, as { method, API path, resolver }; server-mock wraps each resolver in `authed`. */
export const pricingRoutes: { method: 'get' | 'post'; path: string; resolver: HttpResponseResolver }[] = [
  { method: 'post', path: endpoints.createQuote.path, resolver: async ({ request }) => {
    const body = (await request.json()) as { from_currency: Currency; to_currency: Currency; amount: string; amount_side: 'send' | 'receive' };
    pricing.quoteRequests.push(body);
    if (body.from_currency === body.to_currency) return refused('Choose two different currencies', 400);
    const amount = parseAmount(body.amount);
    if (!amount.ok) return refused('Please enter a valid amount', 400);
    const direction = body.from_currency === 'CAD' ? 'CAD_TO_NGN' : 'NGN_TO_CAD';
    const reverse = direction === 'CAD_TO_NGN' ? 'NGN_TO_CAD' : 'CAD_TO_NGN';
    const rate = pricing.rates[direction];
    const [send, receive] =
      body.amount_side === 'send' ? [amount.minor, convert(amount.minor, rate, direction)] : [convert(amount.minor, rate, reverse, 'up'), amount.minor];
    quoteCount += 1;
    const quote: StoredQuote = {
      quote_id: `Q-${quoteCount}`,
      from_currency: body.from_currency,
      to_currency: body.to_currency,
      send_amount: text(send),
      receive_amount: text(receive),
      rate,
      mid_rate: '1050.00',
      margin_percent: '1.00',
      fee: '0.00',
      expires_at: new Date(Date.now() + pricing.ttlS * 1000).toISOString(),
      used: false,
    };
    pricing.quotes.set(quote.quote_id, quote);
    const { used: _used, ...answer } = quote;
    return HttpResponse.json({ success: true, data: answer });
  } },
  { method: 'get', path: endpoints.limits.path, resolver: () => HttpResponse.json({ success: true, data: pricing.limits }) },
  { method: 'get', path: endpoints.proofOfAddress.path, resolver: () => HttpResponse.json({ success: true, data: pricing.proofOfAddress }) },
  { method: 'post', path: endpoints.uploadProofOfAddress.path, resolver: async ({ request }) => {
    const form = await request.formData();
    // A file part is Node's File (fetch's FormData), not the jsdom globals' File: read it by shape.
    const file = form.get('document');
    if (typeof file !== 'object' || file === null) return refused('Please attach one file named document', 400);
    pricing.uploads.push({ name: file.name, type: file.type, size: file.size });
    if (pricing.uploadRefusal) return refused(pricing.uploadRefusal.message, pricing.uploadRefusal.status);
    pricing.proofOfAddress = { status: 'pending' };
    return HttpResponse.json({ success: true, data: { status: 'pending' } });
  } },
];
