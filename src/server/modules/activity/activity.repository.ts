/** SQL of a transaction's detail beyond its history line: its fee and the other customer of a user transfer. */
import type { Db } from '../../db/database';
import type { Trx } from '../ledger/accounts.repository';

/** The fee charged for a transfer (its linked 'fee' transfers, whatever became of them), minor units. */
export async function feeOf(db: Db | Trx, transferId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('amount'), eb.val(0n)).as('fee'))
    .where('linked_id', '=', transferId)
    .where('kind', '=', 'fee')
    .executeTakeFirstOrThrow();
  return BigInt(row.fee);
}

/** The customer who holds a ledger account: their name and e-mail (undefined: a system account). */
export async function holderOf(db: Db | Trx, accountId: bigint): Promise<{ name: string; email: string } | undefined> {
  const row = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.first_name', 'u.last_name', 'u.email'])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
  return row && { name: `${row.first_name} ${row.last_name}`, email: row.email };
}
