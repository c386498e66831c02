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
 * `logBody` (simulators on). A message whose `messageId` the outbox already holds is not stored
 * again (a notification sent a second time after a crash).
 */
export function outboxSender(db: Db, channel: OutboxChannel, log: FastifyBaseLogger, logBody: boolean): MessageSender {
  return {
    async send({ to, subject, body, html, otp, messageId }) {
      const stored = await insertOutboxMessage(db, {
        channel, recipient: to, subject, body, html: html ?? null, otp: otp ?? null, message_id: messageId ?? null, created_at: new Date(),
      });
      if (!stored) {
        log.info({ channel, to, subject, messageId }, 'message already in the outbox; not stored again');
        return;
      }
      log.info({ channel, to, subject, ...(logBody ? { body } : {}) }, 'message stored in the outbox');
    },
  };
}

/** E-mail through SMTP (SMTP_URL); a message's `messageId` is its Message-ID header. */
export function smtpSender(smtpUrl: string, log: FastifyBaseLogger): MessageSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, body, html, messageId }) {
      await transport.sendMail({ from: FROM, to, subject, text: body, ...(html ? { html } : {}), ...(messageId ? { messageId } : {}) });
      log.info({ channel: 'email', to, subject }, 'e-mail sent over SMTP');
    },
  };
}
