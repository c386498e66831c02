import { useMemo, useRef } from 'react';
import { isRecordedRefusalStatus } from '../../shared/idempotency';

export interface IdempotencyKeys {
  /** The Idempotency-Key for this body: the same one while the same body is sent again (a retry), else a new one. */
  keyFor(body: unknown): string;
  /** The submission went through: the next one gets a new key. */
  done(): void;
  /**
   * The submission failed: its key is dropped when the server recorded the answer under it (a
   * final refusal), so the next confirmed submission runs anew; kept when the same request may
   * simply be sent again (no answer, 401, 409 still in progress, 429, 5xx).
   */
  failed(error: unknown): void;
}

/** Whether a failed call's answer is recorded under its key: a fetchBaseQuery error with one of those statuses. */
export const isRecordedRefusal = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'status' in error && isRecordedRefusalStatus((error as { status: unknown }).status);

/**
 * One Idempotency-Key per confirmed money submission, kept and reused when it is retried (DESIGN.md):
 * a request that went through but whose answer was lost is answered again, not run twice. The
 * server records a final refusal under its key too, so after one the next submission takes a new
 * key (otherwise the same amount, confirmed again after a deposit, would get the old refusal).
 */
export function useIdempotencyKeys(): IdempotencyKeys {
  const pending = useRef<{ key: string; body: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(body) {
        const text = JSON.stringify(body);
        if (pending.current?.body !== text) pending.current = { key: crypto.randomUUID(), body: text };
        return pending.current.key;
      },
      done() {
        pending.current = null;
      },
      failed(error) {
        if (isRecordedRefusal(error)) pending.current = null;
      },
    }),
    [],
  );
}
