import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from '../ledger/accounts.repository';
import type { AddressProofsTable, DocumentType, ProofStatus } from './address.tables';

/** A proof's review, without the document. */
export type ProofReview = Pick<Selectable<AddressProofsTable>, 'id' | 'user_id' | 'status' | 'reason' | 'created_at'>;

const REVIEW_COLUMNS = ['id', 'user_id', 'status', 'reason', 'created_at'] as const;

/** The customer's newest proof of address (its review only). */
export async function latestProof(db: Db | Trx, userId: string): Promise<ProofReview | undefined> {
  return db
    .selectFrom('address_proofs')
    .select(REVIEW_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertProof(
  trx: Trx,
  proof: { userId: string; contentType: DocumentType; content: Buffer; reviewAfterMs: number },
): Promise<void> {
  await trx
    .insertInto('address_proofs')
    .values({
      user_id: proof.userId,
      status: 'pending',
      content_type: proof.contentType,
      size_bytes: proof.content.length,
      content: proof.content,
      review_after: sql<Date>`now() + ${proof.reviewAfterMs} * interval '1 millisecond'`,
    })
    .execute();
}

/** The customer's proof waiting for review, locked for its decision. */
export async function lockPendingProof(trx: Trx, where: { userId: string } | { proofId: string }): Promise<ProofReview | undefined> {
  let query = trx.selectFrom('address_proofs').select(REVIEW_COLUMNS).where('status', '=', 'pending');
  query = 'userId' in where ? query.where('user_id', '=', where.userId) : query.where('id', '=', where.proofId);
  return query.forUpdate().executeTakeFirst();
}

export async function recordDecision(trx: Trx, proofId: string, status: Exclude<ProofStatus, 'pending'>, reason: string | null): Promise<void> {
  await trx.updateTable('address_proofs').set({ status, reason, decided_at: sql<Date>`now()` }).where('id', '=', proofId).execute();
}

/** Proofs the simulated reviewer may decide now, oldest first (another process's are skipped). */
export async function dueProofs(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('address_proofs')
    .select('id')
    .where('status', '=', 'pending')
    .where('review_after', '<=', sql<Date>`now()`)
    .orderBy('review_after')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
