import type { TransactionStatus } from '../../../shared/types';
import { useAppSelector } from '../../app/store';
import type { Outcome } from '../money/result';
import { historyApi } from './history-api';
import { isPending } from './pending-watch';

/**
 * A sent payout's outcome as now known (spec-next §C: result screens tell the truth): the send's own
 * answer while the item is pending, then what its detail says once the watch (pending-watcher.tsx,
 * which asks for the detail of a payout sent in this app until it settles) has seen it complete,
 * fail or be cancelled, with whether its money came back. A receipt left open follows it.
 */
export function useLiveOutcome<T extends Outcome>(id: string | null | undefined, answered: T | undefined): (T & { refunded?: boolean }) | undefined {
  const settled = useAppSelector((state) => {
    const detail = id ? historyApi.endpoints.getTransactionDetail.select(id)(state).data : undefined;
    return detail && !isPending(detail.status) ? { status: detail.status as TransactionStatus, refunded: detail.refunded } : undefined;
  }, (a, b) => a?.status === b?.status && a?.refunded === b?.refunded);
  if (!answered || !settled) return answered;
  return { ...answered, ...settled };
}
