import { INACTIVITY_TIMEOUT_MS, TOKEN_CHECK_INTERVAL_MS } from '../../../shared/limits';

/** What counts as activity (spec §9). */
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;

/** Calls `check` every 60 s; returns the stop function. */
export function startTokenCheck(check: () => void): () => void {
  const id = setInterval(check, TOKEN_CHECK_INTERVAL_MS);
  return () => clearInterval(id);
}

/**
 * Calls `onIdle` once after 10 minutes without activity; returns the stop function. Activity only
 * records the time (cheap for mousemove); the single timer re-arms for whatever is left when it
 * fires early, and Date.now() keeps it right after a throttled background tab or a sleep.
 */
export function startInactivityTimer(onIdle: () => void): () => void {
  let lastActivity = Date.now();
  let timer: ReturnType<typeof setTimeout>;
  const onActivity = () => {
    lastActivity = Date.now();
  };
  const arm = (delay: number) => {
    timer = setTimeout(() => {
      const idle = Date.now() - lastActivity;
      if (idle >= INACTIVITY_TIMEOUT_MS) onIdle();
      else arm(INACTIVITY_TIMEOUT_MS - idle);
    }, delay);
  };

  // Capture: scroll does not bubble, and a handler that stops propagation must not hide activity.
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
  arm(INACTIVITY_TIMEOUT_MS);
  return () => {
    clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
  };
}
