/**
 * Which database serves a read that may lag (history pages, a transaction's detail, statements):
 * the streaming replica (DATABASE_REPLICA_URL) unless it has not yet replayed the reader's own last
 * write, which then only the primary shows.
 *
 * Read-your-writes, per customer and across processes: before the answer to a customer's write
 * (any authenticated POST, PUT, PATCH or DELETE) leaves, plugins/read-routing.ts records in
 * `read_marks` (migration 0020, on the primary) the primary's WAL insert position, which is past
 * the end of everything that request committed. A read of theirs goes to the replica only when the
 * replica's replay position (`pg_last_wal_replay_lsn()`) has reached that mark: a look-up by primary
 * key on the primary and one function call on the replica, beside the read they spare the primary.
 * A customer with no mark (they wrote nothing since marks are kept) reads the replica. A replica
 * that cannot answer (down, or no longer a standby) sends every read to the primary: a read it
 * fails part-way (`read`: its connection lost, or the read cancelled by its replay) is done again
 * on the primary, and for REPLICA_REST_MS after a failure the replica is not asked at all (a
 * replica that is down costs no round trip per read; one that is back is used again after that).
 * Balances, limits, the profile, sessions and everything a write itself reads stay on the primary
 * (the routes never ask here). Writes that are not the customer's own (a deposit from the bank, a
 * payout settled by its rail) reach the replica's readers after its lag, as on any replica.
 *
 * DATABASE_REPLICA_URL names ONE standby server: the check and the read it allows must meet the
 * same replay position (a balancer over several standbys could send them to two).
 */
import { sql } from 'kysely';
import { isDatabaseUnavailable, type Db } from './database';

/** How long a process reads only on the primary after the replica failed to answer. */
export const REPLICA_REST_MS = 5_000;

export interface ReadRouting {
  /** The replica's handle, or null when every read is on the primary. */
  readonly replica: Db | null;
  /** The handle for a read of this customer's own data that may lag: the replica once it has replayed their last write. */
  forCustomer(userId: string): Promise<Db>;
  /**
   * `work` on forCustomer's choice; when that is the replica and it fails to answer (its
   * connection lost, or a read cancelled by its replay), `work` again on the primary. `work` must
   * only read (it may run twice).
   */
  read<T>(userId: string, work: (db: Db) => Promise<T>): Promise<T>;
  /** Records that this customer wrote (call after the write committed, before its answer is sent). */
  wrote(userId: string): Promise<void>;
}

/** Where a customer's mark stands on the replica: replayed, behind, or the replica cannot tell (not a standby, or unreachable). */
export type ReplicaState = 'replayed' | 'behind' | 'unknown';

/** A replica's failure to answer: the server or its connection gone, or a read its replay cancelled (40001). */
export function replicaCannotAnswer(err: unknown): boolean {
  return isDatabaseUnavailable(err) || (typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '40001');
}

export function readRouting(
  primary: Db,
  replica: Db | null,
  onUnknown: (err: unknown) => void = () => undefined,
  now: () => number = Date.now,
): ReadRouting {
  if (!replica || replica === primary) {
    return { replica: null, forCustomer: async () => primary, read: (_userId, work) => work(primary), wrote: async () => undefined };
  }
  let restUntil = 0;
  const failed = (err: unknown) => {
    restUntil = now() + REPLICA_REST_MS;
    onUnknown(err);
  };
  const forCustomer = async (userId: string): Promise<Db> => {
    if (now() < restUntil) return primary;
    const state = await replicaState(primary, replica, userId).catch((err: unknown) => {
      failed(err);
      return 'unknown' as const;
    });
    return state === 'replayed' ? replica : primary;
  };
  return {
    replica,
    forCustomer,
    async read(userId, work) {
      const db = await forCustomer(userId);
      if (db !== replica) return work(primary);
      try {
        return await work(replica);
      } catch (err) {
        if (!replicaCannotAnswer(err)) throw err;
        failed(err);
        return work(primary);
      }
    },
    async wrote(userId) {
      // greatest(): two requests of one customer may record out of order (each took its position
      // before the other committed); the mark only moves forward.
      await sql`
        insert into read_marks as m (user_id, lsn) values (${userId}::uuid, pg_current_wal_insert_lsn())
        on conflict (user_id) do update set lsn = greatest(m.lsn, excluded.lsn), at = now()`.execute(primary);
    },
  };
}

/** Whether the replica has replayed this customer's last recorded write. */
export async function replicaState(primary: Db, replica: Db, userId: string): Promise<ReplicaState> {
  const { rows: marks } = await sql<{ lsn: string }>`select lsn::text as lsn from read_marks where user_id = ${userId}::uuid`.execute(primary);
  // No mark: nothing to wait for, but the replica is still asked (it may be down, or no standby).
  const mark = marks[0]?.lsn ?? '0/0';
  // Null when the server is not a standby (promoted, or not a replica at all): it cannot say.
  const { rows } = await sql<{ replayed: boolean | null }>`select pg_last_wal_replay_lsn() >= ${mark}::pg_lsn as replayed`.execute(replica);
  const replayed = rows[0]?.replayed;
  return replayed === true ? 'replayed' : replayed === false ? 'behind' : 'unknown';
}
