import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../shared/product';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { OutboxChannel } from '../modules/auth/auth.tables';
import { insertOutboxMessage } from './outbox.repository';

export interface OutgoingMessage {
  /** An e-mail address, or a phone number for SMS. */
  to: string;
  subject: string;
  body: string;
  /** The one-time code the message carries, if any (kept in the dev outbox). */
  otp?: string;
}

/** How the app reaches people. E-mail goes through SMTP when SMTP_URL is set; SMS always to the outbox. */
export interface Messenger {
  sendEmail(message: OutgoingMessage): Promise<void>;
  sendSms(message: OutgoingMessage): Promise<void>;
}

type Send = (message: OutgoingMessage) => Promise<void>;

const FROM = `${PRODUCT_NAME} <${SUPPORT_EMAIL.replace(/^[^@]+/, 'no-reply')}>`;

/** Stores the message in the outbox table (GET /api/dev/outbox) and logs it. */
function outboxSender(db: Db, channel: OutboxChannel, log: FastifyBaseLogger, logBody: boolean): Send {
  return async ({ to, subject, body, otp }) => {
    await insertOutboxMessage(db, { channel, recipient: to, subject, body, otp: otp ?? null, created_at: new Date() });
    log.info({ channel, to, subject, ...(logBody ? { body } : {}) }, 'message stored in the outbox');
  };
}

function smtpSender(smtpUrl: string, log: FastifyBaseLogger): Send {
  const transport = nodemailer.createTransport(smtpUrl);
  return async ({ to, subject, body }) => {
    await transport.sendMail({ from: FROM, to, subject, text: body });
    log.info({ channel: 'email', to, subject }, 'e-mail sent over SMTP');
  };
}

export function createMessenger(db: Db, config: Pick<Config, 'smtpUrl' | 'simulators'>, log: FastifyBaseLogger): Messenger {
  return {
    sendEmail: config.smtpUrl ? smtpSender(config.smtpUrl, log) : outboxSender(db, 'email', log, config.simulators),
    sendSms: outboxSender(db, 'sms', log, config.simulators),
  };
}
