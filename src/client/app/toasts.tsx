// The toast rules (issue 16: toasts piled up and stale ones stayed after navigation):
// - one toast per event: a toast with the text of one on screen replaces it instead of stacking
//   under it (a screen toast, below, is not even repeated while it shows);
// - at most MAX_SHOWN toasts at once: a new one pushes the oldest out (none waits in a queue,
//   where it would go stale);
// - a route change clears the toasts about the screen left behind (a load failure, a live check),
//   never one that reports the result of what the customer just did (a payment, a sign-in, the
//   session's end), which may well be what moved them to the new route.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Id, ToastOptions } from 'react-toastify';
import { toast, useToastify } from '../ui';

interface ToastData {
  /** About the screen it appeared on (cleared when the customer leaves it), not a result. */
  screen?: boolean;
}

const MAX_SHOWN = 3;

interface Shown {
  /** The text, which names the event: the same text is the same event. */
  event: unknown;
  /** About its screen: cleared on a route change. */
  screen: boolean;
}

/** The toasts on screen (shown, not dismissed), oldest first. */
const shown = new Map<Id, Shown>();

/** Counts route changes: a screen toast's id carries it, so the next screen may say the same again. */
let visit = 0;

/**
 * The options of a toast about the screen on show rather than about what the customer did: a
 * failed load, a live check's answer, a warning while typing. `event` names it (e.g. its text):
 * while that toast shows, the same event is not toasted again; a route change clears it.
 */
export function screenToast(event: string): ToastOptions<ToastData> {
  return { toastId: `${event}@${visit}`, data: { screen: true } };
}

/**
 * The toast outlet with its rules (see the top of this file); rendered once, around the router.
 * react-toastify loads with the first toast (ui/toast.ts): until then the outlet renders nothing,
 * and its container mounts only once the rules listen, so the toasts asked for meanwhile (which
 * react-toastify holds until a container mounts) go through them too.
 */
export function ToastOutlet() {
  const toastify = useToastify();
  const [listening, setListening] = useState(false);
  useEffect(() => {
    if (!toastify) return undefined;
    const unsubscribe = toastify.toast.onChange(({ id, status, content, data }) => {
      if (status === 'removed') {
        shown.delete(id);
        return;
      }
      const event = typeof content === 'string' ? content : id;
      if (status === 'added') {
        const others = [...shown].filter(([other]) => other !== id);
        for (const [other, toasted] of others) if (toasted.event === event) toast.dismiss(other);
        const left = others.filter(([, toasted]) => toasted.event !== event);
        for (const [other] of left.slice(0, Math.max(0, left.length - (MAX_SHOWN - 1)))) toast.dismiss(other);
      }
      shown.set(id, { event, screen: Boolean((data as ToastData | undefined)?.screen) });
    });
    setListening(true);
    return () => {
      unsubscribe();
      shown.clear();
      setListening(false);
    };
  }, [toastify]);
  if (!toastify || !listening) return null;
  return <toastify.ToastContainer position="top-right" autoClose={5000} />;
}

/**
 * Rendered once inside the router: on a route change (path or query), the screen toasts of the
 * route left are dismissed. A layout effect, so it runs before the new screen's own effects toast.
 */
export function ToastsClearedOnNavigation(): null {
  const { pathname, search } = useLocation();
  const route = pathname + search;
  const previous = useRef(route);
  useLayoutEffect(() => {
    if (previous.current === route) return;
    previous.current = route;
    visit += 1;
    for (const [id, { screen }] of shown) if (screen) toast.dismiss(id);
  }, [route]);
  return null;
}
