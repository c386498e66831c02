/**
 * Proof of address (spec-next §B): a customer who may move money (Basic) uploads one document
 * (PDF, PNG or JPEG by its content, at most 5 MB); a reviewer approves or rejects it; an approval
 * (and only an approval) raises the customer to Plus and is announced by e-mail (a notification
 * recorded with the approval, sent by the notifications job). Documents stay in their own table
 * and are never returned.
 */
import { PROOF_OF_ADDRESS_MAX_BYTES } from '../../../shared/limits';
import { server, tierLimits } from '../../../shared/messages';
import type { ProofOfAddress } from '../../../shared/types';
import type { Db } from '../../db/database';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors';
import { isFullyVerified } from '../auth/user.dto';
import { lockUser } from '../auth/users.repository';
import type { TierLimitTable } from '../limits/tiers';
import { notifyProofRejected, notifyTierPlus } from '../notifications/notify';
import { insertProof, latestProof, lockPendingProof, recordDecision } from './address.repository';
import { documentTypeOf } from './document-type';

export interface AddressDeps {
  db: Db;
  config: { addressReviewMs: number; limits: TierLimitTable };
}

/** Checks the document (not empty, at most 5 MB, PDF/PNG/JPEG by content) and files it for review. */
export async function uploadProof(deps: AddressDeps, userId: string, content: Buffer): Promise<void> {
  if (content.length === 0) throw badRequest(tierLimits.proofEmpty);
  if (content.length > PROOF_OF_ADDRESS_MAX_BYTES) throw badRequest(tierLimits.proofTooLarge);
  const contentType = documentTypeOf(content);
  if (!contentType) throw badRequest(tierLimits.proofWrongType);
  await deps.db.transaction().execute(async (trx) => {
    // The customer's row, locked: two uploads at once file one document.
    const user = await lockUser(trx, userId);
    if (!user) throw unauthorized();
    if (!isFullyVerified(user)) throw forbidden(server.verificationRequired);
    const latest = await latestProof(trx, userId);
    if (latest?.status === 'pending') throw conflict(tierLimits.proofPending);
    if (latest?.status === 'approved' || user.tier === 'Plus') throw conflict(tierLimits.proofApproved);
    await insertProof(trx, { userId, contentType, content, reviewAfterMs: deps.config.addressReviewMs });
  });
}

/** GET /verification/proof-of-address: the newest document's review ('none' before any). */
export async function proofStatus(db: Db, userId: string): Promise<ProofOfAddress> {
  const latest = await latestProof(db, userId);
  if (!latest) return { status: 'none' };
  return latest.status === 'rejected' ? { status: 'rejected', reason: latest.reason ?? tierLimits.proofRejectedDefault } : { status: latest.status };
}

export type ProofDecision = 'approve' | 'reject';

/**
 * Decides the proof waiting for review (the customer's, or the one with that id): approval
 * raises the customer to Plus and records their e-mail in the same transaction (the
 * notifications job sends it once that committed; a mail adapter failing cannot fail the
 * decision). Answers the new review, or null when nothing was waiting (already decided, or never
 * uploaded).
 */
export async function decideProof(
  deps: AddressDeps,
  which: { userId: string } | { proofId: string },
  decision: ProofDecision,
  reason?: string,
): Promise<ProofOfAddress | null> {
  return deps.db.transaction().execute(async (trx): Promise<ProofOfAddress | null> => {
    const proof = await lockPendingProof(trx, which);
    if (!proof) return null;
    if (decision === 'reject') {
      const why = reason?.trim() || tierLimits.proofRejectedDefault;
      await recordDecision(trx, proof.id, 'rejected', why);
      await notifyProofRejected(trx, proof.user_id, proof.id, why);
      return { status: 'rejected', reason: why };
    }
    await recordDecision(trx, proof.id, 'approved', null);
    await trx.updateTable('users').set({ tier: 'Plus' }).where('id', '=', proof.user_id).execute();
    await notifyTierPlus(trx, proof.user_id, proof.id, deps.config.limits.Plus);
    return { status: 'approved' };
  });
}
