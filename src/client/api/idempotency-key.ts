import { useMemo, useRef } from 'react';

export interface IdempotencyKeys {
  /** The Idempotency-Key for this body: the same one while the same body is sent again (a retry), else a new one. */
  keyFor(body: unknown): string;
  /** The submission went through: the next one gets a new key. */
  done(): void;
}

/**
 * One Idempotency-Key per confirmed money submission, kept and reused when it is retried (DESIGN.md).
 * The server frees a key whose request failed, so retrying a refused body with it is safe, and a
 * request that did go through but whose answer was lost is answered again, not run twice.
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
    }),
    [],
  );
}
