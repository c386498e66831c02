/**
 * Every call of spec §7 and spec-next (plus logout, countries, health and the dev helpers), declared once.
 * Paths are relative to API_PREFIX ('/api') and use Fastify's `:param` syntax, so the server
 * registers them as they are and the client fills them with buildPath(). TypeBox-free: the
 * browser imports this file.
 */
import { IDENTITY_PROVIDER } from './product';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
}

export const endpoints = {
  // Session and account
  login: { method: 'POST', path: '/auth/login' },
  logout: { method: 'POST', path: '/auth/logout' },
  refreshToken: { method: 'GET', path: '/auth/refresh-token/:email' },
  signUp: { method: 'POST', path: '/auth/sign-up' },
  verifyEmail: { method: 'POST', path: '/auth/verify-email/:email' },
  resendOtp: { method: 'POST', path: '/auth/resend-otp/:email' },
  forgotPassword: { method: 'POST', path: '/auth/forgot-password' },
  verifyOtp: { method: 'POST', path: '/auth/verify-otp/:email' },
  resetPassword: { method: 'POST', path: '/auth/reset-password/:email' },
  user: { method: 'GET', path: '/auth/user' },
  updateTimezone: { method: 'POST', path: '/auth/update-timezone' },
  updateProfile: { method: 'PATCH', path: '/auth/update-profile' },
  sendOtpPhone: { method: 'POST', path: '/auth/send-otp-phone' },
  verifyPhone: { method: 'POST', path: '/auth/verify-phone/:phone_number' },
  createIdentitySession: { method: 'POST', path: `/auth/create-${IDENTITY_PROVIDER}-session` },
  externalIdentitySession: { method: 'POST', path: `/external/${IDENTITY_PROVIDER}-session` },
  confirmTransactionPin: { method: 'POST', path: '/auth/confirm-transaction-pin' },
  resetTransactionPin: { method: 'POST', path: '/auth/reset-transaction-pin' },
  contactUs: { method: 'POST', path: '/auth/contact-us' },
  // Wallets
  getRates: { method: 'GET', path: '/wallet/get-rates' },
  cadWallet: { method: 'GET', path: '/wallet/cad-wallet' },
  nairaWallet: { method: 'GET', path: '/wallet/naira-wallet' },
  activateNairaWallet: { method: 'POST', path: '/wallet/naira-wallet' },
  createPin: { method: 'POST', path: '/wallet/create-pin' },
  ngnLimit: { method: 'GET', path: '/wallet/limit/NGN' },
  ngnBanks: { method: 'GET', path: '/NGN-banks' },
  nameInquiry: { method: 'GET', path: '/wallet/get_name_inquiry/:accountNumber/:nibssBankCode/:senderAccountNumber' },
  transactions: { method: 'GET', path: '/wallet/transactions' },
  // Money movements
  cadWithdrawal: { method: 'POST', path: '/wallet/cad-withdrawal' },
  ngnWithdrawal: { method: 'POST', path: '/wallet/ngn-withdrawal' },
  checkEmail: { method: 'POST', path: '/auth/check-email/:email' },
  cadWalletTransfer: { method: 'POST', path: '/wallet/cad-wallet-transfer' },
  ngnWalletTransfer: { method: 'POST', path: '/wallet/ngn-wallet-transfer' },
  currencyConversion: { method: 'POST', path: '/wallet/currency-conversion' },
  // Prices and limits (spec-next §A, §B): a rate held for a conversion, the margin and fee table
  // applied, the tier's limits and the proof of address that raises the tier
  createQuote: { method: 'POST', path: '/quotes' },
  pricing: { method: 'GET', path: '/pricing' },
  limits: { method: 'GET', path: '/limits' },
  uploadProofOfAddress: { method: 'POST', path: '/verification/proof-of-address' },
  proofOfAddress: { method: 'GET', path: '/verification/proof-of-address' },
  // A transfer's life (spec-next §C): detail with its timeline, and cancelling a payout in its hold
  transactionDetail: { method: 'GET', path: '/transactions/:id' },
  cancelTransaction: { method: 'POST', path: '/transactions/:id/cancel' },
  // Devices (spec-next §E): the signed-in sessions, signing one out, signing out all but this one
  sessions: { method: 'GET', path: '/sessions' },
  revokeSession: { method: 'DELETE', path: '/sessions/:id' },
  revokeOtherSessions: { method: 'POST', path: '/sessions/revoke-others' },
  // Self-service (spec-next §E): a wallet's statement of a period, as a CSV or PDF file
  statement: { method: 'GET', path: '/statements' },
  // Saved recipients (spec-next §E): each completed send's, newest first
  listRecipients: { method: 'GET', path: '/recipients' },
  deleteRecipient: { method: 'DELETE', path: '/recipients/:id' },
  // Bills
  searchPayee: { method: 'POST', path: '/bills/search-payee' },
  createBillPayment: { method: 'POST', path: '/bills/create-bill-payment' },
  // Misc
  countries: { method: 'GET', path: '/countries' },
  health: { method: 'GET', path: '/health' },
  devOutbox: { method: 'GET', path: '/dev/outbox' },
  devDeposit: { method: 'POST', path: '/dev/deposits' },
  devProofOfAddress: { method: 'POST', path: '/dev/proof-of-address' },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** The `:param` names of a path template, e.g. 'email' for '/auth/verify-email/:email'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type PathOf<E extends EndpointName | Endpoint> = (E extends EndpointName ? Endpoints[E] : E) extends {
  path: infer P extends string;
}
  ? P
  : never;

/** The params argument of buildPath: required exactly when the path has `:param`s. */
export type PathParamsArg<P extends string> = [PathParamNames<P>] extends [never]
  ? []
  : [params: Record<PathParamNames<P>, string>];

/** Fills a path template, URL-encoding every param: buildPath('verifyEmail', { email }) → '/auth/verify-email/a%2Bb%40x.com'. */
export function buildPath<E extends EndpointName | Endpoint>(endpoint: E, ...args: PathParamsArg<PathOf<E>>): string {
  const { path } = typeof endpoint === 'string' ? endpoints[endpoint as EndpointName] : (endpoint as Endpoint);
  const params = (args[0] ?? {}) as Record<string, string>;
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`buildPath: missing param "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
