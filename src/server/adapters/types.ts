/**
 * The outside world behind interfaces (DESIGN.md): e-mail, SMS, the identity provider, the
 * partner bank, the FX rate source, the billers and the payout rails. Services receive these in
 * their deps and never choose one; app.ts wires one of each from the config (plugins/adapters.ts),
 * where a test or a deployment swaps one in (BuildOptions.adapters). With no credentials
 * configured, simulators stand in behind the same interfaces (src/server/sim).
 */
import type { BillCategory, Payee } from '../../shared/types';
import type { Trx } from '../modules/ledger/accounts.repository';

export interface OutgoingMessage {
  /** An e-mail address, or a phone number for SMS. */
  to: string;
  subject: string;
  /** The plain-text body (the whole message for SMS). */
  body: string;
  /** The HTML part of an e-mail, if any (the same content as `body`). */
  html?: string;
  /** The one-time code the message carries, if any (kept in the dev outbox). */
  otp?: string;
  /**
   * The message's own id, '<…@…>' (a notification's: modules/notifications). The same message sent
   * again carries the same id: the outbox keeps it once, SMTP sends it as the Message-ID header.
   */
  messageId?: string;
}

/**
 * One way of reaching people: e-mail (SMTP when SMTP_URL is set, else the outbox) or SMS (the
 * outbox). `send` resolves once the message was handed over; a message with a `messageId` that
 * was handed over before is not delivered again where the sender can tell (the outbox).
 */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * The identity provider: where a person goes to be checked for a session we recorded (the app
 * opens it in a frame). Its decision comes back through the signed identity webhook.
 */
export interface IdentityProvider {
  sessionUrl(sessionId: string): string;
}

/** A naira virtual account opened for a customer at the partner bank. */
export interface VirtualAccount {
  bankName: string;
  /** The bank's NIBSS code. */
  bankCode: string;
  /** 10-digit NUBAN. */
  accountNumber: string;
  accountName: string;
  /** The partner's reference of the account (the wallet's tx_ref). */
  reference: string;
}

/**
 * The Nigerian partner bank that issues virtual accounts (a simulator until a real one is
 * configured). It is called inside the activation's transaction, which a provider keeping its
 * state in our database (the simulator) uses and a remote one ignores.
 */
export interface PartnerBank {
  openVirtualAccount(trx: Trx, holder: { userId: string; accountName: string }): Promise<VirtualAccount>;
}

/** Where the mid rate comes from: NGN per 1 CAD, a decimal string (never a float). */
export interface MidRateSource {
  midRate(): Promise<string>;
}

/** The payees a bill can be paid to. */
export interface Billers {
  /** Payees matching the query (by name, another name or the kind of bill), of the category when one is given; an empty query finds none. */
  search(query: string, category?: BillCategory): Promise<Payee[]>;
  /** The payee with this code. */
  payee(payeeCode: string): Promise<Payee | undefined>;
}

/**
 * The payout rails' side in this process: work that settles due payouts and reports each outcome
 * through the signed payout webhook (the simulated rails' job). Started when the app is ready,
 * stopped before it closes.
 */
export interface PayoutRails {
  start(): void;
  stop(): Promise<void>;
}

/** Work in the background of this process (a simulator's job): started when the app is ready, stopped before it closes. */
export interface BackgroundJob {
  start(): void;
  stop(): Promise<void>;
}

/** One of each adapter, as the app was built with (app.adapters). */
export interface Adapters {
  email: MessageSender;
  sms: MessageSender;
  /** Null when no provider is configured: identity checks answer 503. */
  identity: IdentityProvider | null;
  partnerBank: PartnerBank;
  rates: MidRateSource;
  billers: Billers;
  /** Null when nothing settles payouts in this process (tests settle them themselves). */
  payoutRails: PayoutRails | null;
  /**
   * Who reviews proofs of address in this process: the simulated reviewer's job, or null (a
   * deployment's reviewers decide elsewhere; tests decide through POST /dev/proof-of-address).
   */
  addressReviewer: BackgroundJob | null;
}
