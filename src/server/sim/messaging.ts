/** The e-mail and SMS adapters: the dev outbox (the simulator) and SMTP. */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../shared/product';
import type { MessageSender } from '../adapters/types';
import type { Db } from '../db/database';
import type { OutboxChannel } from '../modules/auth/auth.tables';
import { insertOutboxMessage } from './outbox.repository';

const FROM = `${PRODUCT_NAME} <${SUPPORT_EMAIL.replace(/^[^@]+/, 'no-reply')}>`;

/**
 * E-mail or SMS into the outbox table (GET /api/dev/outbox), logged; the body is logged too when
 * `logBody` (simulators on).
 */
export function outboxSender(db: Db, channel: OutboxChannel, log: FastifyBaseLogger, logBody: boolean): MessageSender {
  return {
    async send({ to, subject, body, otp }) {
      await insertOutboxMessage(db, { channel, recipient: to, subject, body, otp: otp ?? null, created_at: new Date() });
      log.info({ channel, to, subject, ...(logBody ? { body } : {}) }, 'message stored in the outbox');
    },
  };
}

/** E-mail through SMTP (SMTP_URL). */
export function smtpSender(smtpUrl: string, log: FastifyBaseLogger): MessageSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, body }) {
      await transport.sendMail({ from: FROM, to, subject, text: body });
      log.info({ channel: 'email', to, subject }, 'e-mail sent over SMTP');
    },
  };
}
