import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from './accounts.repository';
import type { IdempotencyKeysTable } from './ledger.tables';

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

/** Keys live 24 hours: one created before this is expired (claimKey drops a customer's, the sweep everyone's). */
export const KEY_EXPIRED = sql<Date>`now() - interval '24 hours'`;
/**
 * A claim still running after its lease (IDEMPOTENCY_LEASE_MS) counts as abandoned: its process
 * died, so its money transaction never committed. If it did not die and only ran long, taking the
 * key over is still safe: its answer is recorded in its money transaction only while the claim is
 * still its own (completeKey), so that transaction then fails and moves nothing.
 */
const abandonedBefore = (leaseMs: number) => sql<Date>`now() - ${leaseMs}::int * interval '1 millisecond'`;

interface Claim {
  userId: string;
  key: string;
  requestHash: string;
  claim: string;
}

/** The row a request done in one statement writes under its key: its claim, 'done', with the answer's status. */
export type KeyAnswerRow = Claim & { status: number };

/**
 * Claims a key for a request (autocommitted, before the money transaction starts). A new key,
 * an expired one, or a claim of the same request older than `leaseMs` (abandoned) is taken;
 * anything else is left as it is for the caller to read. Also drops the user's expired keys.
 */
export async function claimKey(db: Db, c: Claim, leaseMs: number): Promise<boolean> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', c.userId).where('created_at', '<', KEY_EXPIRED).execute();
  const row = await db
    .insertInto('idempotency_keys')
    .values({ user_id: c.userId, key: c.key, request_hash: c.requestHash, claim: c.claim, status: 'in_progress' })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'key'])
        .doUpdateSet({ claim: c.claim, created_at: sql<Date>`now()` })
        .where((eb) =>
          eb.and([
            eb('idempotency_keys.status', '=', 'in_progress'),
            eb('idempotency_keys.request_hash', '=', c.requestHash),
            eb('idempotency_keys.created_at', '<', abandonedBefore(leaseMs)),
          ]),
        ),
    )
    .returning('claim')
    .executeTakeFirst();
  return row?.claim === c.claim;
}

export async function findKey(db: Db, userId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

/**
 * Records the answer: a success in the request's own money transaction, a final refusal on the
 * root database after that transaction ended. False when the claim was lost.
 */
export async function completeKey(
  trx: Db | Trx,
  c: Omit<Claim, 'requestHash'> & { status: number; body: unknown },
): Promise<boolean> {
  const result = await trx
    .updateTable('idempotency_keys')
    .set({ status: 'done', response_status: c.status, response_body: JSON.stringify(c.body) })
    .where('user_id', '=', c.userId)
    .where('key', '=', c.key)
    .where('claim', '=', c.claim)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Frees the key of a request that failed (its transaction rolled back), so a retry can run. */
export async function releaseKey(db: Db, c: Omit<Claim, 'requestHash'>): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', c.userId)
    .where('key', '=', c.key)
    .where('claim', '=', c.claim)
    .where('status', '=', 'in_progress')
    .execute();
}

/**
 * For a request done in ONE statement (plugins/idempotency.ts OneStatement), as parts of that
 * statement. `keyUnused`: a condition, true when the user has no row under the key at all (a used,
 * running, abandoned or expired key is the usual path's to decide). The statement's own snapshot
 * cannot see a key being written by a request still running: its insert (`keyAnswered`) then
 * fails on the primary key once that request commits, the statement writes nothing, and the
 * usual path decides.
 */
export const keyUnused = (c: Pick<KeyColumns, 'userId' | 'key'>) =>
  sql<boolean>`not exists (select 1 from idempotency_keys k where k.user_id = ${c.userId} and k.key = ${c.key})`;

/** A KeyAnswerRow as the columns of a statement's input row (keyColumnValues gives their values). */
export interface KeyColumns {
  userId: RawBuilder<unknown>;
  key: RawBuilder<unknown>;
  requestHash: RawBuilder<unknown>;
  claim: RawBuilder<unknown>;
  status: RawBuilder<unknown>;
}

/** The values of KeyColumns for a key's row. */
export const keyColumnValues = (c: KeyAnswerRow) => ({
  key_user: c.userId,
  key: c.key,
  request_hash: c.requestHash,
  claim: c.claim,
  status: c.status,
});

/**
 * The key's row, done, with its answer `body` (jsonb), inserted once per row of `from` (the
 * statement's written transfers, with the columns of `c`); and those users' expired keys dropped
 * as claimKey drops them. Two CTEs (`name` and `name_expired`) for the statement's WITH list.
 */
export const keyAnswered = (name: string, c: KeyColumns, from: RawBuilder<unknown>, body: RawBuilder<unknown>) => sql`
  ${sql.raw(name)}_expired as (
    delete from idempotency_keys k where k.created_at < ${KEY_EXPIRED} and k.user_id in (select ${c.userId} from ${from})
  ),
  ${sql.raw(name)} as (
    insert into idempotency_keys (user_id, key, request_hash, claim, status, response_status, response_body)
    select ${c.userId}, ${c.key}, ${c.requestHash}, ${c.claim}, 'done', ${c.status}, ${body} from ${from}
    returning 1
  )`;
