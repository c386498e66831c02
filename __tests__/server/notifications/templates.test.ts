/**
 * The templates alone (modules/notifications/templates.ts): the 'payout cancelled' e-mail, whose
 * event (POST /transactions/{id}/cancel, spec-next §C) records it through notifyPayoutCancelled,
 * and the pieces every e-mail uses: amounts with their currency, masked account numbers, the time
 * in the customer's zone, the browser named from its User-Agent, HTML escaping.
 */
import type { TransferFacts } from '../../../src/server/modules/notifications/notifications.repository';
import {
  escapeHtml, formatMoment, maskAccount, money, renderNotification, type NotificationFacts,
} from '../../../src/server/modules/notifications/templates';
import { describeUserAgent, normalUserAgent } from '../../../src/server/modules/notifications/user-agent';
import { expectNoSecrets } from './helpers';

const context = { publicUrl: 'https://kudi.example' };
const addressee = { email: 'ada@example.com', firstName: 'Ada', timezone: 'America/Toronto' };

function nipPayout(overrides: Partial<TransferFacts> = {}): TransferFacts {
  return {
    reference: 'KD0A1B2C3D4E5F6A7B',
    kind: 'withdrawal',
    currency: 'NGN',
    amount: 500_000n,
    fee: 0n,
    provider: null,
    metadata: { recipient_name: 'Chinedu Okafor', bank_name: 'Access Bank', account_number: '0182605790', description: 'Rent' },
    createdAt: new Date('2026-11-25T19:05:00Z'),
    payout: { rail: 'nip', destination: '0182605790', outcome: null, failureReason: null },
    ...overrides,
  };
}

describe('payout cancelled', () => {
  it("says the transfer was cancelled and refunded, with its amount, reference and the account's last digits only", () => {
    const facts: NotificationFacts = { kind: 'payout_cancelled', addressee, transfer: nipPayout() };
    const mail = renderNotification(facts, context);
    expect(mail.subject).toBe('Kudi: Your transfer of ₦5,000.00 NGN was cancelled');
    expect(mail.text).toBe([
      'Hello Ada,',
      '',
      'Your bank transfer of ₦5,000.00 NGN to Chinedu Okafor, Access Bank, account ••••5790 was cancelled before it was sent.',
      '',
      '₦5,000.00 NGN is back in your NGN wallet.',
      '',
      'Amount: ₦5,000.00 NGN',
      'Refunded: ₦5,000.00 NGN',
      'Reference: KD0A1B2C3D4E5F6A7B',
      '',
      'View it in Kudi: https://kudi.example/history/KD0A1B2C3D4E5F6A7B',
      '',
      'If you do not recognise this, contact us at support@kudi.example.',
      '',
      '— Kudi',
    ].join('\n'));
    expect(mail.html).toContain('<title>Your transfer of ₦5,000.00 NGN was cancelled</title>');
    expect(mail.html).toContain('Chinedu Okafor, Access Bank, account ••••5790 was cancelled before it was sent.');
    expect(mail.html).toContain('href="https://kudi.example/history/KD0A1B2C3D4E5F6A7B"');
    expectNoSecrets({ subject: mail.subject, body: mail.text, html: mail.html }, { anywhere: ['0182605790'] });
  });

  it('an Interac payout with a fee: the fee and the whole refund, the recipient e-mail, names escaped in HTML', () => {
    const transfer = nipPayout({
      currency: 'CAD',
      amount: 2500n,
      fee: 150n,
      metadata: { recipient_name: 'Jane <script>alert(1)</script>', description: 'Gift' },
      payout: { rail: 'interac', destination: 'jane@example.com', outcome: null, failureReason: null },
    });
    const mail = renderNotification({ kind: 'payout_cancelled', addressee, transfer }, context);
    expect(mail.subject).toBe('Kudi: Your transfer of $25.00 CAD was cancelled');
    expect(mail.text).toContain('Your Interac e-Transfer of $25.00 CAD to Jane <script>alert(1)</script> (jane@example.com) was cancelled before it was sent.');
    expect(mail.text).toContain('$26.50 CAD is back in your CAD wallet.');
    expect(mail.text).toContain('Fee: $1.50 CAD\nTotal: $26.50 CAD\nRefunded: $26.50 CAD');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Jane &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('a subject stays on one line whatever a name holds', () => {
    const mail = renderNotification({ kind: 'money_received', addressee: { ...addressee, firstName: 'Ada\r\nBcc: x@example.com' }, transfer: nipPayout({ kind: 'deposit', payout: null }) }, context);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text.split('\n')[0]).toBe('Hello Ada Bcc: x@example.com,');
  });
});

describe('the pieces', () => {
  it('amounts carry their currency', () => {
    expect(money(2500n, 'CAD')).toBe('$25.00 CAD');
    expect(money(123_456_789n, 'NGN')).toBe('₦1,234,567.89 NGN');
  });

  it('account numbers keep their last digits only', () => {
    expect(maskAccount('0182605790')).toBe('••••5790');
    expect(maskAccount('123456')).toBe('••••56');
    expect(maskAccount('1234')).toBe('••••');
  });

  it("times are the customer's: an IANA zone, an offset, or UTC when none", () => {
    const at = new Date('2026-11-25T19:05:00Z');
    expect(formatMoment(at, 'America/Toronto')).toBe('November 25, 2026 at 2:05 p.m. (America/Toronto)');
    expect(formatMoment(at, 'Africa/Lagos')).toBe('November 25, 2026 at 8:05 p.m. (Africa/Lagos)');
    expect(formatMoment(at, '+05:30')).toBe('November 26, 2026 at 12:35 a.m. (UTC+05:30)');
    expect(formatMoment(at, '-03:00')).toBe('November 25, 2026 at 4:05 p.m. (UTC-03:00)');
    expect(formatMoment(at, null)).toBe('November 25, 2026 at 7:05 p.m. (UTC)');
    expect(formatMoment(at, 'Not/AZone')).toBe('November 25, 2026 at 7:05 p.m. (UTC)');
  });

  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari on macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'Chrome on iPhone'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0', 'Opera on Linux'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on ChromeOS'],
    ['curl/8.5.0', 'an unknown browser'],
    ['', 'an unknown browser'],
  ])('%s reads "%s"', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected);
  });

  it('a User-Agent is kept trimmed and at most 512 characters', () => {
    expect(normalUserAgent(undefined)).toBe('');
    expect(normalUserAgent('  Firefox/1  ')).toBe('Firefox/1');
    expect(normalUserAgent('x'.repeat(600))).toHaveLength(512);
  });

  it('HTML escaping covers the five characters', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;');
  });
});
