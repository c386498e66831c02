/**
 * The one-statement transfers (user-transfer.one-statement.ts) that arrive together, run as
 * batches: one statement for many transfers, so that the statement's fixed work (starting its
 * plan, opening the tables and their indexes, the commit) is paid once per batch, not once per
 * payment.
 *
 * A transfer waits at most until the next turn of the event loop: while fewer than IN_FLIGHT
 * batches run, the ones waiting start one at once. Under load, those that arrive while the
 * batches run wait for one to end and go together in the next (at most MAX_BATCH), the oldest
 * first. A batch holds transfers of one statement shape, and never two with one sender's
 * Idempotency-Key (the later one waits for the next batch, where it finds the key used). A batch
 * whose statement is refused (a deadlock, a key written meanwhile, a figure out of range: nothing
 * written) runs each of its transfers again on its own, so each gets its own outcome; a transfer
 * alone answers null for those errors (the checked path decides). Any other error (a connection
 * lost, perhaps after the commit) is every transfer's of the batch, and none is run again.
 */
import type { Db } from '../../db/database';
import { RETRY_CHECKED, statementShape, transfersInOneStatement, type OneStatementTransfer } from './user-transfer.one-statement';
import type { UserTransferResult } from './user-transfer.types';

/** The most transfers in one statement. */
export const MAX_BATCH = 64;
/** Batches running at once on one database handle (each holds one connection while it runs). */
export const IN_FLIGHT = 2;

interface Waiting {
  transfer: OneStatementTransfer;
  seq: number;
  /** Runs in a batch of its own (after its batch failed). */
  alone: boolean;
  resolve(result: UserTransferResult | null): void;
  reject(err: unknown): void;
}

class Batches {
  private readonly queues = new Map<string, Waiting[]>();
  private running = 0;
  private scheduled = false;
  private seq = 0;

  constructor(private readonly db: Db) {}

  run(transfer: OneStatementTransfer): Promise<UserTransferResult | null> {
    return new Promise((resolve, reject) => {
      this.queueOf(statementShape(transfer)).push({ transfer, seq: this.seq++, alone: false, resolve, reject });
      this.schedule();
    });
  }

  private queueOf(shape: string): Waiting[] {
    let queue = this.queues.get(shape);
    if (!queue) this.queues.set(shape, (queue = []));
    return queue;
  }

  private schedule(): void {
    if (this.scheduled || this.running >= IN_FLIGHT) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.running < IN_FLIGHT) {
        const batch = this.take();
        if (batch.length === 0) return;
        this.running += 1;
        void this.runBatch(batch).finally(() => {
          this.running -= 1;
          this.schedule();
        });
      }
    });
  }

  /** The next batch: from the queue whose first transfer waited longest, in their order, one per sender's key. */
  private take(): Waiting[] {
    let queue: Waiting[] | undefined;
    for (const q of this.queues.values()) {
      const head = q[0];
      if (head && (!queue || head.seq < (queue[0] as Waiting).seq)) queue = q;
    }
    if (!queue) return [];
    if ((queue[0] as Waiting).alone) return queue.splice(0, 1);
    const keys = new Set<string>();
    const batch: Waiting[] = [];
    const left: Waiting[] = [];
    for (const w of queue) {
      const key = w.transfer.keyed ? JSON.stringify([w.transfer.keyed.row.userId, w.transfer.keyed.row.key]) : null;
      if (w.alone || batch.length >= MAX_BATCH || (key !== null && keys.has(key))) {
        left.push(w);
        continue;
      }
      batch.push(w);
      if (key !== null) keys.add(key);
    }
    queue.splice(0, queue.length, ...left);
    return batch;
  }

  private async runBatch(batch: Waiting[]): Promise<void> {
    let result;
    try {
      result = await transfersInOneStatement(this.db, batch.map((w) => w.transfer));
    } catch (err) {
      const refused = RETRY_CHECKED.has((err as { code?: string }).code ?? '');
      if (refused && batch.length > 1) {
        // The statement was refused, so nothing was written: each again on its own, first in its
        // queue, so each gets its own outcome.
        this.requeue(batch.map((w) => ({ ...w, alone: true })));
      } else if (refused) {
        (batch[0] as Waiting).resolve(null);
      } else {
        // Any other error (a connection lost, the database gone) may have come after the commit:
        // nothing is run again, each request fails as a lone statement would.
        for (const w of batch) w.reject(err);
      }
      return;
    }
    batch.forEach((w, i) => w.resolve(result[i] ?? null));
  }

  /** Puts transfers back at the front of their queues, in their order. */
  private requeue(waiting: Waiting[]): void {
    for (const w of [...waiting].reverse()) this.queueOf(statementShape(w.transfer)).unshift(w);
  }
}

const batchesOf = new WeakMap<Db, Batches>();

/**
 * Runs the transfer in one statement, in a batch with others that arrive with it; answers its
 * result, or null when it is not a case the statement recognises (nothing was written: the
 * checked path decides). A transfer with a fee is never such a case.
 */
export function transferInOneStatement(db: Db, transfer: OneStatementTransfer): Promise<UserTransferResult | null> {
  if (transfer.order.fee !== 0n) return Promise.resolve(null);
  let batches = batchesOf.get(db);
  if (!batches) batchesOf.set(db, (batches = new Batches(db)));
  return batches.run(transfer);
}
