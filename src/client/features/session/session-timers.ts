import { INACTIVITY_TIMEOUT_MS, TOKEN_CHECK_INTERVAL_MS } from '../../../shared/limits';

/** What counts as activity (spec §9). */
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;

/**
 * localStorage key of the last activity in any tab (milliseconds since the epoch). Every tab shares
 * the session, so every tab's inactivity timer reads it: only inactivity in all tabs ends the session.
 */
export const LAST_ACTIVITY_KEY = 'lastActivity';

/** At most one write of the last activity per this many milliseconds (mousemove fires constantly). */
export const ACTIVITY_WRITE_INTERVAL_MS = 5_000;

/** Calls `check` every 60 s; returns the stop function. */
export function startTokenCheck(check: () => void): () => void {
  const id = setInterval(check, TOKEN_CHECK_INTERVAL_MS);
  return () => clearInterval(id);
}

/** The last activity another tab (or this one) shared; null when there is none or it is unreadable. */
function sharedLastActivity(): number | null {
  try {
    const time = Number(localStorage.getItem(LAST_ACTIVITY_KEY));
    return Number.isFinite(time) && time > 0 ? time : null;
  } catch {
    return null;
  }
}

function shareLastActivity(time: number): void {
  try {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(time));
  } catch {
    // Storage full or refused: this tab's own timer still counts its own activity.
  }
}

/**
 * Calls `onIdle` once after 10 minutes without activity in any tab; returns the stop function.
 * A session resumed on a page load (`resumed`: the stored session, the app reloaded or opened
 * again) counts from the last activity any tab shared, so 10 minutes without activity end it even
 * while the app was closed (spec §9: only a mouse move, key press, click or scroll resets them); a
 * sign-in is activity (its click or key press) and counts from now.
 * Activity records the time in memory (cheap for mousemove) and shares it in localStorage at most
 * every ACTIVITY_WRITE_INTERVAL_MS (a last write follows a burst, so the shared time is never more
 * than that behind). The single timer re-arms for whatever is left when it fires early, from the
 * later of this tab's and the shared last activity; Date.now() keeps it right after a throttled
 * background tab or a sleep, and so does activity itself: the first one after 10 idle minutes (the
 * timer not yet fired, late after a sleep) ends the session instead of resetting it.
 */
export function startInactivityTimer(onIdle: () => void, { resumed = false }: { resumed?: boolean } = {}): () => void {
  const shared = resumed ? sharedLastActivity() : null;
  let lastActivity = shared === null ? Date.now() : Math.min(shared, Date.now());
  let lastShared = lastActivity;
  let timer: ReturnType<typeof setTimeout>;
  let pendingShare: ReturnType<typeof setTimeout> | undefined;

  const share = () => {
    pendingShare = undefined;
    lastShared = lastActivity;
    shareLastActivity(lastActivity);
  };
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onIdle();
  };
  /** The later of this tab's and every other tab's last activity (a time in the future counts as now). */
  const latestActivity = () => Math.max(lastActivity, Math.min(sharedLastActivity() ?? 0, Date.now()));
  const onActivity = () => {
    // After a sleep or a frozen tab the timer fires late: a mouse move or key press that comes after
    // 10 minutes without activity ends the session (spec §9), it does not start 10 more.
    if (Date.now() - lastActivity >= INACTIVITY_TIMEOUT_MS && Date.now() - latestActivity() >= INACTIVITY_TIMEOUT_MS) {
      end();
      return;
    }
    if (ended) return;
    lastActivity = Date.now();
    if (pendingShare !== undefined) return;
    const wait = lastShared + ACTIVITY_WRITE_INTERVAL_MS - lastActivity;
    if (wait <= 0) share();
    else pendingShare = setTimeout(share, wait);
  };
  const arm = (delay: number) => {
    timer = setTimeout(() => {
      const idle = Date.now() - latestActivity();
      if (idle >= INACTIVITY_TIMEOUT_MS) end();
      else arm(INACTIVITY_TIMEOUT_MS - idle);
    }, delay);
  };

  // A sign-in (or a session with no activity shared yet) starts the 10 minutes now.
  if (shared === null) shareLastActivity(lastActivity);
  // Capture: scroll does not bubble, and a handler that stops propagation must not hide activity.
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
  arm(Math.max(0, INACTIVITY_TIMEOUT_MS - (Date.now() - latestActivity())));
  return () => {
    clearTimeout(timer);
    clearTimeout(pendingShare);
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
  };
}
