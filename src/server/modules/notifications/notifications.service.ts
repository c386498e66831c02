/**
 * Sending the notifications (spec-next §D). An event records its notification in its own
 * transaction (notify.ts); this pass, run by the notifications job (plugins/notifications.ts) or
 * by a test, sends what is due through the mail adapter. So an e-mail goes out only after its
 * event committed, and a crash between the commit and the send loses nothing: the row waits.
 *
 * Exactly once: a pass claims due rows with a lease (FOR UPDATE SKIP LOCKED, `send_after` pushed
 * forward), so two processes never send the same row at the same time; `sent_at` is set after
 * the adapter took the message. A crash after the send and before `sent_at` sends the row again
 * when its lease lapses, with the same message id (`<notification.<id>.<created ms>@host>`): the
 * outbox keeps one message per id, and SMTP carries it as the Message-ID header.
 */
import type { Adapters } from '../../adapters/types';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import {
  addresseeOf,
  claimDueNotifications,
  giveUp,
  markSent,
  releaseClaims,
  retryLater,
  transferFacts,
  type NotificationRow,
} from './notifications.repository';
import type { NotificationKind, NotificationPayloads } from './notify';
import { isTransferKind, renderNotification, type NotificationFacts } from './templates';
import { retryBackoffMs } from '../../lib/backoff';

/** What the pass needs; the app itself fits (app.db, app.config, app.adapters, app.log). */
export interface NotificationDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  adapters: Pick<Adapters, 'email'>;
  log?: { warn(details: object, message: string): void };
}

/** How many rows a pass claims at a time. */
const BATCH = 25;
/** A claimed row whose sending did not finish comes due again after this long. */
export const LEASE_MS = 30_000;
/** Attempts before a notification is given up (failed_at; `npm run jobs -- retry notification <id>`): about 17 hours of retries. */
export const MAX_ATTEMPTS = 20;

/** The message id of a notification: the same for every attempt to send it. */
export function messageIdOf(row: Pick<NotificationRow, 'id' | 'created_at'>, publicUrl: string): string {
  let host = 'kudi.localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // The default host.
  }
  return `<notification.${row.id}.${row.created_at.getTime()}@${host}>`;
}

/** What the row's template needs, read now; undefined when the customer or transfer is gone. */
async function factsOf(db: Db, row: NotificationRow): Promise<NotificationFacts | undefined> {
  const addressee = await addresseeOf(db, row.user_id);
  if (!addressee) return undefined;
  const kind = row.kind as NotificationKind;
  if (isTransferKind(kind)) {
    const { transfer_id: transferId } = row.payload as unknown as NotificationPayloads['money_sent'];
    const transfer = await transferFacts(db, BigInt(transferId));
    return transfer && { kind, addressee, transfer };
  }
  return { kind, addressee, payload: row.payload } as NotificationFacts;
}

/** Sends one claimed notification; answers whether it was sent (or had nothing left to send). */
async function sendOne(deps: NotificationDeps, row: NotificationRow): Promise<void> {
  const facts = await factsOf(deps.db, row);
  if (facts) {
    const email = renderNotification(facts, { publicUrl: deps.config.publicUrl });
    await deps.adapters.email.send({
      to: facts.addressee.email,
      subject: email.subject,
      body: email.text,
      html: email.html,
      messageId: messageIdOf(row, deps.config.publicUrl),
    });
  }
  // A customer or transfer that no longer exists has nobody or nothing to tell about: done too.
  await markSent(deps.db, row.id);
}

/**
 * One sending pass: sends every notification that is due, a batch at a time; answers how many it
 * sent. One whose sending fails is logged and tried again later (30 s, doubling, at most an hour
 * apart), and given up after MAX_ATTEMPTS (listed by `npm run jobs`). When `stopping()` turns true (the app is closing), the pass ends and hands back what it
 * claimed and did not send, due at once for the next process.
 */
export async function sendDueNotifications(deps: NotificationDeps, stopping: () => boolean = () => false): Promise<number> {
  let sent = 0;
  for (;;) {
    if (stopping()) return sent;
    const due = await claimDueNotifications(deps.db, BATCH, LEASE_MS);
    for (const [index, row] of due.entries()) {
      if (stopping()) {
        await releaseClaims(deps.db, due.slice(index).map((r) => r.id));
        return sent;
      }
      try {
        await sendOne(deps, row);
        sent += 1;
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        if (row.attempts >= MAX_ATTEMPTS) {
          deps.log?.warn({ err, notification: row.id, kind: row.kind }, 'notification not sent after its last attempt; given up');
          await giveUp(deps.db, row.id, error);
        } else {
          deps.log?.warn({ err, notification: row.id, kind: row.kind }, 'notification not sent; it will be retried');
          await retryLater(deps.db, row.id, retryBackoffMs(row.attempts), error);
        }
      }
    }
    if (due.length < BATCH) return sent;
  }
}
