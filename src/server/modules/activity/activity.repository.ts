/** SQL of a transaction's detail beyond its history line: its fee, the other customer of a user transfer, a conversion's other leg. */
import type { Currency } from '../../../shared/types';
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

/** A conversion's other leg (the money that arrived, or the money that left): its amount and currency. */
export async function otherConversionLeg(
  db: Db | Trx,
  leg: { id: bigint; linked_id: bigint | null },
): Promise<{ amount: bigint; currency: Currency } | undefined> {
  const legs = db.selectFrom('ledger_transfers').select(['amount', 'currency']).where('kind', '=', 'conversion');
  // The leg that left is the first; the one that arrived is linked to it.
  return (leg.linked_id === null ? legs.where('linked_id', '=', leg.id) : legs.where('id', '=', leg.linked_id)).executeTakeFirst();
}
