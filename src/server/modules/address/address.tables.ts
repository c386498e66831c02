/** Tables of the proof-of-address module (migration 0009). */
import type { Generated } from 'kysely';
import type { DefaultedTimestamp } from '../../db/columns';

export type ProofStatus = 'pending' | 'approved' | 'rejected';
export type DocumentType = 'application/pdf' | 'image/png' | 'image/jpeg';

/** An uploaded proof of address and its review. The document itself is never returned by a route. */
export interface AddressProofsTable {
  id: Generated<string>;
  user_id: string;
  status: ProofStatus;
  /** Why it was rejected. */
  reason: string | null;
  /** The type read from the document's first bytes. */
  content_type: DocumentType;
  size_bytes: number;
  content: Buffer;
  created_at: DefaultedTimestamp;
  /** When the simulated reviewer may decide it. */
  review_after: Date;
  decided_at: Date | null;
}

export interface AddressTables {
  address_proofs: AddressProofsTable;
}
