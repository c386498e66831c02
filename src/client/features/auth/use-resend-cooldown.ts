import { useCallback, useEffect, useState } from 'react';
import { OTP_RESEND_COOLDOWN_MS } from '../../../shared/limits';

const SECOND = 1000;

export interface ResendCooldown {
  /** Whole seconds until a new code may be asked for; 0 once it may. */
  seconds: number;
  /** A code went out just now: the count starts again from the full cool-down. */
  restart(): void;
}

/**
 * Counts down, second by second, to the end of the server's resend cool-down
 * (OTP_RESEND_COOLDOWN_MS, the value the server refuses earlier resends with) after a code was sent
 * at `sentAt` (ms since the epoch; null: no code known to be cooling down).
 */
export function useResendCooldown(sentAt: number | null): ResendCooldown {
  const [clock, setClock] = useState(() => ({ until: sentAt === null ? 0 : sentAt + OTP_RESEND_COOLDOWN_MS, now: Date.now() }));
  const left = clock.until - clock.now;
  const seconds = left > 0 ? Math.ceil(left / SECOND) : 0;
  const running = seconds > 0;

  useEffect(() => {
    if (!running) return undefined;
    // Each second from the start of the count (a late tick, e.g. in a background tab, reads the clock anew).
    const timer = setInterval(() => setClock((current) => ({ ...current, now: Date.now() })), SECOND);
    return () => clearInterval(timer);
  }, [running, clock.until]);

  const restart = useCallback(() => {
    const now = Date.now();
    setClock({ until: now + OTP_RESEND_COOLDOWN_MS, now });
  }, []);

  return { seconds, restart };
}
