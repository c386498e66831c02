/** Tables of the recipients module (migration 0013). */
import type { Generated } from 'kysely';
import type { RecipientKind } from '../../../shared/types';
import type { DefaultedTimestamp } from '../../db/columns';

/** A customer's saved recipient: one per destination, saved or updated by each completed send to it. */
export interface RecipientsTable {
  id: Generated<string>;
  user_id: string;
  kind: RecipientKind;
  /** What makes it the same recipient: an Interac e-mail lower-cased, 'bank_code:account_number', a Kudi user's id. */
  destination: string;
  /** Interac: as the customer gave it; NGN bank: the verified holder; Kudi user: their legal name. */
  name: string;
  /** Interac and Kudi user. */
  email: string | null;
  /** NGN bank: the bank's code in the bank list, and its name. */
  bank_code: string | null;
  bank_name: string | null;
  /** NGN bank: the full account number; never in an answer (masked there). */
  account_number: string | null;
  created_at: DefaultedTimestamp;
  /** The time of the latest send to it. */
  last_used_at: Date;
}

export interface RecipientsTables {
  recipients: RecipientsTable;
}
