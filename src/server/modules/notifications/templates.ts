/**
 * The e-mails of the notifications (spec-next §D): each kind's subject and content, rendered
 * as plain text and as HTML (every value escaped) from the notification's payload and what the
 * database says when it is sent. Amounts carry their currency ('$25.00 CAD', '₦5,000.00 NGN');
 * account numbers show their last digits only; nothing here reads a password, PIN, code, BVN or
 * NIN, so no e-mail can hold one.
 */
import { CURRENCY_SYMBOL } from '../../../shared/limits';
import { tierLimits } from '../../../shared/messages';
import { formatMinor } from '../../../shared/money';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../shared/product';
import type { Currency } from '../../../shared/types';
import { keptFormat, offsetMinutesOf } from '../../lib/time-zone';
import type { Addressee, TransferFacts } from './notifications.repository';
import type { NotificationKind, NotificationPayloads, TransferNotificationKind } from './notify';
import { describeUserAgent } from './user-agent';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** What an e-mail says, before it is written as text or HTML. */
interface EmailContent {
  subject: string;
  /** Paragraphs after the greeting. */
  paragraphs: string[];
  /** Label and value lines (amount, reference, date…). */
  details: [string, string][];
  action?: { label: string; url: string };
  /** The closing paragraph (what to do if this was not you). */
  closing: string;
}

/** What rendering needs besides the notification itself. */
export interface RenderContext {
  /** The app's public origin, for links (config.publicUrl). */
  publicUrl: string;
}

/** A notification as its template sees it: the payload of its kind, its addressee and, for a transfer kind, the transfer. */
export type NotificationFacts =
  | { kind: TransferNotificationKind; addressee: Addressee; transfer: TransferFacts }
  | { kind: 'password_changed' | 'pin_changed'; addressee: Addressee; payload: NotificationPayloads['password_changed'] }
  | { kind: 'new_device_sign_in'; addressee: Addressee; payload: NotificationPayloads['new_device_sign_in'] }
  | { kind: 'tier_plus'; addressee: Addressee; payload: NotificationPayloads['tier_plus'] }
  | { kind: 'proof_rejected'; addressee: Addressee; payload: NotificationPayloads['proof_rejected'] };

// ---------------------------------------------------------------------------------------------
// Formatting

/** '$25.00 CAD', '₦5,000.00 NGN'. */
export const money = (minor: bigint, currency: Currency): string => `${CURRENCY_SYMBOL[currency]}${formatMinor(minor)} ${currency}`;

/** '••••5790': the last four characters of an account number (fewer for a short one, none for four or fewer). */
export function maskAccount(number: string): string {
  const clean = number.trim();
  const shown = clean.length >= 8 ? 4 : clean.length > 4 ? 2 : 0;
  return `••••${shown ? clean.slice(-shown) : ''}`;
}

const MOMENT: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

/**
 * A moment as the customer reads it: in their time zone (an IANA name or an offset, as
 * update-timezone stored it), else in UTC, the zone named: 'November 25, 2026 at 2:05 p.m. (America/Toronto)'.
 */
export function formatMoment(at: Date, timezone: string | null): string {
  const format = (date: Date, timeZone: string) => keptFormat(timeZone, MOMENT).format(date);
  const minutes = timezone ? offsetMinutesOf(timezone) : null;
  if (minutes !== null) return `${format(new Date(at.getTime() + minutes * 60_000), 'UTC')} (UTC${timezone})`;
  if (timezone) {
    try {
      return `${format(at, timezone)} (${timezone})`;
    } catch {
      // A zone this process cannot read: UTC below.
    }
  }
  return `${format(at, 'UTC')} (UTC)`;
}

/** Names and other values given by people, on one line (no line breaks, no control characters). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const oneLine = (value: string): string => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

// ---------------------------------------------------------------------------------------------
// Text and HTML from one content

function renderText(greeting: string, content: EmailContent): string {
  const lines = [greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.details.length) lines.push(...content.details.map(([label, value]) => `${label}: ${value}`), '');
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  lines.push(content.closing, '', `— ${PRODUCT_NAME}`);
  return lines.join('\n');
}

function renderHtml(greeting: string, content: EmailContent): string {
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const rows = content.details
    .map(([label, value]) =>
      `<tr><td style="padding:4px 16px 4px 0;color:#5f6b7a;vertical-align:top">${escapeHtml(label)}</td>` +
      `<td style="padding:4px 0;font-weight:600;word-break:break-word">${escapeHtml(value)}</td></tr>`)
    .join('');
  const action = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#0b5cff;color:#ffffff;` +
      `padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>`
    : '';
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f6f8">',
    '<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1c2430">',
    `<p style="margin:0 0 16px;font-size:20px;font-weight:700">${escapeHtml(PRODUCT_NAME)}</p>`,
    p(greeting),
    ...content.paragraphs.map(p),
    rows ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>` : '',
    action,
    `<p style="margin:0 0 16px;color:#5f6b7a;font-size:13px">${escapeHtml(content.closing)}</p>`,
    '</div></body></html>',
  ].join('\n');
}

function render(addressee: Addressee, content: EmailContent): RenderedEmail {
  const greeting = `Hello ${oneLine(addressee.firstName)},`;
  return { subject: `${PRODUCT_NAME}: ${oneLine(content.subject)}`, text: renderText(greeting, content), html: renderHtml(greeting, content) };
}

// ---------------------------------------------------------------------------------------------
// Each kind

const NOT_YOU_MONEY = `If you do not recognise this, contact us at ${SUPPORT_EMAIL}.`;
const NOT_YOU_ACCOUNT = `If this was not you, reset your password from the sign-in page now and contact us at ${SUPPORT_EMAIL}.`;

const historyLink = (context: RenderContext, reference: string) => ({ label: 'View it in Kudi', url: `${context.publicUrl}/history/${encodeURIComponent(reference)}` });

/** Who or where a send went: 'Jane Doe (jane@example.com)', 'Chinedu Okafor, Access Bank, account ••••5790'. */
function sentTo(t: TransferFacts): string {
  const m = t.metadata;
  const name = oneLine(m.recipient_name ?? '');
  if (t.payout?.rail === 'interac') return `${name} (${oneLine(t.payout.destination)})`;
  const account = m.account_number ? `account ${maskAccount(m.account_number)}` : null;
  return [name, m.bank_name ? oneLine(m.bank_name) : null, account].filter(Boolean).join(', ');
}

/** How money arrived: 'from Ada Obi by Interac e-Transfer', '… by Kudi wallet transfer', 'from Ada Obi (First Bank, account ••••1234) by bank transfer'. */
function receivedFrom(t: TransferFacts): string {
  const m = t.metadata;
  const sender = oneLine(m.sender_name ?? 'someone');
  if (t.kind === 'wallet_transfer') return `from ${sender} by ${PRODUCT_NAME} wallet transfer`;
  if (t.provider === 'interac') return `from ${sender} by Interac e-Transfer`;
  const where = [m.bank_name ? oneLine(m.bank_name) : null, m.account_number ? `account ${maskAccount(m.account_number)}` : null].filter(Boolean).join(', ');
  return `from ${sender}${where ? ` (${where})` : ''} by bank transfer`;
}

function sendNoun(t: TransferFacts): string {
  if (t.kind === 'bill') return 'bill payment';
  if (t.payout?.rail === 'interac') return 'Interac e-Transfer';
  if (t.payout?.rail === 'nip') return 'bank transfer';
  return 'transfer';
}

function amountDetails(t: TransferFacts): [string, string][] {
  const lines: [string, string][] = [['Amount', money(t.amount, t.currency)]];
  if (t.fee > 0n) lines.push(['Fee', money(t.fee, t.currency)], ['Total', money(t.amount + t.fee, t.currency)]);
  return lines;
}

function moneyReceived(a: Addressee, t: TransferFacts, context: RenderContext): EmailContent {
  const amount = money(t.amount, t.currency);
  return {
    subject: `You received ${amount}`,
    paragraphs: [`You received ${amount} ${receivedFrom(t)}. It is in your ${t.currency} wallet now.`],
    details: [
      ['Amount', amount],
      ...(t.metadata.sender_name ? [['From', oneLine(t.metadata.sender_name)] as [string, string]] : []),
      ['Reference', t.reference],
      ['Date', formatMoment(t.createdAt, a.timezone)],
    ],
    action: historyLink(context, t.reference),
    closing: NOT_YOU_MONEY,
  };
}

function moneySent(a: Addressee, t: TransferFacts, context: RenderContext): EmailContent {
  const amount = money(t.amount, t.currency);
  const to = sentTo(t);
  const paragraph =
    t.kind === 'bill' ? `You paid ${amount} to ${to}.`
    : t.payout ? `Your ${sendNoun(t)} of ${amount} to ${to} is on its way.`
    : `You sent ${amount} to ${to}, into their ${PRODUCT_NAME} wallet.`;
  return {
    subject: t.kind === 'bill' ? `You paid a bill of ${amount}` : `You sent ${amount}`,
    paragraphs: [paragraph],
    details: [...amountDetails(t), [t.kind === 'bill' ? 'Paid to' : 'To', to], ['Reference', t.reference], ['Date', formatMoment(t.createdAt, a.timezone)]],
    action: historyLink(context, t.reference),
    closing: NOT_YOU_MONEY,
  };
}

function payoutRefunded(a: Addressee, t: TransferFacts, context: RenderContext, how: 'failed' | 'cancelled'): EmailContent {
  const amount = money(t.amount, t.currency);
  const back = money(t.amount + t.fee, t.currency);
  const what = `Your ${sendNoun(t)} of ${amount} to ${sentTo(t)}`;
  const paragraphs =
    how === 'failed'
      ? [`${what} could not be completed${t.payout?.failureReason ? `: ${oneLine(t.payout.failureReason)}` : ''}.`]
      : [`${what} was cancelled before it was sent.`];
  paragraphs.push(`${back} is back in your ${t.currency} wallet.`);
  return {
    subject: how === 'failed' ? `Your transfer of ${amount} failed and was refunded` : `Your transfer of ${amount} was cancelled`,
    paragraphs,
    details: [...amountDetails(t), ['Refunded', back], ['Reference', t.reference]],
    action: historyLink(context, t.reference),
    closing: NOT_YOU_MONEY,
  };
}

function securityChange(a: Addressee, what: 'password' | 'transaction PIN', at: string): EmailContent {
  return {
    subject: `Your ${what} was changed`,
    paragraphs: [`The ${what} of your ${PRODUCT_NAME} account was changed on ${formatMoment(new Date(at), a.timezone)}.`, 'If this was you, there is nothing else to do.'],
    details: [],
    closing: NOT_YOU_ACCOUNT,
  };
}

function newDevice(a: Addressee, payload: NotificationPayloads['new_device_sign_in'], context: RenderContext): EmailContent {
  const device = describeUserAgent(payload.user_agent);
  const when = formatMoment(new Date(payload.at), a.timezone);
  const details: [string, string][] = [['Browser', device], ['Time', when]];
  if (payload.ip) details.push(['IP address', payload.ip]);
  return {
    subject: `New sign-in from ${device}`,
    paragraphs: [`Your ${PRODUCT_NAME} account was signed in from ${device}, a browser it had not been signed in with before, on ${when}.`],
    details,
    action: { label: 'Open Kudi', url: `${context.publicUrl}/login` },
    closing: NOT_YOU_ACCOUNT,
  };
}

function tierPlus(payload: NotificationPayloads['tier_plus']): EmailContent {
  const cad = (minor: string) => money(BigInt(minor), 'CAD');
  return {
    subject: tierLimits.plusEmailSubject,
    paragraphs: [
      'Your proof of address is approved and your account is now Plus. ' +
        `You can send up to ${cad(payload.per_transfer)} per transfer, ${cad(payload.per_day)} per day and ${cad(payload.per_30_days)} in any 30 days.`,
    ],
    details: [['Per transfer', cad(payload.per_transfer)], ['Per day', cad(payload.per_day)], ['Per 30 days', cad(payload.per_30_days)]],
    closing: `Questions? Contact us at ${SUPPORT_EMAIL}.`,
  };
}

function proofRejected(payload: NotificationPayloads['proof_rejected']): EmailContent {
  return {
    subject: tierLimits.proofRejectedEmailSubject,
    paragraphs: [
      `We could not accept your proof of address: ${oneLine(payload.reason)}`,
      'Your limits stay as they are. You can upload another document (a recent bill or bank statement showing your name and address; PDF, PNG or JPEG, up to 5 MB) from Profile, Limits.',
    ],
    details: [],
    closing: `Questions? Contact us at ${SUPPORT_EMAIL}.`,
  };
}

function contentOf(facts: NotificationFacts, context: RenderContext): EmailContent {
  const a = facts.addressee;
  switch (facts.kind) {
    case 'money_received':
      return moneyReceived(a, facts.transfer, context);
    case 'money_sent':
      return moneySent(a, facts.transfer, context);
    case 'payout_failed':
      return payoutRefunded(a, facts.transfer, context, 'failed');
    case 'payout_cancelled':
      return payoutRefunded(a, facts.transfer, context, 'cancelled');
    case 'password_changed':
      return securityChange(a, 'password', facts.payload.at);
    case 'pin_changed':
      return securityChange(a, 'transaction PIN', facts.payload.at);
    case 'new_device_sign_in':
      return newDevice(a, facts.payload, context);
    case 'tier_plus':
      return tierPlus(facts.payload);
    case 'proof_rejected':
      return proofRejected(facts.payload);
  }
}

/** The e-mail of a notification: subject, plain text and HTML. */
export function renderNotification(facts: NotificationFacts, context: RenderContext): RenderedEmail {
  return render(facts.addressee, contentOf(facts, context));
}

/** Whether a kind's e-mail is about a transfer (its payload names one). */
export const isTransferKind = (kind: NotificationKind): kind is TransferNotificationKind =>
  kind === 'money_received' || kind === 'money_sent' || kind === 'payout_failed' || kind === 'payout_cancelled';
