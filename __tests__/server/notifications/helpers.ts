import type { OutboxMessage } from '../../../src/shared/types';
import { sendDueNotifications } from '../../../src/server/modules/notifications/notifications.service';
import { outbox } from '../../support/auth-flow';
import type { TestApp } from '../../support/test-app';

/** The notifications job's pass, as the job runs it (tests run with NOTIFY_JOB off). */
export const sendPass = (t: TestApp) => sendDueNotifications(t.app);

/** The e-mails a customer got from notifications (those with an HTML part), newest first. */
export async function notificationMails(t: TestApp, email: string): Promise<(OutboxMessage & { html: string })[]> {
  return (await outbox(t, email)).filter((mail): mail is OutboxMessage & { html: string } => typeof mail.html === 'string');
}

/** The one notification e-mail whose subject is exactly `subject` (fails on none or several). */
export async function theMail(t: TestApp, email: string, subject: string): Promise<OutboxMessage & { html: string }> {
  const mails = (await notificationMails(t, email)).filter((mail) => mail.subject === subject);
  expect(mails.map((mail) => mail.subject)).toEqual([subject]);
  return mails[0];
}

export interface Secrets {
  /** Must not appear anywhere (passwords, full account numbers, BVN, NIN). */
  anywhere?: string[];
  /** Must not appear as a word of their own (PINs and one-time codes: digits a reference may hold by chance). */
  words?: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The e-mail holds none of the secrets, in its subject, text or HTML; nor any standalone code of
 * 6 digits (an OTP) or run of 10 or more digits (a full account number, a BVN or NIN).
 */
export function expectNoSecrets(mail: { subject: string; body: string; html?: string }, secrets: Secrets): void {
  for (const part of [mail.subject, mail.body, mail.html ?? '']) {
    for (const secret of secrets.anywhere ?? []) expect(part).not.toContain(secret);
    for (const word of secrets.words ?? []) expect(part).not.toMatch(new RegExp(`(^|[^0-9A-Za-z])${escapeRegExp(word)}([^0-9A-Za-z]|$)`));
    expect(part).not.toMatch(/(^|[^0-9A-Za-z])\d{6}([^0-9A-Za-z]|$)/);
    expect(part).not.toMatch(/(^|[^0-9A-Za-z])\d{10,}([^0-9A-Za-z]|$)/);
  }
}

/** The text with every run of spaces as one space (Intl may use other spaces). */
export const spaced = (text: string) => text.replace(/\s+/g, ' ');
