/**
 * Saved recipients (spec-next §E): GET /recipients, DELETE /recipients/{id}, and a saved NGN bank
 * account used by its id (a send or name check again without the client holding its number).
 * Recipients are saved by the sends themselves (recipients.repository: in the transaction that
 * completes each send). A full account number never leaves the server here: answers mask it.
 */
import { recipients as messages } from '../../../shared/messages';
import type { Recipient } from '../../../shared/types';
import type { Db } from '../../db/database';
import { maskAccountNumber } from '../../lib/account-number';
import { badRequest, notFound } from '../../lib/errors';
import type { Trx } from '../ledger/accounts.repository';
import { deleteRecipientOf, recipientOf, recipientsOf, type RecipientRow } from './recipients.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A recipient as answers show it: the e-mail in full, an account number masked. */
export function recipientOut(row: RecipientRow): Recipient {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    ...(row.email !== null ? { email: row.email } : {}),
    ...(row.bank_name !== null ? { bank_name: row.bank_name } : {}),
    ...(row.bank_code !== null ? { bank_code: row.bank_code } : {}),
    account_number_masked: maskAccountNumber(row.account_number),
    last_used_at: row.last_used_at.toISOString(),
  };
}

/** GET /recipients: the customer's saved recipients, newest first. */
export async function listRecipients(db: Db, userId: string): Promise<Recipient[]> {
  return (await recipientsOf(db, userId)).map(recipientOut);
}

/** The customer's recipient with this id; none of theirs (or no such id) is a 404. */
async function ownRecipient(db: Db | Trx, userId: string, id: string): Promise<RecipientRow> {
  const row = UUID.test(id) ? await recipientOf(db, userId, id) : undefined;
  if (!row) throw notFound(messages.notFound);
  return row;
}

/** DELETE /recipients/{id}: removes one of the customer's recipients; another customer's, or none, is a 404. */
export async function deleteRecipient(db: Db, userId: string, id: string): Promise<void> {
  if (!UUID.test(id) || !(await deleteRecipientOf(db, userId, id))) throw notFound(messages.notFound);
}

/** A saved Nigerian bank account: its bank (code of the bank list) and full number, for the server's own use. */
export interface SavedBankAccount {
  bankCode: string;
  accountNumber: string;
}

/**
 * The NGN bank account of the customer's saved recipient `id`, for a send or a name check by id
 * (recipient_id): 404 unless it is one of theirs of kind 'ngn_bank'; 400 unless the request names
 * the same account, by its masked or full number, at the same bank (`bankCode`, the bank the request
 * named, already resolved from either of its codes).
 */
export async function savedBankAccount(
  db: Db | Trx,
  userId: string,
  id: string,
  given: { accountNumber: string; bankCode: string },
): Promise<SavedBankAccount> {
  const row = await ownRecipient(db, userId, id);
  if (row.kind !== 'ngn_bank' || row.account_number === null || row.bank_code === null) throw notFound(messages.notFound);
  const number = given.accountNumber.trim();
  const sameNumber = number === row.account_number || number === maskAccountNumber(row.account_number);
  if (!sameNumber || given.bankCode !== row.bank_code) throw badRequest(messages.accountMismatch);
  return { bankCode: row.bank_code, accountNumber: row.account_number };
}
